import {
  Area,
  AreaChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, Col, Row, Table } from 'react-bootstrap';
import {
  ALLOCATION_SAMPLE,
  GROWTH_SAMPLE,
  formatThousands,
  formatWholeDollars,
} from './portfolio-sample';

/**
 * The growth and allocation charts (Recharts, loaded with this module only when the portal
 * opens). Each chart is one image to assistive technology, described by its caption, with its
 * numbers in a table beneath.
 */

const first = GROWTH_SAMPLE[0];
const last = GROWTH_SAMPLE[GROWTH_SAMPLE.length - 1];
const growthSummary =
  first && last
    ? `Area chart: the sample portfolio grows from ${formatWholeDollars(first.value)} in ${first.year} to ${formatWholeDollars(last.value)} in ${last.year}.`
    : 'Area chart of a sample portfolio.';
const allocationSummary = `Donut chart: ${ALLOCATION_SAMPLE.map(
  (slice) => `${slice.name} ${slice.percent}%`,
).join(', ')}.`;

function GrowthChart() {
  return (
    <figure className="mb-0">
      <div role="img" aria-label={growthSummary} className="portfolio-chart">
        <ResponsiveContainer width="100%" height={260}>
          <AreaChart
            data={[...GROWTH_SAMPLE]}
            accessibilityLayer={false}
            margin={{ top: 10, right: 10, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="year" />
            <YAxis tickFormatter={formatThousands} width={56} />
            <Tooltip formatter={(value) => formatWholeDollars(Number(value))} />
            <Area
              type="monotone"
              dataKey="value"
              name="Portfolio value"
              stroke="#0a3d7a"
              fill="#0a3d7a"
              fillOpacity={0.2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="small text-body-secondary mt-2">
        Portfolio value at the end of each year. Illustrative sample data, not your accounts.
      </figcaption>
      <details className="mt-2">
        <summary>Show the numbers</summary>
        <Table size="sm" className="mt-2 mb-0">
          <caption className="visually-hidden">Sample portfolio value by year</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {GROWTH_SAMPLE.map((point) => (
              <tr key={point.year}>
                <th scope="row">{point.year}</th>
                <td>{formatWholeDollars(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </figure>
  );
}

function AllocationChart() {
  return (
    <figure className="mb-0">
      <div role="img" aria-label={allocationSummary} className="portfolio-chart">
        <ResponsiveContainer width="100%" height={260}>
          <PieChart accessibilityLayer={false}>
            <Pie
              data={[...ALLOCATION_SAMPLE]}
              dataKey="percent"
              nameKey="name"
              innerRadius="50%"
              outerRadius="80%"
              isAnimationActive={false}
            >
              {ALLOCATION_SAMPLE.map((slice) => (
                <Cell key={slice.name} fill={slice.color} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => `${String(value)}%`} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="small text-body-secondary mt-2">
        How the sample portfolio is invested. Illustrative sample data, not your accounts.
      </figcaption>
      <details className="mt-2">
        <summary>Show the numbers</summary>
        <Table size="sm" className="mt-2 mb-0">
          <caption className="visually-hidden">Sample asset allocation</caption>
          <thead>
            <tr>
              <th scope="col">Asset class</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {ALLOCATION_SAMPLE.map((slice) => (
              <tr key={slice.name}>
                <th scope="row">{slice.name}</th>
                <td>{slice.percent}%</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </figure>
  );
}

export function PortfolioCharts() {
  return (
    <Row xs={1} xl={2} className="g-3">
      <Col>
        <Card className="h-100 shadow-sm">
          <Card.Body>
            <h3 className="h5">Portfolio growth</h3>
            <GrowthChart />
          </Card.Body>
        </Card>
      </Col>
      <Col>
        <Card className="h-100 shadow-sm">
          <Card.Body>
            <h3 className="h5">Asset allocation</h3>
            <AllocationChart />
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}
