import type { AccountKind, AdvisorConsent, ClientBalancesResponse } from '@anybank/contracts';
import { balanceCents } from '../../lib/accounts';

/**
 * The advisor's book of consenting clients: the clients who share balances with
 * the advisor and what they share, and the sample content the Client Tracking, Prospecting and
 * Other Services pages build from it. Only shared balances count: an account a client kept
 * private is not there to add up. Pure.
 */

/** The accounts every customer has (document 2 §2: the dashboard's three panels). */
export const ACCOUNTS_PER_CUSTOMER = 3;

export interface ConsentedClient {
  subject: string;
  uid: string;
  name: string;
  /** Shared balances in cents by account kind; a kind the client keeps private is absent. */
  shared: Partial<Record<AccountKind, number>>;
  /** How many accounts the client shares. */
  sharedCount: number;
  totalCents: number;
}

/** Each consenting client once (a client may have several consents), by name. */
export function consentingClients(consents: readonly AdvisorConsent[]): AdvisorConsent[] {
  const bySubject = new Map<string, AdvisorConsent>();
  for (const consent of consents) {
    if (!bySubject.has(consent.subject)) bySubject.set(consent.subject, consent);
  }
  return [...bySubject.values()].sort(
    (a, b) => a.cn.localeCompare(b.cn) || a.uid.localeCompare(b.uid),
  );
}

/** A consenting client with the balances the server returned for them. */
export function consentedClientOf(
  consent: Pick<AdvisorConsent, 'subject' | 'uid' | 'cn'>,
  balances: ClientBalancesResponse['Data']['Balance'],
): ConsentedClient {
  const shared: Partial<Record<AccountKind, number>> = {};
  for (const balance of balances) {
    const cents = balanceCents(balance);
    if (cents !== null) shared[balance.AccountKind] = (shared[balance.AccountKind] ?? 0) + cents;
  }
  const amounts = Object.values(shared);
  return {
    subject: consent.subject,
    uid: consent.uid,
    name: consent.cn,
    shared,
    sharedCount: balances.length,
    totalCents: amounts.reduce((sum, cents) => sum + cents, 0),
  };
}

/** Largest shared total first: the order of the tracking table and its chart. */
export function byTotalShared(clients: readonly ConsentedClient[]): ConsentedClient[] {
  return [...clients].sort((a, b) => b.totalCents - a.totalCents || a.name.localeCompare(b.name));
}

// ---------------------------------------------------------------------------------------------
// Client Tracking: when each client was last contacted (sample) and what is due.

const DAY_MS = 24 * 60 * 60 * 1000;
/** A client not contacted for longer than this is overdue a call. */
export const CONTACT_DUE_AFTER_DAYS = 30;
const SAMPLE_CONTACT_SPREAD_DAYS = 60;

/** A stable number from a text (FNV-1a): the same client gets the same sample date each day. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export interface TrackingRow {
  client: ConsentedClient;
  /** Sample: days since the advisor last spoke to the client, 1 to 60. */
  daysSinceContact: number;
  lastContacted: Date;
  status: 'overdue' | 'on-track';
}

export function trackingRows(clients: readonly ConsentedClient[], today: Date): TrackingRow[] {
  return byTotalShared(clients).map((client) => {
    const daysSinceContact = (stableHash(client.uid) % SAMPLE_CONTACT_SPREAD_DAYS) + 1;
    return {
      client,
      daysSinceContact,
      lastContacted: new Date(today.getTime() - daysSinceContact * DAY_MS),
      status: daysSinceContact > CONTACT_DUE_AFTER_DAYS ? 'overdue' : 'on-track',
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Prospecting: more business with the clients the advisor already has.

/** Savings above this could be invested. */
export const IDLE_SAVINGS_CENTS = 25_000_00;
/** A card balance above this is worth a conversation about paying it down. */
export const CARD_BALANCE_CENTS = 1_000_00;

export interface Opportunity {
  client: ConsentedClient;
  kind: 'invest-savings' | 'pay-down-card' | 'share-more';
  cents: number | null;
}

export function opportunitiesIn(clients: readonly ConsentedClient[]): Opportunity[] {
  return byTotalShared(clients).flatMap((client): Opportunity[] => {
    const found: Opportunity[] = [];
    const savings = client.shared.savings ?? 0;
    const card = client.shared['rewards-visa'] ?? 0;
    if (savings > IDLE_SAVINGS_CENTS)
      found.push({ client, kind: 'invest-savings', cents: savings });
    if (card > CARD_BALANCE_CENTS) found.push({ client, kind: 'pay-down-card', cents: card });
    if (client.sharedCount < ACCOUNTS_PER_CUSTOMER)
      found.push({ client, kind: 'share-more', cents: null });
    return found;
  });
}

// ---------------------------------------------------------------------------------------------
// Other Services: which clients each service suits, and the book by account kind.

export type ServiceId = 'estate' | 'retirement' | 'cash' | 'credit' | 'insurance';

/** Who each service suits, from what the client shares. */
const SUITS: Record<ServiceId, (client: ConsentedClient) => boolean> = {
  estate: (client) => client.totalCents >= 150_000_00,
  retirement: (client) => (client.shared.savings ?? 0) >= 50_000_00,
  cash: (client) => (client.shared.checking ?? 0) >= 20_000_00,
  credit: (client) => (client.shared['rewards-visa'] ?? 0) > 0,
  insurance: () => true,
};

export function clientsSuitedTo(
  service: ServiceId,
  clients: readonly ConsentedClient[],
): ConsentedClient[] {
  return byTotalShared(clients).filter(SUITS[service]);
}

/** The shared balances of the whole book, added up by account kind, in the kinds' order. */
export function bookByKind(
  clients: readonly ConsentedClient[],
  kinds: readonly AccountKind[],
): { kind: AccountKind; cents: number; clients: number }[] {
  return kinds.map((kind) => {
    const holders = clients.filter((client) => client.shared[kind] !== undefined);
    return {
      kind,
      cents: holders.reduce((sum, client) => sum + (client.shared[kind] ?? 0), 0),
      clients: holders.length,
    };
  });
}
