import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import type { PushDecision, PushRequest } from '@anybank/contracts';
import { PHONE_CANNOT_SIGN_MESSAGE, decidePushRequest } from '../../lib/phone-api';
import type { PhoneAnswer } from '../../lib/phone-api';
import { phoneKey } from '../../lib/phone-key';
import type { PhoneIdentity } from '../../lib/phone-key';
import { usePushRequests } from '../../lib/use-push-requests';
import { newArrivals, ringAndVibrate, showAppBadge } from './arrival-alert';
import { decisionOn } from './decision-history';
import { DecisionHistory } from './DecisionHistory';
import { PushRequestCard } from './PushRequestCard';
import { useDecisionHistory } from './use-decision-history';
import { secondsLeft } from './time-left';
import { useNow } from './use-now';

const DECISION_DONE: Record<PushDecision, string> = { approve: 'Approved', deny: 'Denied' };

type Feedback = { kind: 'done' | 'failed'; text: string } | null;

interface PhoneScreenProps {
  phone: PhoneIdentity;
  /** The server no longer takes this phone's key for its device (401 on listing). */
  onNotActivated: (message: string) => void;
}

const words = messages.phoneApp;

/**
 * The activated app: a lock screen with the device's pending requests as notifications
 * (polled; a new one chimes, buzzes and is announced), each with Approve and Deny, then the
 * phone's record of past decisions.
 */
export function PhoneScreen({ phone, onNotActivated }: PhoneScreenProps) {
  const headingId = useId();
  const requestsHeadingRef = useRef<HTMLHeadingElement>(null);
  const state = usePushRequests(phone.deviceId, { onNotActivated });
  const history = useDecisionHistory(phone.deviceId);
  const now = useNow(1000);
  // Answered here (or gone on the server): hidden at once, before the next poll says so.
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [announcement, setAnnouncement] = useState('');
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);
  // The ids of the last listing: a request not among them has just arrived.
  const seenRef = useRef<ReadonlySet<string> | null>(null);

  const settle = (requestId: string) => setSettled((before) => new Set(before).add(requestId));

  const requests =
    state.status === 'ready' ? state.requests.filter((request) => !settled.has(request.id)) : [];
  const listing = state.status === 'ready' ? state : null;

  useEffect(() => {
    if (listing === null) return;
    const arrivals = newArrivals(seenRef.current, listing.requests);
    seenRef.current = new Set(listing.requests.map((request) => request.id));
    if (arrivals.length === 0) return;
    ringAndVibrate();
    setAnnouncement(arrivals.map((request) => words.arrived(request.context.title)).join(' '));
  }, [listing]);

  useEffect(() => {
    showAppBadge(requests.length);
  }, [requests.length]);
  useEffect(() => () => showAppBadge(0), []);

  const decide = async (request: PushRequest, decision: PushDecision) => {
    setBusyId(request.id);
    setFeedback(null);
    let answer: PhoneAnswer<null>;
    try {
      answer = await decidePushRequest(phone.deviceId, request.id, decision);
    } catch (error) {
      console.error('Could not sign the decision', error);
      answer = { ok: false, status: 0, message: PHONE_CANNOT_SIGN_MESSAGE };
    }
    setBusyId(null);
    if (answer.ok) {
      settle(request.id);
      history.record(decisionOn(request, decision, new Date()));
      setFeedback({ kind: 'done', text: `${DECISION_DONE[decision]}: ${request.context.title}` });
      // The buttons that had the focus are gone: keep keyboard users in the list.
      requestsHeadingRef.current?.focus();
      return;
    }
    // Unknown, or answered elsewhere or expired: it will not come back.
    if (answer.status === 404 || answer.status === 409) settle(request.id);
    setFeedback({ kind: 'failed', text: answer.message });
  };

  return (
    <section className="phone-app" aria-labelledby={headingId}>
      <div className="phone-lock-screen" aria-label={words.lockScreenLabel} role="group">
        <LockScreenClock nowMs={now} />
        <h2 id={headingId} className="h6 mb-0">
          {phone.firstName}&apos;s {phone.deviceName}
        </h2>
        <p className="small mb-3">Activated for {phone.username}</p>

        <div role="status" aria-atomic="true">
          {feedback?.kind === 'done' && (
            <div className="alert alert-success py-2">{feedback.text}</div>
          )}
        </div>
        <div role="alert" aria-atomic="true">
          {feedback?.kind === 'failed' && (
            <div className="alert alert-danger py-2">{feedback.text}</div>
          )}
        </div>
        {/* A request that arrives is announced here (not role=status: that one is the answers'). */}
        <div className="visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </div>

        <div className="d-flex align-items-center gap-2 mt-2 mb-2">
          <h3 ref={requestsHeadingRef} tabIndex={-1} className="h6 text-uppercase mb-0">
            {words.notificationsHeading}
          </h3>
          {requests.length > 0 && (
            <span className="badge rounded-pill text-bg-danger phone-badge">
              {requests.length}
              <span className="visually-hidden"> {words.waiting(requests.length)}</span>
            </span>
          )}
        </div>
        {state.status === 'loading' && (
          <p className="d-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Checking for requests…
          </p>
        )}
        {state.status === 'failed' && (
          <Alert variant="warning" className="py-2">
            Could not check for requests ({state.message}). Trying again…
          </Alert>
        )}
        {state.status === 'ready' && requests.length === 0 && (
          <p className="phone-lock-empty small mb-0">{words.nothingWaiting}</p>
        )}
        {requests.map((request) => (
          <PushRequestCard
            key={request.id}
            request={request}
            secondsLeft={secondsLeft(request.expiresAt, now)}
            nowMs={now}
            busy={busyId === request.id}
            onDecide={(decision) => void decide(request, decision)}
          />
        ))}
      </div>

      <DecisionHistory decisions={history.decisions} nowMs={now} onClear={history.clear} />

      <div className="border-top pt-3 mt-4">
        <Button variant="outline-danger" size="sm" onClick={() => setConfirmingDeactivation(true)}>
          Deactivate this phone
        </Button>
      </div>

      <DeactivateDialog
        show={confirmingDeactivation}
        onCancel={() => setConfirmingDeactivation(false)}
        onConfirm={() => {
          setConfirmingDeactivation(false);
          phoneKey.forget();
        }}
      />
    </section>
  );
}

/** The lock screen's clock and date, as a phone shows them. */
function LockScreenClock({ nowMs }: { nowMs: number }) {
  const now = new Date(nowMs);
  return (
    <p className="phone-lock-clock mb-2">
      <time dateTime={now.toISOString()}>
        <span className="phone-lock-time">
          {now.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
        </span>
        <span className="phone-lock-date">
          {now.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' })}
        </span>
      </time>
    </p>
  );
}

function DeactivateDialog({
  show,
  onCancel,
  onConfirm,
}: {
  show: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <Modal.Header closeButton closeLabel="Cancel">
        <Modal.Title as="h2" id={titleId} className="h5">
          Deactivate this phone?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          This browser forgets the app&apos;s key and stops receiving requests. To answer them here
          again, activate the app again with your password and a code sent to your e-mail.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          Deactivate
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
