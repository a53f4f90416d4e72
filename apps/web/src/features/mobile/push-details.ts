import { messages } from '@anybank/contracts';

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

/**
 * Where a sign-in came from, in words, from its IP address (the bank looks up no location):
 * this computer for a loopback address, the local network for a private one, else nothing.
 */
export function placeOf(ip: string): string | null {
  const address = ip.toLowerCase().replace(/^::ffff:/, '');
  if (address === '::1' || /^127\./.test(address)) return messages.phoneApp.onThisComputer;
  if (
    /^10\./.test(address) ||
    /^192\.168\./.test(address) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(address) ||
    /^169\.254\./.test(address) ||
    /^f[cd][0-9a-f]{2}:/.test(address) ||
    /^fe[89ab][0-9a-f]:/.test(address)
  ) {
    return messages.phoneApp.onLocalNetwork;
  }
  return null;
}
