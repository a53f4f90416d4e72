import { lazy, Suspense } from 'react';
import { Card, Col, Container, Placeholder, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import { PageHeading } from '../../components/ui/PageHeading';
import { PersonCard } from '../../components/ui/PersonCard';
import { useSessionItem } from '../../lib/session-storage';

/** Recharts is heavy: it loads with the charts, after the rest of the portal is shown. */
const PortfolioCharts = lazy(async () => ({
  default: (await import('./PortfolioCharts')).PortfolioCharts,
}));

/** Document 2 §2: the portal's top navigation. Only My Portal exists in the demo. */
const PORTAL_MENU = [
  'My Portal',
  'Retirement',
  'Wealth Management',
  'Equities Trading',
  'Other Services',
] as const;

const SPECIAL_OFFERS: readonly { title: string; text: string }[] = [
  {
    title: 'A free retirement review',
    text: 'Sit down with your advisor for an hour and check that your retirement plan still fits your goals.',
  },
  {
    title: 'Lower advisory fees',
    text: 'Bring $250,000 or more under advice and pay 0.25% less in advisory fees for the first year.',
  },
  {
    title: 'College savings plans',
    text: 'Start a tax-advantaged plan for a child’s education with as little as $25 a month.',
  },
];

const bankingPath = pageRoute('dashboard').paths[0] ?? '/';

function PortalNav() {
  return (
    <nav aria-label="Wealth portal" className="bg-primary">
      <Container>
        <ul className="nav">
          {PORTAL_MENU.map((item, index) =>
            index === 0 ? (
              <li key={item} className="nav-item">
                <span
                  className="nav-link text-white fw-semibold text-decoration-underline"
                  aria-current="page"
                >
                  {item}
                </span>
              </li>
            ) : (
              <li key={item} className="nav-item">
                <span className="nav-link text-white">
                  {item}
                  <span className="visually-hidden"> (not available in this demo)</span>
                </span>
              </li>
            ),
          )}
        </ul>
      </Container>
    </nav>
  );
}

function AdvisorCard() {
  return (
    <PersonCard
      headingId="advisor-card-heading"
      heading="Your advisor"
      nameParts={['Amy', 'Davis']}
      position="AnyWealthAdvisor"
    >
      <p className="mb-2">
        Amy helps you plan for retirement, invest what you save and keep your goals on track.
      </p>
      <p className="mb-0 small text-body-secondary">
        She sees the balances of the accounts you chose to share in{' '}
        <Link to={pageRoute('privacy-security').paths[0] ?? '/'}>Privacy &amp; Security</Link>.
      </p>
    </PersonCard>
  );
}

function ChartsLoading() {
  return (
    <div aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading the charts…
      </p>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Placeholder xs={12} className="d-block" style={{ height: '16rem' }} />
      </Placeholder>
    </div>
  );
}

/** Document 2 §2: the partner portal for customers of AnyWealthAdvisor. */
export function WealthPortalPage() {
  const firstName = useSessionItem('firstName');
  return (
    <>
      <PortalNav />
      <Container className="py-4 py-lg-5">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <PageHeading pageId="wealth-portal" className="mb-0" />
          <Link to={bankingPath}>Back to AnyBank online banking</Link>
        </div>
        <p className="lead">
          {firstName ? `Welcome, ${firstName}. ` : ''}Your AnyWealthAdvisor portfolio, your advisor
          and special offers in one place.
        </p>

        <Row className="g-3 mb-4">
          <Col lg={4}>
            <AdvisorCard />
          </Col>
          <Col lg={8}>
            <section aria-labelledby="portfolio-heading">
              <h2 id="portfolio-heading" className="h5">
                Your portfolio at a glance
              </h2>
              <p className="small text-body-secondary">
                The charts below show illustrative sample data, not your accounts.
              </p>
              <Suspense fallback={<ChartsLoading />}>
                <PortfolioCharts />
              </Suspense>
            </section>
          </Col>
        </Row>

        <section aria-labelledby="offers-heading" className="mb-4">
          <h2 id="offers-heading" className="h5">
            Special offers
          </h2>
          <Row xs={1} md={3} className="g-3">
            {SPECIAL_OFFERS.map((offer) => (
              <Col key={offer.title}>
                <Card className="h-100 border-primary-subtle">
                  <Card.Body>
                    <h3 className="h6">{offer.title}</h3>
                    <p className="mb-0">{offer.text}</p>
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
        </section>

        <footer className="border-top pt-3 small text-body-secondary">
          <p className="mb-1">
            AnyWealthAdvisor is a partner of AnyBank. Investment products are not deposits, are not
            insured and may lose value.
          </p>
          <p className="mb-0">
            <Link to={bankingPath}>Back to AnyBank online banking</Link>
          </p>
        </footer>
      </Container>
    </>
  );
}
