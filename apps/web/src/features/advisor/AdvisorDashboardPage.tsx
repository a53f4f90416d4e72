import { Card, Col, Container, Row, Table } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import { AlertList } from '../../components/ui/AlertList';
import { PersonCard } from '../../components/ui/PersonCard';
import { formatUsd } from '../../lib/accounts';
import { useSessionItem } from '../../lib/session-storage';
import { AdvisorPortalLayout } from './AdvisorPortalLayout';
import { ClientSearch } from './ClientSearch';
import { navigationStateFor } from './advisor-clients';
import { ADVISOR_ALERTS, ADVISOR_NEWS, SAMPLE_CLIENTS } from './advisor-sample-data';

const clientPagePath = pageRoute('advisor-client').paths[0] ?? '/';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function WelcomeBar({ firstName }: { firstName: string | null }) {
  return (
    <div className="bg-body-tertiary border-bottom">
      <Container className="py-3">
        <p className="fs-5 mb-0">
          {firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} You have{' '}
          {ADVISOR_ALERTS.length} alerts today.
        </p>
      </Container>
    </div>
  );
}

function ProfileCard({
  firstName,
  lastName,
}: {
  firstName: string | null;
  lastName: string | null;
}) {
  return (
    <PersonCard
      headingId="advisor-profile-heading"
      heading="Your profile"
      nameParts={[firstName, lastName]}
      position="Wealth Advisor, AnyWealthAdvisor"
    >
      <p className="mb-0 small text-body-secondary">
        You see the balances of the accounts each client chose to share with you, and nothing else.
      </p>
    </PersonCard>
  );
}

function ClientTable() {
  return (
    <section className="mb-4" aria-labelledby="advisor-clients-heading">
      <h2 id="advisor-clients-heading" className="h5">
        Your clients
      </h2>
      <Table responsive hover className="align-middle">
        <caption className="small">Sample data for the demo.</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Active</th>
            <th scope="col">Last contacted</th>
            <th scope="col" className="text-end">
              Total portfolio
            </th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE_CLIENTS.map((client) => (
            <tr key={client.name}>
              <th scope="row" className="fw-normal">
                {client.name}
              </th>
              <td>{client.active ? 'Yes' : 'No'}</td>
              <td>{dateFormat.format(new Date(client.lastContacted))}</td>
              <td className="text-end">{formatUsd(client.totalPortfolio * 100)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

function News() {
  return (
    <section aria-labelledby="advisor-news-heading">
      <h2 id="advisor-news-heading" className="h5">
        Market news
      </h2>
      <Row xs={1} md={3} className="g-3">
        {ADVISOR_NEWS.map((item) => (
          <Col key={item.title}>
            <Card className="h-100">
              <Card.Body>
                <p className="small text-body-secondary mb-1">{item.source}</p>
                <h3 className="h6">{item.title}</h3>
                <p className="mb-0">{item.text}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

/** Document 2 §2: the advisor dashboard. Choosing a client opens /advisor/client for them. */
export function AdvisorDashboardPage() {
  const firstName = useSessionItem('firstName');
  const lastName = useSessionItem('lastName');
  const navigate = useNavigate();
  return (
    <AdvisorPortalLayout
      pageId="advisor"
      banner={<WelcomeBar firstName={firstName} />}
      description="Your clients, alerts and market news for the day."
    >
      <Row className="g-3 mb-4">
        <Col lg={4}>
          <ProfileCard firstName={firstName} lastName={lastName} />
        </Col>
        <Col lg={8}>
          <AlertList headingId="advisor-alerts-heading" alerts={ADVISOR_ALERTS} />
        </Col>
      </Row>
      <section className="mb-4" aria-labelledby="advisor-search-heading">
        <h2 id="advisor-search-heading" className="h5">
          Find a client
        </h2>
        <ClientSearch
          className="col-lg-6"
          onChoose={(suggestion) =>
            void navigate(clientPagePath, { state: navigationStateFor(suggestion) })
          }
        />
      </section>
      <ClientTable />
      <News />
    </AdvisorPortalLayout>
  );
}
