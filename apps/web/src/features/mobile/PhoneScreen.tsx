import { useId, useRef, useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import type { PushDecision, PushRequest } from '@anybank/contracts';
import { PHONE_CANNOT_SIGN_MESSAGE, decidePushRequest } from '../../lib/phone-api';
import type { PhoneAnswer } from '../../lib/phone-api';
import { phoneKey } from '../../lib/phone-key';
import type { PhoneIdentity } from '../../lib/phone-key';
import { usePushRequests } from '../../lib/use-push-requests';
import { PushRequestCard } from './PushRequestCard';
import { secondsLeft } from './time-left';
import { useNow } from './use-now';

const DECISION_DONE: Record<PushDecision, string> = { approve: 'Approved', deny: 'Denied' };

type Feedback = { kind: 'done' | 'failed'; text: string } | null;

interface PhoneScreenProps {
  phone: PhoneIdentity;
  /** The server no longer takes this phone's key for its device (401 on listing). */
  onNotActivated: (message: string) => void;
}

/** The activated app: the device's pending requests, polled, each with Approve and Deny. */
export function PhoneScreen({ phone, onNotActivated }: PhoneScreenProps) {
  const headingId = useId();
  const requestsHeadingRef = useRef<HTMLHeadingElement>(null);
  const state = usePushRequests(phone.deviceId, { onNotActivated });
  const now = useNow(1000);
  // Answered here (or gone on the server): hidden at once, before the next poll says so.
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);

  const settle = (requestId: string) => setSettled((before) => new Set(before).add(requestId));

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
      setFeedback({ kind: 'done', text: `${DECISION_DONE[decision]}: ${request.context.title}` });
      // The buttons that had the focus are gone: keep keyboard users in the list.
      requestsHeadingRef.current?.focus();
      return;
    }
    // Unknown, or answered elsewhere or expired: it will not come back.
    if (answer.status === 404 || answer.status === 409) settle(request.id);
    setFeedback({ kind: 'failed', text: answer.message });
  };

  const requests =
    state.status === 'ready' ? state.requests.filter((request) => !settled.has(request.id)) : [];

  return (
    <section className="phone-frame mx-auto" aria-labelledby={headingId}>
      <div className="phone-screen">
        <div className="phone-notch" aria-hidden="true" />
        <h2 id={headingId} className="h4 mb-0">
          {phone.firstName}&apos;s {phone.deviceName}
        </h2>
        <p className="small text-body-secondary mb-3">Activated for {phone.username}</p>

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

        <h3 ref={requestsHeadingRef} tabIndex={-1} className="h6 text-uppercase mt-2">
          Requests
        </h3>
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
          <p className="text-body-secondary">
            Nothing waits for your answer. When you choose this phone to sign in, or a transfer
            needs your approval, the request shows up here.
          </p>
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

        <div className="border-top pt-3 mt-4">
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => setConfirmingDeactivation(true)}
          >
            Deactivate this phone
          </Button>
        </div>
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
