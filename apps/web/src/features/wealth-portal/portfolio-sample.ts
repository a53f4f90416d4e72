/**
 * Illustrative sample data of the wealth portal (document 2 §1: much of the partner-portal
 * content is static sample data). Not the customer's accounts.
 */
export const GROWTH_SAMPLE: readonly { year: string; value: number }[] = [
  { year: '2019', value: 120_000 },
  { year: '2020', value: 128_500 },
  { year: '2021', value: 146_200 },
  { year: '2022', value: 139_800 },
  { year: '2023', value: 152_400 },
  { year: '2024', value: 168_900 },
  { year: '2025', value: 181_300 },
];

export const ALLOCATION_SAMPLE: readonly { name: string; percent: number; color: string }[] = [
  { name: 'US stocks', percent: 45, color: '#0a3d7a' },
  { name: 'International stocks', percent: 15, color: '#2f6db3' },
  { name: 'Bonds', percent: 25, color: '#6f42c1' },
  { name: 'Real estate', percent: 5, color: '#b35900' },
  { name: 'Cash', percent: 10, color: '#1e7b45' },
];

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** 181300 → "$181,300". */
export function formatWholeDollars(value: number): string {
  return wholeDollars.format(value);
}

/** 181300 → "$181k": short enough for an axis. */
export function formatThousands(value: number): string {
  return `$${Math.round(value / 1000)}k`;
}
