import { formatUsd } from './accounts';

/** How the activity pages write dates and amounts. Pure but for the locale. */

/** "May 2, 2025", in the customer's own time zone. */
export function formatEntryDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** "May 2, 2025, 3:04 PM". */
export function formatEntryTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** An entry's amount for its customer: "+$25.50" in, "−$25.50" out (a true minus sign). */
export function formatEntryAmount(entry: { amountCents: number; direction: string }): string {
  const cents = Math.abs(entry.amountCents);
  return entry.direction === 'credit' ? `+${formatUsd(cents)}` : `\u2212${formatUsd(cents)}`;
}

/** "2025-05" → its first and last days: ["May 1, 2025", "May 31, 2025"]. */
export function monthPeriod(month: string): [first: string, last: string] {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  const day = (date: Date) =>
    date.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  return [day(new Date(Date.UTC(year, number - 1, 1))), day(new Date(Date.UTC(year, number, 0)))];
}

/** "2025-05" → "May 2025". */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}
