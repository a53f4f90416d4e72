import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { HELP_DESK_POLL_MS, type HelpDeskSession } from '@anybank/contracts';
import { WINDOW_TIMERS, startPolling } from '../../lib/polling';
import { callHelpDesk, type HelpDeskStepBody } from './help-desk-api';
import {
  deviceLabel,
  errorText,
  isUnderWay,
  isWaitingForCustomer,
  signInSummary,
  statusText,
  stepOf,
  type DialogStep,
  type HelpDeskOutcome,
} from './help-desk-rules';

const STEP_HEADINGS: Record<DialogStep, (session: HelpDeskSession | null) => string> = {
  lookup: () => 'Find the customer',
  verifying: () => 'Verify the customer',
  verified: (session) => `Help ${session?.customer.firstName ?? 'the customer'}`,
  done: () => 'Done',
  failed: () => 'Not completed',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

interface FieldError {
  field: string;
  message: string;
}

/**
 * Asks the bank every few seconds whether the customer has answered, while the dialog waits:
 * `round` restarts it after a failed check ("Check again").
 */
function useCustomerAnswer(
  session: HelpDeskSession | null,
  round: number,
  onOutcome: (outcome: HelpDeskOutcome) => void,
) {
  const handOver = useEffectEvent(onOutcome);
  const sessionId = isWaitingForCustomer(session) ? (session?.sessionId ?? null) : null;
  useEffect(() => {
    if (sessionId === null) return;
    const controller = new AbortController();
    const stop = startPolling<HelpDeskOutcome>({
      intervalMs: HELP_DESK_POLL_MS,
      poll: () => callHelpDesk({ step: 'status', sessionId }, controller.signal),
      isDone: (outcome) => outcome.kind === 'error' || !isWaitingForCustomer(outcome.session),
      onAnswer: handOver,
      onError: () => handOver({ kind: 'error', reason: null, field: null }),
      timers: WINDOW_TIMERS,
    });
    return () => {
      stop();
      controller.abort();
    };
  }, [sessionId, round]);
}

/**
 * The account help desk (document 2 §2 "Customer service", §8): the rep names the customer who
 * called, the bank asks that customer to confirm it is them (their phone app, or a code they
 * read out), and only then may the rep unlock their sign-in or remove a device they lost.
 * Every step moves the focus to its heading or first field; news is read out by the status
 * line, errors by the alert.
 */
export function HelpDeskDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const titleId = useId();
  const ids = { username: useId(), code: useId(), fieldError: useId(), devices: useId() };
  const [session, setSession] = useState<HelpDeskSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [pollRound, setPollRound] = useState(0);
  const [pollFailed, setPollFailed] = useState(false);
  const [chosenDevice, setChosenDevice] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const step = stepOf(session);
  // Each step takes the focus where the rep goes on: the username or code field, else the
  // step's heading (the dialog's first open is Modal's onEntered).
  const focusTarget = step === 'verifying' && session?.method === 'email' ? 'code' : step;
  const focused = useRef(focusTarget);
  useEffect(() => {
    if (focused.current === focusTarget) return;
    focused.current = focusTarget;
    const target =
      focusTarget === 'code'
        ? codeRef.current
        : focusTarget === 'lookup'
          ? usernameRef.current
          : headingRef.current;
    target?.focus();
  }, [focusTarget]);

  const present = (outcome: HelpDeskOutcome) => {
    if (outcome.kind === 'session') {
      setSession(outcome.session);
      setError(null);
      setFieldError(null);
      return;
    }
    setError(errorText(outcome.reason));
    setFieldError(
      outcome.field && outcome.reason ? { field: outcome.field, message: outcome.reason } : null,
    );
  };

  useCustomerAnswer(session, pollRound, (outcome) => {
    if (outcome.kind === 'error') setPollFailed(true);
    present(outcome);
  });

  async function run(body: HelpDeskStepBody) {
    setBusy(true);
    setError(null);
    setFieldError(null);
    const outcome = await callHelpDesk(body);
    setBusy(false);
    present(outcome);
  }

  /** Ends the session at the bank (the rep left it) and empties the dialog. */
  function reset() {
    if (session && isUnderWay(session)) {
      void callHelpDesk({ step: 'cancel', sessionId: session.sessionId });
    }
    setSession(null);
    setError(null);
    setFieldError(null);
    setPollFailed(false);
    setChosenDevice(null);
    setBusy(false);
  }

  function close() {
    reset();
    onClose();
  }

  function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const username = new FormData(event.currentTarget).get('username');
    void run({ step: 'start', username: typeof username === 'string' ? username : '' });
  }

  function verifyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!session) return;
    const code = new FormData(event.currentTarget).get('code');
    void run({
      step: 'verifyCode',
      sessionId: session.sessionId,
      code: typeof code === 'string' ? code : '',
    });
  }

  function removeDevice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!session || !chosenDevice) return;
    void run({ step: 'removeDevice', sessionId: session.sessionId, deviceId: chosenDevice });
  }

  function checkAgain() {
    setPollFailed(false);
    setError(null);
    setPollRound((round) => round + 1);
  }

  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.message : null);
  const failedText = step === 'failed' && session ? errorText(statusText(session)) : null;
  const news = session && step !== 'failed' ? statusText(session) : '';
  const heading = STEP_HEADINGS[step](session);

  return (
    <Modal
      show={show}
      onHide={close}
      onEntered={() => usernameRef.current?.focus()}
      aria-labelledby={titleId}
      size="lg"
    >
      <Modal.Header closeButton closeLabel="Close the help desk">
        <Modal.Title as="h2" id={titleId} className="h4">
          Account Help Desk
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <h3 className="h5" tabIndex={-1} ref={headingRef}>
          {heading}
        </h3>

        <div role="status" aria-live="polite" aria-atomic="true">
          {news && (
            <p className={step === 'done' ? 'alert alert-success' : 'mb-3'}>
              {step === 'verifying' && session?.method === 'push' && !pollFailed && (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              )}
              {news}
            </p>
          )}
        </div>
        <div role="alert" aria-atomic="true">
          {(error ?? failedText) && <p className="alert alert-danger">{error ?? failedText}</p>}
        </div>

        {step === 'lookup' && (
          <Form onSubmit={lookUp} noValidate>
            <p>
              Ask the caller for their username. The bank then asks them to confirm it is them: on
              their phone app when they have one, else with a code sent to their e-mail.
            </p>
            <Form.Group className="mb-3" controlId={ids.username}>
              <Form.Label>Customer&apos;s username</Form.Label>
              <Form.Control
                ref={usernameRef}
                name="username"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                required
                disabled={busy}
                isInvalid={errorFor('username') !== null}
                aria-describedby={errorFor('username') ? ids.fieldError : undefined}
              />
              <Form.Control.Feedback type="invalid" id={ids.fieldError}>
                {errorFor('username')}
              </Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send verification'}
            </Button>
          </Form>
        )}

        {step === 'verifying' && session?.method === 'email' && (
          <Form onSubmit={verifyCode} noValidate>
            <Form.Group className="mb-3" controlId={ids.code}>
              <Form.Label>Code the customer reads out</Form.Label>
              <Form.Control
                ref={codeRef}
                name="code"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                required
                disabled={busy}
                className="w-auto"
                isInvalid={errorFor('code') !== null}
                aria-describedby={errorFor('code') ? ids.fieldError : undefined}
              />
              <Form.Control.Feedback type="invalid" id={ids.fieldError}>
                {errorFor('code')}
              </Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" disabled={busy}>
              {busy ? 'Checking…' : 'Verify'}
            </Button>
          </Form>
        )}

        {step === 'verifying' && session?.method === 'push' && (
          <div className="d-flex flex-wrap gap-2">
            {pollFailed && (
              <Button variant="primary" onClick={checkAgain}>
                Check again
              </Button>
            )}
            <Button
              variant="outline-secondary"
              disabled={busy}
              onClick={() => void run({ step: 'sendEmailCode', sessionId: session.sessionId })}
            >
              Send an e-mail code instead
            </Button>
          </div>
        )}

        {step === 'verified' && session?.account && (
          <VerifiedActions
            session={session}
            account={session.account}
            busy={busy}
            devicesId={ids.devices}
            chosenDevice={chosenDevice}
            onChooseDevice={setChosenDevice}
            onUnlock={() => void run({ step: 'unlock', sessionId: session.sessionId })}
            onRemoveDevice={removeDevice}
          />
        )}

        {(step === 'done' || step === 'failed') && (
          <Button variant="primary" onClick={reset}>
            {step === 'done' ? 'Help another customer' : 'Start again'}
          </Button>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

interface VerifiedActionsProps {
  session: HelpDeskSession;
  account: NonNullable<HelpDeskSession['account']>;
  busy: boolean;
  devicesId: string;
  chosenDevice: string | null;
  onChooseDevice: (deviceId: string) => void;
  onUnlock: () => void;
  onRemoveDevice: (event: FormEvent<HTMLFormElement>) => void;
}

/** The two things the rep may do for a verified customer, once: unlock, or remove a device. */
function VerifiedActions(props: VerifiedActionsProps) {
  const { session, account, busy } = props;
  const signInId = useId();
  const summary = signInSummary(account, formatTime);
  return (
    <>
      <p className="small text-body-secondary">
        You can do one of these
        {session.verifiedUntil ? `, until ${formatTime(session.verifiedUntil)}` : ''}.
      </p>
      <section className="mb-4" aria-labelledby={signInId}>
        <h4 id={signInId} className="h6">
          Sign-in
        </h4>
        <p className="mb-1">{summary.locked ? 'Sign-in is locked.' : 'Sign-in is not locked.'}</p>
        {summary.reasons.length > 0 && (
          <ul className="small">
            {summary.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
        <Button variant="primary" disabled={busy || !summary.locked} onClick={props.onUnlock}>
          Unlock sign-in
        </Button>
      </section>
      <Form onSubmit={props.onRemoveDevice}>
        <fieldset>
          <legend className="h6">Remove a lost device</legend>
          {account.devices.map((device) => (
            <Form.Check
              key={device.id}
              type="radio"
              id={`${props.devicesId}-${device.id}`}
              name="device"
              value={device.id}
              label={deviceLabel(device)}
              checked={props.chosenDevice === device.id}
              onChange={() => props.onChooseDevice(device.id)}
              disabled={busy}
            />
          ))}
        </fieldset>
        <Button
          type="submit"
          variant="outline-danger"
          className="mt-2"
          disabled={busy || props.chosenDevice === null}
        >
          Remove device
        </Button>
      </Form>
    </>
  );
}
