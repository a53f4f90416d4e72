import { Card, Col, Row, Table } from 'react-bootstrap';
import { BarChart } from '../../components/ui/BarChart';
import { CHANNEL_LABELS, campaignResults } from './marketing-audience';
import type { Channel } from './marketing-audience';
import { CAMPAIGN_IDEAS, SAMPLE_CAMPAIGNS, SAMPLE_MARKET_MOVES } from './marketing-sample-data';

/** The Tracking and Equities Trading pages' parts. */

type Reach = Record<Channel, number>;

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent' });
const changeFormat = new Intl.NumberFormat('en-US', {
  signDisplay: 'exceptZero',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function CampaignChart({ reach }: { reach: Reach }) {
  return (
    <section aria-labelledby="campaign-chart-heading">
      <h2 id="campaign-chart-heading" className="h5">
        Responses by campaign
      </h2>
      <BarChart
        id="campaign-chart"
        caption="Customers who clicked or replied. Sample rates applied to today's opted-in customers."
        bars={campaignResults(SAMPLE_CAMPAIGNS, reach).map((result) => ({
          label: result.campaign.name,
          value: result.responded,
          shown: `${result.responded} of ${result.sent}`,
        }))}
      />
    </section>
  );
}

export function CampaignTracking({ reach }: { reach: Reach }) {
  const results = campaignResults(SAMPLE_CAMPAIGNS, reach);
  return (
    <>
      <section className="mb-4" aria-labelledby="campaign-table-heading">
        <h2 id="campaign-table-heading" className="h5">
          Campaigns this quarter
        </h2>
        <Table responsive hover className="align-middle">
          <caption className="small">
            Each campaign went to everyone its channel reaches today. Open and response rates are
            sample data for the demo.
          </caption>
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">Channel</th>
              <th scope="col" className="text-end">
                Sent
              </th>
              <th scope="col" className="text-end">
                Opened
              </th>
              <th scope="col" className="text-end">
                Clicked or replied
              </th>
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.campaign.name}>
                <th scope="row" className="fw-normal">
                  {result.campaign.name}
                </th>
                <td>{CHANNEL_LABELS[result.campaign.channel]}</td>
                <td className="text-end">{result.sent}</td>
                <td className="text-end">
                  {result.opened} ({percentFormat.format(result.campaign.openRate)})
                </td>
                <td className="text-end">
                  {result.responded} ({percentFormat.format(result.campaign.responseRate)})
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <CampaignChart reach={reach} />
    </>
  );
}

export function MarketNotes({ reach }: { reach: Reach }) {
  return (
    <>
      <section className="mb-4" aria-labelledby="market-moves-heading">
        <h2 id="market-moves-heading" className="h5">
          This week in the markets
        </h2>
        <Table responsive className="align-middle">
          <caption className="small">Sample market figures for the demo, not market data.</caption>
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col" className="text-end">
                Week
              </th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_MARKET_MOVES.map((move) => (
              <tr key={move.name}>
                <th scope="row" className="fw-normal">
                  {move.name}
                </th>
                <td className="text-end">{changeFormat.format(move.weekChange)}%</td>
                <td>{move.note}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <section aria-labelledby="campaign-ideas-heading">
        <h2 id="campaign-ideas-heading" className="h5">
          Campaign ideas
        </h2>
        <Row xs={1} md={3} className="g-3">
          {CAMPAIGN_IDEAS.map((idea) => (
            <Col key={idea.title}>
              <Card className="h-100">
                <Card.Body>
                  <h3 className="h6">{idea.title}</h3>
                  <p>{idea.text}</p>
                  <p className="small text-body-secondary mb-0">
                    {CHANNEL_LABELS[idea.channel]}: reaches {reach[idea.channel]} opted-in{' '}
                    {reach[idea.channel] === 1 ? 'customer' : 'customers'}
                  </p>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
    </>
  );
}
