import { Col, Container, Row } from 'react-bootstrap';
import { useLocation } from 'react-router';
import { sessionEndedMessages } from '@anybank/contracts';
import { PageHeading } from '../../components/ui/PageHeading';
import { useProspectName } from '../../lib/prospect-name';
import { isSignedOutElsewhereState } from '../../lib/session-ended';
import { CreditCardPromotion } from './CreditCardPromotion';
import { DemoNote } from './DemoNote';
import { FeatureBlurbs } from './FeatureBlurbs';

export function HomePage() {
  const { prospectName } = useProspectName();
  const preparedFor = prospectName.trim();
  // The page guard brought this tab here: its session was ended from another browser.
  const signedOutElsewhere = isSignedOutElsewhereState(useLocation().state);

  return (
    <>
      <div className="home-hero py-5">
        <Container>
          {signedOutElsewhere && (
            <div role="alert" className="alert alert-info mb-4">
              {sessionEndedMessages.signedOutElsewhere}
            </div>
          )}
          <DemoNote />
          <Row className="align-items-center g-4">
            <Col lg={7}>
              {preparedFor && <p className="home-hero-prepared mb-2">Prepared for {preparedFor}</p>}
              <PageHeading pageId="home" className="display-5 fw-bold mb-3" />
              <p className="lead mb-0">
                Check balances, move money and approve sign-ins from your phone, with security that
                stays out of your way.
              </p>
            </Col>
            <Col lg={5}>
              <CreditCardPromotion />
            </Col>
          </Row>
        </Container>
      </div>
      <FeatureBlurbs />
    </>
  );
}
