import { Badge, Table } from 'react-bootstrap';
import { BarChart } from '../../components/ui/BarChart';
import { formatUsd } from '../../lib/accounts';
import { AdvisorPortalLayout } from './AdvisorPortalLayout';
import { ClientBook } from './ClientBook';
import { OpportunityTable, ReferralPipeline, ServiceCatalogue } from './AdvisorSectionParts';
import { ACCOUNTS_PER_CUSTOMER, byTotalShared, trackingRows } from './advisor-book';
import type { ConsentedClient } from './advisor-book';

/**
 * The advisor portal's Client Tracking, Prospecting and Other Services: sample
 * content built on the clients who consented to share their balances, read through the partner
 * APIs like the client page. What is sample (contact dates, referrals, services) says so.
 */

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function FollowUps({ clients }: { clients: ConsentedClient[] }) {
  const rows = trackingRows(clients, new Date());
  const due = rows.filter((row) => row.status === 'overdue').length;
  return (
    <section className="mb-4" aria-labelledby="tracking-follow-ups">
      <h2 id="tracking-follow-ups" className="h5">
        Follow-ups
      </h2>
      <p>
        {rows.length} {rows.length === 1 ? 'client shares' : 'clients share'} their balances with
        you; {due} {due === 1 ? 'is' : 'are'} due a call.
      </p>
      <Table responsive hover className="align-middle">
        <caption className="small">
          Balances as your clients share them today. Contact dates are sample data for the demo.
        </caption>
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Accounts shared</th>
            <th scope="col" className="text-end">
              Shared balances
            </th>
            <th scope="col">Last contacted</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ client, lastContacted, status }) => (
            <tr key={client.subject}>
              <th scope="row" className="fw-normal">
                {client.name}
              </th>
              <td>
                {client.sharedCount} of {ACCOUNTS_PER_CUSTOMER}
              </td>
              <td className="text-end">{formatUsd(client.totalCents)}</td>
              <td>{dateFormat.format(lastContacted)}</td>
              <td>
                {status === 'overdue' ? (
                  <Badge bg="warning" text="dark">
                    Call due
                  </Badge>
                ) : (
                  <Badge bg="success">On track</Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

function SharedBalancesChart({ clients }: { clients: ConsentedClient[] }) {
  return (
    <section aria-labelledby="tracking-chart-heading">
      <h2 id="tracking-chart-heading" className="h5">
        Shared balances by client
      </h2>
      <BarChart
        id="tracking-chart"
        caption="The total of the balances each client shares with you, largest first."
        bars={byTotalShared(clients).map((client) => ({
          label: client.name,
          value: client.totalCents,
          shown: formatUsd(client.totalCents),
        }))}
      />
    </section>
  );
}

export function AdvisorTrackingPage() {
  return (
    <AdvisorPortalLayout
      pageId="advisor-tracking"
      description="Follow up on recent contact with each of your clients."
    >
      <ClientBook>
        {(clients) => (
          <>
            <FollowUps clients={clients} />
            <SharedBalancesChart clients={clients} />
          </>
        )}
      </ClientBook>
    </AdvisorPortalLayout>
  );
}

export function AdvisorProspectingPage() {
  return (
    <AdvisorPortalLayout
      pageId="advisor-prospecting"
      description="Find and reach out to people who may become clients."
    >
      <ClientBook>{(clients) => <OpportunityTable clients={clients} />}</ClientBook>
      <ReferralPipeline />
    </AdvisorPortalLayout>
  );
}

export function AdvisorOtherServicesPage() {
  return (
    <AdvisorPortalLayout
      pageId="advisor-other-services"
      description="Planning, insurance and estate services you can offer your clients."
    >
      <ClientBook>{(clients) => <ServiceCatalogue clients={clients} />}</ClientBook>
    </AdvisorPortalLayout>
  );
}
