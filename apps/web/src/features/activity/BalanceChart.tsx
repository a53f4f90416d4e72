import { useId } from 'react';
import { Table } from 'react-bootstrap';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatUsd } from '../../lib/accounts';
import { formatEntryDate } from '../../lib/activity-format';
import { axisDate, axisDollars, chartSummary, type BalancePoint } from './balance-chart';

const dayOf = (at: number) => formatEntryDate(new Date(at).toISOString());

/**
 * The balance over time (Recharts, as the wealth portal's charts; loaded with the account's
 * page only): dates along the bottom, amounts up the side, the balance under the pointer. One
 * image to assistive technology, named and described by its summary, with every balance in a
 * table beneath ("Show the balances").
 */
export function BalanceChart({ points, owed }: { points: readonly BalancePoint[]; owed: boolean }) {
  const captionId = useId();
  const summary = chartSummary(points);
  if (!summary) return null;
  const what = owed ? 'Balance owed' : 'Balance';
  const text =
    `${what} went from ${formatUsd(summary.first.balanceCents)} on ${dayOf(summary.first.at)} ` +
    `to ${formatUsd(summary.last.balanceCents)} on ${dayOf(summary.last.at)}; ` +
    `lowest ${formatUsd(summary.lowest)}, highest ${formatUsd(summary.highest)}.`;
  return (
    <figure className="mb-4" aria-labelledby={captionId}>
      <div role="img" aria-label={`${what} over time. ${text}`} className="balance-chart">
        <ResponsiveContainer width="100%" height={220}>
          <LineChart
            data={[...points]}
            accessibilityLayer={false}
            margin={{ top: 10, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              tickFormatter={axisDate}
              minTickGap={24}
            />
            <YAxis tickFormatter={axisDollars} width={64} />
            <Tooltip
              labelFormatter={(at) => dayOf(Number(at))}
              formatter={(value) => [formatUsd(Number(value)), what]}
            />
            <Line
              type="stepAfter"
              dataKey="balanceCents"
              name={what}
              stroke="currentColor"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption id={captionId} className="small text-body-secondary mt-1">
        {text}
      </figcaption>
      <details className="mt-1">
        <summary>Show the balances</summary>
        <Table size="sm" className="mt-2 mb-0">
          <caption className="visually-hidden">{`${what} after each entry`}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                {what}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point, index) => (
              <tr key={`${point.at}-${index}`}>
                <th scope="row">{dayOf(point.at)}</th>
                <td className="text-end">{formatUsd(point.balanceCents)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </figure>
  );
}
