/**
 * The order the phone shows a request's details in: what and where from first, then when; for
 * a transfer, the amount and the accounts. The server keeps the details as JSON whose key order
 * the database does not keep, so the phone puts them in order itself; any other detail follows.
 */
export const DETAIL_ORDER = [
  'Amount',
  'From account',
  'To account',
  'From',
  'IP address',
  'Time',
] as const;

export function orderedDetails(details: Record<string, string>): [string, string][] {
  const rank = (label: string) => {
    const index = (DETAIL_ORDER as readonly string[]).indexOf(label);
    return index === -1 ? DETAIL_ORDER.length : index;
  };
  return Object.entries(details).sort(([a], [b]) => rank(a) - rank(b));
}
