import { useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { BANK_CLIENT, messages } from '@anybank/contracts';
import { Logo } from '../../components/ui/Logo';
import { useBrand } from '../../lib/brand';
import { startSignIn } from '../../lib/sign-in';
import { markRegistered } from './registered-user';
import { RegistrationWidget } from './RegistrationWidget';

interface RegistrationModalProps {
  show: boolean;
  onHide: () => void;
}

/**
 * Document 1 §2.2: a dialog with a logo header. While open and not in error it shows the
 * registration widget; on success it closes and the sign-in starts (the confirmation modal
 * follows it); on error the widget gives way to the error panel, whose Close resets the error.
 */
export function RegistrationModal({ show, onHide }: RegistrationModalProps) {
  const { bankName } = useBrand();
  const headingId = useId();
  const errorTextId = useId();
  const [failed, setFailed] = useState(false);

  const close = () => {
    setFailed(false);
    onHide();
  };

  const completed = (username: string) => {
    markRegistered(username);
    onHide();
    void startSignIn(BANK_CLIENT);
  };

  return (
    <Modal
      show={show}
      onHide={close}
      centered
      aria-labelledby={headingId}
      aria-describedby={failed ? errorTextId : undefined}
    >
      <Modal.Header closeButton closeLabel="Close registration">
        <Logo />
      </Modal.Header>
      <Modal.Body>
        {failed ? (
          <>
            <h2 id={headingId} className="h4">
              {messages.registration.errorTitle}
            </h2>
            <p id={errorTextId} role="alert">
              {messages.registration.errorText}
            </p>
            <div className="d-flex justify-content-end">
              <Button variant="primary" onClick={close}>
                Close
              </Button>
            </div>
          </>
        ) : (
          <>
            <h2 id={headingId} className="h4">
              Open your {bankName} account
            </h2>
            <p>Register for online banking: we e-mail you a code to confirm your address.</p>
            <RegistrationWidget onCompleted={completed} onError={() => setFailed(true)} />
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
