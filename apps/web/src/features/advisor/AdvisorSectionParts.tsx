import { Card, Col, Row, Table } from 'react-bootstrap';
import { ACCOUNT_KINDS } from '@anybank/contracts';
import { BarChart } from '../../components/ui/BarChart';
import { formatUsd } from '../../lib/accounts';
import { accountKindLabel } from './advisor-clients';
import {
  ACCOUNTS_PER_CUSTOMER,
  bookByKind,
  clientsSuitedTo,
  opportunitiesIn,
} from './advisor-book';
import type { ConsentedClient, Opportunity } from './advisor-book';
import { ADVISOR_SERVICES, REFERRAL_STAGES, SAMPLE_REFERRALS } from './advisor-sample-data';

/** The parts of the Prospecting and Other Services pages. */

function opportunityText({ kind, client }: Opportunity): string {
  switch (kind) {
    case 'invest-savings':
      return 'Savings that could go into a managed portfolio';
    case 'pay-down-card':
      return 'A card balance worth a plan to pay down';
    case 'share-more':
      return `Shares ${client.sharedCount} of ${ACCOUNTS_PER_CUSTOMER} accounts: ask to see the full picture`;
  }
}

export function OpportunityTable({ clients }: { clients: ConsentedClient[] }) {
  const opportunities = opportunitiesIn(clients);
  return (
    <section className="mb-4" aria-labelledby="prospecting-opportunities">
      <h2 id="prospecting-opportunities" className="h5">
        Opportunities with your clients
      </h2>
      {opportunities.length === 0 ? (
        <p>Nothing stands out in what your clients share today.</p>
      ) : (
        <Table responsive hover className="align-middle">
          <caption className="small">
            Found in the balances your clients share with you, and only those.
          </caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Opportunity</th>
              <th scope="col" className="text-end">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {opportunities.map((opportunity) => (
              <tr key={`${opportunity.client.subject} ${opportunity.kind}`}>
                <th scope="row" className="fw-normal">
                  {opportunity.client.name}
                </th>
                <td>{opportunityText(opportunity)}</td>
                <td className="text-end">
                  {opportunity.cents === null ? '' : formatUsd(opportunity.cents)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export function ReferralPipeline() {
  return (
    <section aria-labelledby="prospecting-referrals">
      <h2 id="prospecting-referrals" className="h5">
        Referral pipeline
      </h2>
      <Row className="g-4">
        <Col lg={5}>
          <BarChart
            id="referral-stages"
            caption="Referrals at each stage. Sample data for the demo."
            bars={REFERRAL_STAGES.map((stage) => {
              const count = SAMPLE_REFERRALS.filter((referral) => referral.stage === stage).length;
              return { label: stage, value: count, shown: String(count) };
            })}
          />
        </Col>
        <Col lg={7}>
          <Table responsive size="sm" className="align-middle">
            <caption className="small">People referred to you. Sample data for the demo.</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Source</th>
                <th scope="col">Stage</th>
                <th scope="col" className="text-end">
                  Estimated assets
                </th>
              </tr>
            </thead>
            <tbody>
              {SAMPLE_REFERRALS.map((referral) => (
                <tr key={referral.name}>
                  <th scope="row" className="fw-normal">
                    {referral.name}
                  </th>
                  <td>{referral.source}</td>
                  <td>{referral.stage}</td>
                  <td className="text-end">{formatUsd(referral.estimatedAssets * 100)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Col>
      </Row>
    </section>
  );
}

function BookByKind({ clients }: { clients: ConsentedClient[] }) {
  return (
    <section className="mb-4" aria-labelledby="services-book-heading">
      <h2 id="services-book-heading" className="h5">
        Your book by account type
      </h2>
      <BarChart
        id="services-book"
        caption="The balances your clients share with you, added up by account type."
        bars={bookByKind(clients, ACCOUNT_KINDS).map((entry) => ({
          label: accountKindLabel(entry.kind),
          value: entry.cents,
          shown: `${formatUsd(entry.cents)} (${entry.clients} ${entry.clients === 1 ? 'client' : 'clients'})`,
        }))}
      />
    </section>
  );
}

export function ServiceCatalogue({ clients }: { clients: ConsentedClient[] }) {
  return (
    <>
      <BookByKind clients={clients} />
      <section aria-labelledby="services-heading">
        <h2 id="services-heading" className="h5">
          Services to offer
        </h2>
        <p className="small text-body-secondary">
          Services and fees are sample data for the demo; the clients each suits come from what they
          share with you.
        </p>
        <Row xs={1} md={2} xl={3} className="g-3">
          {ADVISOR_SERVICES.map((service) => {
            const suited = clientsSuitedTo(service.id, clients);
            return (
              <Col key={service.id}>
                <Card className="h-100">
                  <Card.Body>
                    <h3 className="h6">{service.name}</h3>
                    <p>{service.text}</p>
                    <dl className="small mb-0">
                      <dt>Fee</dt>
                      <dd>{service.fee}</dd>
                      <dt>Suits</dt>
                      <dd>{service.suits}</dd>
                      <dt>Your clients it suits</dt>
                      <dd className="mb-0">
                        {suited.length === 0 ? 'None today' : suited.map((c) => c.name).join(', ')}
                      </dd>
                    </dl>
                  </Card.Body>
                </Card>
              </Col>
            );
          })}
        </Row>
      </section>
    </>
  );
}
