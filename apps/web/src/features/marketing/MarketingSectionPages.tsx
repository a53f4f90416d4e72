import { Badge, Card, Col, Row, Table } from 'react-bootstrap';
import { BarChart } from '../../components/ui/BarChart';
import { Audience } from './Audience';
import type { AudienceFacts } from './Audience';
import { MarketingPortalLayout } from './MarketingPortalLayout';
import { CampaignChart, CampaignTracking, MarketNotes } from './MarketingSectionParts';
import { CHANNELS, CHANNEL_LABELS, channelReach, segmentCounts } from './marketing-audience';

/**
 * The marketing portal's Dashboard, Client Profiles, Tracking and Equities Trading:
 * sample content built on the customers who opted into marketing, as the SCIM lookup returns
 * them (only the channels each chose). Campaign rates and market figures are sample data.
 */

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Col>
      <Card className="h-100">
        <Card.Body>
          <p className="small text-body-secondary mb-1">{label}</p>
          <p className="fs-3 fw-semibold mb-0">{value}</p>
        </Card.Body>
      </Card>
    </Col>
  );
}

function Overview({ customers, listed }: AudienceFacts) {
  const reach = channelReach(customers);
  return (
    <>
      <section className="mb-4" aria-labelledby="marketing-overview-heading">
        <h2 id="marketing-overview-heading" className="h5">
          Your audience today
        </h2>
        <Row xs={2} md={4} className="g-3">
          <Figure label="Customers listed" value={listed} />
          <Figure label="Opted in to marketing" value={customers.length} />
          <Figure label="Reachable by e-mail" value={reach.email} />
          <Figure label="Reachable by SMS/TXT" value={reach.sms} />
        </Row>
      </section>
      <section className="mb-4" aria-labelledby="marketing-reach-heading">
        <h2 id="marketing-reach-heading" className="h5">
          Reach by channel
        </h2>
        <BarChart
          id="marketing-reach"
          caption="How many opted-in customers each channel reaches; a customer may choose several."
          bars={CHANNELS.map((channel) => ({
            label: CHANNEL_LABELS[channel],
            value: reach[channel],
            shown: String(reach[channel]),
          }))}
        />
      </section>
    </>
  );
}

export function MarketingDashboardPage() {
  return (
    <MarketingPortalLayout
      pageId="marketing-dashboard"
      description="How this quarter's campaigns are performing."
    >
      <Audience>
        {(facts) => (
          <>
            <Overview {...facts} />
            <CampaignChart reach={channelReach(facts.customers)} />
          </>
        )}
      </Audience>
    </MarketingPortalLayout>
  );
}

function Profiles({ customers }: AudienceFacts) {
  return (
    <>
      <section className="mb-4" aria-labelledby="profiles-segments-heading">
        <h2 id="profiles-segments-heading" className="h5">
          Segments
        </h2>
        <BarChart
          id="profiles-segments"
          caption="Opted-in customers by the channels they chose together."
          bars={segmentCounts(customers).map(({ segment, count }) => ({
            label: segment,
            value: count,
            shown: String(count),
          }))}
        />
      </section>
      <section aria-labelledby="profiles-table-heading">
        <h2 id="profiles-table-heading" className="h5">
          Opted-in customers
        </h2>
        <Table responsive hover className="align-middle">
          <caption className="small">
            Only the channels each customer chose; customers who did not opt in are left out.
          </caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Name</th>
              <th scope="col">Channels</th>
              <th scope="col">City</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => (
              <tr key={customer.uid}>
                <th scope="row" className="fw-normal">
                  {customer.uid}
                </th>
                <td>{customer.name}</td>
                <td>
                  <span className="d-flex flex-wrap gap-1">
                    {customer.channels.map((channel) => (
                      <Badge key={channel} bg="secondary">
                        {CHANNEL_LABELS[channel]}
                      </Badge>
                    ))}
                  </span>
                </td>
                <td>{customer.city ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
    </>
  );
}

export function MarketingClientProfilesPage() {
  return (
    <MarketingPortalLayout
      pageId="marketing-client-profiles"
      description="Customer segments and the channels each one agreed to."
    >
      <Audience>{(facts) => <Profiles {...facts} />}</Audience>
    </MarketingPortalLayout>
  );
}

export function MarketingTrackingPage() {
  return (
    <MarketingPortalLayout
      pageId="marketing-tracking"
      description="Opens, clicks and replies for each campaign you sent."
    >
      <Audience>{(facts) => <CampaignTracking reach={channelReach(facts.customers)} />}</Audience>
    </MarketingPortalLayout>
  );
}

export function MarketingEquitiesTradingPage() {
  return (
    <MarketingPortalLayout
      pageId="marketing-equities-trading"
      description="Market movements to tie your next campaign to."
    >
      <Audience>{(facts) => <MarketNotes reach={channelReach(facts.customers)} />}</Audience>
    </MarketingPortalLayout>
  );
}
