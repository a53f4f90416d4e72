import { Col, Container, Row } from 'react-bootstrap';

const BLURBS = [
  {
    title: 'Secure sign-in',
    text: 'Sign in with a password, a one-time code by text or email, or a passkey on your device.',
  },
  {
    title: 'Approve from your phone',
    text: 'Confirm a sign-in or a large transfer with one tap in the AnyBank mobile app.',
  },
  {
    title: 'You control your data',
    text: 'Choose which partners may see your balances and how we contact you, and change your mind at any time.',
  },
] as const;

export function FeatureBlurbs() {
  return (
    <Container className="py-5">
      <Row className="g-4">
        {BLURBS.map((blurb) => (
          <Col md={4} key={blurb.title}>
            <h2 className="h4">{blurb.title}</h2>
            <p className="mb-0">{blurb.text}</p>
          </Col>
        ))}
      </Row>
    </Container>
  );
}
