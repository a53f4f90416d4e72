import { SESSION_ACTIVITY_RESOLUTION_MS } from '@anybank/contracts';

/**
 * Pure rules of "Where you're signed in": what an address says of the place (the
 * browser and platform: user-agent.rules.ts), when a session's "last active" is worth
 * writing again, and the order the list shows.
 */

/** An IPv4 address in dotted form, or an IPv6-mapped one (`::ffff:10.0.0.1`); else null. */
function ipv4Of(address: string): number[] | null {
  const dotted = address.toLowerCase().replace(/^::ffff:/, '');
  const parts = dotted.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const numbers = parts.map(Number);
  return numbers.every((part) => part <= 255) ? numbers : null;
}

/**
 * Roughly where an address is, when the address itself tells: this computer (loopback) or a
 * private network (RFC 1918, RFC 4193, link-local, carrier-grade NAT). A public address says
 * nothing without a geolocation database, which the bank does not keep: null, and the list
 * shows the address itself.
 */
export function placeOfAddress(address: string): string | null {
  const v4 = ipv4Of(address);
  if (v4) {
    const [a = 0, b = 0] = v4;
    if (a === 127) return 'This computer';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
      return 'A private network';
    }
    if (a === 169 && b === 254) return 'A private network';
    if (a === 100 && b >= 64 && b <= 127) return 'A private network';
    return null;
  }
  const v6 = address.toLowerCase();
  if (!v6.includes(':')) return null;
  if (v6 === '::1') return 'This computer';
  if (/^f[cd][0-9a-f]{2}:/.test(v6) || /^fe[89ab][0-9a-f]:/.test(v6)) return 'A private network';
  return null;
}

/**
 * Whether a use of a session's token should write its "last active" again: not within
 * SESSION_ACTIVITY_RESOLUTION_MS of the last write this instance made (the list shows minutes,
 * and a write per API call would double the cost of a cheap request).
 */
export function isActivityWriteDue(lastWrittenMs: number | undefined, nowMs: number): boolean {
  return lastWrittenMs === undefined || nowMs - lastWrittenMs >= SESSION_ACTIVITY_RESOLUTION_MS;
}

/** The list's order: this browser first, then the most recently active first. */
export function sessionOrder(
  a: { current: boolean; lastActiveAt: Date },
  b: { current: boolean; lastActiveAt: Date },
): number {
  if (a.current !== b.current) return a.current ? -1 : 1;
  return b.lastActiveAt.getTime() - a.lastActiveAt.getTime();
}
