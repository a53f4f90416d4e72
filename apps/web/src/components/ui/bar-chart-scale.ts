/**
 * A bar's length as a percentage of the chart's width: the largest value fills it, a positive
 * value too small to see still shows a sliver, and nothing (zero, negative, no largest) shows
 * none. Pure, for the unit tests.
 */
export function barWidthPercent(value: number, largest: number): number {
  if (!(largest > 0) || !(value > 0)) return 0;
  const percent = (value / largest) * 100;
  return Math.min(100, Math.max(1, Math.round(percent * 10) / 10));
}
