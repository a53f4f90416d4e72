import { Modal } from 'react-bootstrap';
import { Logo } from '../../components/ui/Logo';

interface RegistrationModalProps {
  show: boolean;
  onHide: () => void;
}

const HEADING_ID = 'registration-modal-heading';

/** Document 1 §2.2: a dialog with a logo header; the registration widget goes in its body. */
export function RegistrationModal({ show, onHide }: RegistrationModalProps) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby={HEADING_ID}>
      <Modal.Header closeButton>
        <Logo />
      </Modal.Header>
      <Modal.Body>
        <h2 id={HEADING_ID} className="h4">
          Open your AnyBank account
        </h2>
        <p className="mb-0">
          Create your online banking profile in a few steps. Online registration opens here soon.
        </p>
      </Modal.Body>
    </Modal>
  );
}
