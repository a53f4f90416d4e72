import { useId, useRef, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { demoMessages } from '@anybank/contracts';
import { PresenterGate } from '../../components/ui/PresenterGate';
import { ApiError } from '../../lib/api';
import { sessionStore } from '../../lib/session-storage';
import { clearSession } from '../../lib/sign-in';
import { resetDemo } from './demo-api';

type ResetState =
  | { kind: 'idle' }
  | { kind: 'resetting' }
  | { kind: 'done'; users: number }
  | { kind: 'failed'; status: string };

/**
 * "Reset demo": after a confirmation dialog (focus on its Cancel, Escape cancels,
 * focus back on the button after), the seed's reset on the server. The reset ends every sign-in,
 * this browser's too, so the session it kept is cleared with it. It resets everyone's demo:
 * the button shows in the presenter's browser only (PresenterGate). `onReset` follows a done
 * reset (the page clears this browser's ticks: the story starts again).
 */
export function ResetDemoSection({ onReset }: { onReset?: () => void }) {
  const text = demoMessages;
  const headingId = useId();
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [state, setState] = useState<ResetState>({ kind: 'idle' });

  const reset = async () => {
    setConfirming(false);
    setState({ kind: 'resetting' });
    try {
      const { users } = await resetDemo();
      if (sessionStore.get('subject') !== null) clearSession();
      onReset?.();
      setState({ kind: 'done', users: users.length });
    } catch (error) {
      console.warn('Resetting the demo failed', error);
      setState({
        kind: 'failed',
        status: error instanceof ApiError ? String(error.status) : 'no answer',
      });
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="h4">
        {text.resetHeading}
      </h2>
      <p>{text.resetIntro}</p>
      <PresenterGate>
        <Button
          variant="outline-danger"
          onClick={() => setConfirming(true)}
          disabled={state.kind === 'resetting'}
        >
          {text.resetButton}
        </Button>
        <p role="status" className="mt-3">
          {state.kind === 'resetting' && text.resetting}
          {state.kind === 'done' && text.resetDone(state.users)}
        </p>
        {state.kind === 'failed' && (
          <Alert variant="danger" role="alert">
            {text.resetFailed(state.status)}
          </Alert>
        )}

        <Modal
          show={confirming}
          onHide={() => setConfirming(false)}
          onEntered={() => cancelRef.current?.focus()}
          aria-labelledby={titleId}
          centered
        >
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title as="h2" id={titleId} className="h5">
              {text.resetConfirmTitle}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="mb-0">{text.resetConfirmText}</p>
          </Modal.Body>
          <Modal.Footer>
            <Button ref={cancelRef} variant="secondary" onClick={() => setConfirming(false)}>
              {text.resetCancel}
            </Button>
            <Button variant="danger" onClick={() => void reset()}>
              {text.resetConfirm}
            </Button>
          </Modal.Footer>
        </Modal>
      </PresenterGate>
    </section>
  );
}
