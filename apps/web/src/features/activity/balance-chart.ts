/**
 * The balance-over-time chart's geometry, pure: the points of a line through each
 * entry's balance-after, oldest on the left, in a `width` × `height` box with `pad` around it.
 */
export interface BalancePoint {
  at: number;
  balanceCents: number;
}

export function chartPath(
  points: readonly BalancePoint[],
  box: { width: number; height: number; pad: number },
): string {
  if (points.length === 0) return '';
  const times = points.map((point) => point.at);
  const values = points.map((point) => point.balanceCents);
  const [minAt, maxAt] = [Math.min(...times), Math.max(...times)];
  const [low, high] = [Math.min(0, ...values), Math.max(...values)];
  const x = (at: number) =>
    box.pad + (maxAt === minAt ? 0 : ((at - minAt) / (maxAt - minAt)) * (box.width - 2 * box.pad));
  const y = (value: number) =>
    box.height -
    box.pad -
    (high === low ? 0 : ((value - low) / (high - low)) * (box.height - 2 * box.pad));
  return points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${x(point.at).toFixed(1)},${y(point.balanceCents).toFixed(1)}`,
    )
    .join(' ');
}

/** The lowest and highest balance and where the period started and ended, for the text. */
export function chartSummary(points: readonly BalancePoint[]) {
  const [first] = points;
  const last = points.at(-1);
  if (!first || !last) return null;
  const values = points.map((point) => point.balanceCents);
  return { first, last, lowest: Math.min(...values), highest: Math.max(...values) };
}
