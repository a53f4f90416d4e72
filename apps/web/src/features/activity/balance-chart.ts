/**
 * The balance-over-time chart's words, pure: each entry's balance-after as a point (oldest
 * first), the axes' short dollars and dates, and the summary the chart is described by.
 */
export interface BalancePoint {
  at: number;
  balanceCents: number;
}

/** An axis's dollars, short: 2450000 → "$24.5k", 95000 → "$950", -12000 → "-$120". */
export function axisDollars(cents: number): string {
  const dollars = cents / 100;
  const sign = dollars < 0 ? '-' : '';
  const size = Math.abs(dollars);
  if (size >= 1000) return `${sign}$${Number((size / 1000).toFixed(1))}k`;
  return `${sign}$${Math.round(size)}`;
}

/** An axis's date, short: "Dec 7". */
export function axisDate(at: number): string {
  return new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** The lowest and highest balance and where the period started and ended, for the text. */
export function chartSummary(points: readonly BalancePoint[]) {
  const [first] = points;
  const last = points.at(-1);
  if (!first || !last) return null;
  const values = points.map((point) => point.balanceCents);
  return { first, last, lowest: Math.min(...values), highest: Math.max(...values) };
}
