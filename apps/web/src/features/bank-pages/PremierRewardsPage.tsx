import { Card, Col, Row, Table } from 'react-bootstrap';
import { bankPageMessages } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { EARN_RATES, REDEMPTIONS, TIER_COMPARISON } from './premier-rewards-content';

const text = bankPageMessages;

const pointsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function EarnRates() {
  return (
    <section className="mb-4" aria-labelledby="rewards-earn-heading">
      <h2 id="rewards-earn-heading" className="h5">
        {text.earnHeading}
      </h2>
      <Table responsive className="align-middle">
        <caption className="small">{text.sampleNotice}</caption>
        <thead>
          <tr>
            <th scope="col">{text.categoryColumn}</th>
            <th scope="col" className="text-end">
              {text.pointsColumn}
            </th>
            <th scope="col">{text.detailColumn}</th>
          </tr>
        </thead>
        <tbody>
          {EARN_RATES.map((rate) => (
            <tr key={rate.category}>
              <th scope="row" className="fw-normal">
                {rate.category}
              </th>
              <td className="text-end fw-semibold">{pointsFormat.format(rate.pointsPerDollar)}</td>
              <td>{rate.note}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

function Redemptions() {
  return (
    <section className="mb-4" aria-labelledby="rewards-redeem-heading">
      <h2 id="rewards-redeem-heading" className="h5">
        {text.redeemHeading}
      </h2>
      <Row xs={1} md={3} className="g-3">
        {REDEMPTIONS.map((redemption) => (
          <Col key={redemption.title}>
            <Card className="h-100">
              <Card.Body>
                <h3 className="h6">{redemption.title}</h3>
                <p className="mb-0">{redemption.text}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

function TierComparison() {
  return (
    <section aria-labelledby="rewards-compare-heading">
      <h2 id="rewards-compare-heading" className="h5">
        {text.compareHeading}
      </h2>
      <Table responsive striped className="align-middle">
        <caption className="small">{text.sampleNotice}</caption>
        <thead>
          <tr>
            <th scope="col">{text.benefitColumn}</th>
            <th scope="col">{text.personalColumn}</th>
            <th scope="col">{text.premierColumn}</th>
          </tr>
        </thead>
        <tbody>
          {TIER_COMPARISON.map((row) => (
            <tr key={row.benefit}>
              <th scope="row" className="fw-normal">
                {row.benefit}
              </th>
              <td>{row.personal}</td>
              <td className="fw-semibold">{row.premier}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/** Where the premier menu's "Premier Rewards" leads (document 2 §6, §7). */
export function PremierRewardsPage() {
  return (
    <BankingPageLayout pageId="premier-rewards" description={text.rewardsIntro}>
      <EarnRates />
      <Redemptions />
      <TierComparison />
    </BankingPageLayout>
  );
}
