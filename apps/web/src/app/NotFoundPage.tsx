import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { messages } from '@anybank/contracts';

const text = messages.notFound;

/**
 * What an address that is no page of the site shows, inside the site's layout
 * (navigation, footer) and with a way home, instead of a silent jump to the home page. The
 * server answers a direct load of such an address with 404.
 */
export function NotFoundPage() {
  return (
    <Container className="py-4 py-lg-5">
      <h1 className="mb-3">{text.heading}</h1>
      <p className="lead">{text.text}</p>
      <Link to="/" className="btn btn-primary">
        {text.home}
      </Link>
    </Container>
  );
}
