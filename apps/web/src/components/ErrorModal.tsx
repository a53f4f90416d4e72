import { useEffect, useId } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { SELF_SERVICE_REDIRECT_MS } from '@anybank/contracts';
import type { ErrorContent } from '../lib/error-catalogue';
import { Logo } from './ui/Logo';

interface ErrorModalProps {
  /** The error to show; null hides the modal. */
  error: ErrorContent | null;
  /** Restarts single sign-on. */
  onTryAgain: () => void;
  /** Closes the modal and goes home. */
  onQuit: () => void;
  /**
   * Self-service mode (§2.5): another application asked for the sign-in. No Quit; after
   * SELF_SERVICE_REDIRECT_MS `onSelfServiceReturn` sends the visitor back there.
   */
  selfService?: boolean;
  onSelfServiceReturn?: () => void;
}

/** Document 1 §2.5: title and message, Try Again and (outside self-service) Quit. */
export function ErrorModal({
  error,
  onTryAgain,
  onQuit,
  selfService = false,
  onSelfServiceReturn,
}: ErrorModalProps) {
  const titleId = useId();
  const messageId = useId();
  const show = error !== null;

  useEffect(() => {
    if (!show || !selfService || !onSelfServiceReturn) return;
    const timer = window.setTimeout(onSelfServiceReturn, SELF_SERVICE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [show, selfService, onSelfServiceReturn]);

  return (
    <Modal
      show={show}
      onHide={selfService ? () => undefined : onQuit}
      backdrop="static"
      keyboard={!selfService}
      centered
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <Modal.Header>
        <Logo />
      </Modal.Header>
      <Modal.Body>
        <h2 id={titleId} className="h4">
          {error?.title}
        </h2>
        <p id={messageId} className="mb-0" role="alert">
          {error?.message}
        </p>
        {selfService && (
          <p className="mt-3 mb-0 text-body-secondary small">
            You will be returned to the site that sent you here in{' '}
            {Math.round(SELF_SERVICE_REDIRECT_MS / 1000)} seconds.
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        {!selfService && (
          <Button variant="outline-secondary" onClick={onQuit}>
            Quit
          </Button>
        )}
        <Button variant="primary" onClick={onTryAgain}>
          Try Again
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
