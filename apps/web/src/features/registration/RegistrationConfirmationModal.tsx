import { useId } from 'react';
import { Button, Col, Modal, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { messages, pageRoute } from '@anybank/contracts';
import { Logo } from '../../components/ui/Logo';

const MOBILE_PATH = pageRoute('mobile').paths[0] ?? '/mobile';

const ONLINE_SERVICES = [
  'View your account activity',
  'Pay bills and transfer money',
  'Send and receive money',
  'Make transactions across your banking, credit, loan and investment accounts',
] as const;

/** A store badge drawn with text (no external image): what it says is its accessible name. */
function StoreBadge({ href, store, platform }: { href: string; store: string; platform: string }) {
  return (
    <a
      href={href}
      className="btn btn-dark d-inline-flex flex-column align-items-start lh-sm px-3 py-2 text-start"
    >
      <span className="small">{platform}</span> <span className="fs-5 fw-semibold">{store}</span>
    </a>
  );
}

interface RegistrationConfirmationModalProps {
  show: boolean;
  onHide: () => void;
}

/**
 * Document 1 §2.3: shown once after the new customer's first sign-in. Left, the app; right,
 * what can be done online. 'Sign In' and 'Close' both only close it; the sign-in words in the
 * copy go nowhere.
 */
export function RegistrationConfirmationModal({
  show,
  onHide,
}: RegistrationConfirmationModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onHide} size="xl" centered aria-labelledby={titleId}>
      <Modal.Header>
        <Logo />
      </Modal.Header>
      <Modal.Body className="p-4">
        <Row className="g-4">
          <Col md={5} className="registration-app-column">
            <h2 className="h4">Get the app</h2>
            <p>
              A faster, easier way to access all your accounts from anywhere: check balances,
              approve sign-ins and transfers with a tap.
            </p>
            <div className="d-flex flex-wrap gap-2 mb-3">
              <StoreBadge
                href="https://apps.apple.com/"
                platform="Download on the"
                store="App Store"
              />
              <StoreBadge
                href="https://play.google.com/"
                platform="Get it on"
                store="Google Play"
              />
            </div>
            <Link to={MOBILE_PATH} onClick={onHide}>
              Learn More
            </Link>
          </Col>
          <Col md={7}>
            <h2 id={titleId} className="h4">
              {messages.registration.createdTitle}
            </h2>
            <p>Your online account is ready. Whenever you sign in to online banking, you can:</p>
            <ul>
              {ONLINE_SERVICES.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
          </Col>
        </Row>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          Close
        </Button>
        <Button variant="primary" onClick={onHide}>
          Sign In
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
