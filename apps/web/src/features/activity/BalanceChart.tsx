import { useId } from 'react';
import { formatUsd } from '../../lib/accounts';
import { formatEntryDate } from '../../lib/activity-format';
import { chartPath, chartSummary, type BalancePoint } from './balance-chart';

const BOX = { width: 600, height: 160, pad: 8 };

/**
 * The balance over time: a small inline SVG line (attributes only, no inline
 * style, for the CSP), named and described for assistive technology, with the same facts as
 * text beside it.
 */
export function BalanceChart({ points, owed }: { points: readonly BalancePoint[]; owed: boolean }) {
  const titleId = useId();
  const descriptionId = useId();
  const summary = chartSummary(points);
  if (!summary) return null;
  const what = owed ? 'Balance owed' : 'Balance';
  const text =
    `${what} went from ${formatUsd(summary.first.balanceCents)} on ${formatEntryDate(new Date(summary.first.at).toISOString())} ` +
    `to ${formatUsd(summary.last.balanceCents)} on ${formatEntryDate(new Date(summary.last.at).toISOString())}; ` +
    `lowest ${formatUsd(summary.lowest)}, highest ${formatUsd(summary.highest)}.`;
  return (
    <figure className="mb-4">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        width="100%"
        height={BOX.height}
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        className="balance-chart border rounded bg-body-tertiary"
        preserveAspectRatio="none"
      >
        <title id={titleId}>{`${what} over time`}</title>
        <desc id={descriptionId}>{text}</desc>
        <path
          d={chartPath(points, BOX)}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="small text-body-secondary mt-1">{text}</figcaption>
    </figure>
  );
}
