import { describe, expect, it } from 'vitest';
import { ACCOUNT_KINDS } from '@anybank/contracts';
import type { AccountKind, AdvisorConsent, ClientBalance } from '@anybank/contracts';
import {
  CONTACT_DUE_AFTER_DAYS,
  bookByKind,
  clientsSuitedTo,
  consentedClientOf,
  consentingClients,
  opportunitiesIn,
  trackingRows,
} from './advisor-book';

function consent(subject: string, cn: string, uid = subject): AdvisorConsent {
  return {
    id: `consent-${subject}-${cn}`,
    subject,
    uid,
    cn,
    status: 'accepted',
    definition: { id: 'share-account-balances', version: '1.0', locale: 'en-US' },
  };
}

function balance(kind: AccountKind, amount: string, id = kind): ClientBalance {
  return {
    AccountId: id,
    AccountKind: kind,
    Amount: { Amount: amount, Currency: 'USD' },
    CreditDebitIndicator: 'Credit',
    Type: 'InterimAvailable',
    DateTime: '2026-01-01T00:00:00Z',
  };
}

/** The seeded clients' shares (apps/server/src/seed/demo-data.ts), in dollars. */
const emily = consentedClientOf(consent('s-emily', 'Emily Chen', 'emily.chen'), [
  balance('checking', '12345.00'),
  balance('savings', '56000.00'),
  balance('rewards-visa', '0.00'),
]);
const sofia = consentedClientOf(consent('s-sofia', 'Sofia Garcia', 'sofia.garcia'), [
  balance('savings', '105000.00'),
]);
const james = consentedClientOf(consent('s-james', 'James Taylor', 'james.taylor'), [
  balance('checking', '33000.00'),
  balance('savings', '150000.00'),
  balance('rewards-visa', '4123.00'),
]);

describe("the advisor's book of consenting clients", () => {
  it('lists each consenting client once, by name', () => {
    const clients = consentingClients([
      consent('b', 'Zoe Park'),
      consent('a', 'Adam Bell'),
      consent('b', 'Zoe Park'),
    ]);
    expect(clients.map((client) => client.cn)).toEqual(['Adam Bell', 'Zoe Park']);
  });

  it('adds up only the balances a client shares, by kind, skipping amounts it cannot read', () => {
    expect(emily).toMatchObject({
      name: 'Emily Chen',
      sharedCount: 3,
      totalCents: 6_834_500,
      shared: { checking: 1_234_500, savings: 5_600_000, 'rewards-visa': 0 },
    });
    const unreadable = consentedClientOf(consent('x', 'X'), [
      balance('checking', 'n/a'),
      balance('savings', '10.00'),
    ]);
    expect(unreadable.totalCents).toBe(1000);
    expect(unreadable.shared).toEqual({ savings: 1000 });
  });

  it('tracks the largest shares first, with a contact date that is the same all day', () => {
    const today = new Date('2026-03-15T12:00:00Z');
    const rows = trackingRows([emily, sofia, james], today);
    expect(rows.map((row) => row.client.name)).toEqual([
      'James Taylor',
      'Sofia Garcia',
      'Emily Chen',
    ]);
    expect(trackingRows([emily, sofia, james], today)).toEqual(rows);
    for (const row of rows) {
      expect(row.daysSinceContact).toBeGreaterThanOrEqual(1);
      expect(row.daysSinceContact).toBeLessThanOrEqual(60);
      expect(row.status).toBe(
        row.daysSinceContact > CONTACT_DUE_AFTER_DAYS ? 'overdue' : 'on-track',
      );
      expect(today.getTime() - row.lastContacted.getTime()).toBe(row.daysSinceContact * 86_400_000);
    }
  });

  it('finds idle savings, card balances and accounts not shared', () => {
    const found = opportunitiesIn([emily, sofia, james]).map(
      (opportunity) =>
        `${opportunity.client.name}: ${opportunity.kind} ${String(opportunity.cents)}`,
    );
    expect(found).toEqual([
      'James Taylor: invest-savings 15000000',
      'James Taylor: pay-down-card 412300',
      'Sofia Garcia: invest-savings 10500000',
      'Sofia Garcia: share-more null',
      'Emily Chen: invest-savings 5600000',
    ]);
  });

  it('suits each service to the clients whose shares meet it', () => {
    const names = (service: Parameters<typeof clientsSuitedTo>[0]) =>
      clientsSuitedTo(service, [emily, sofia, james]).map((client) => client.name);
    expect(names('estate')).toEqual(['James Taylor']);
    expect(names('retirement')).toEqual(['James Taylor', 'Sofia Garcia', 'Emily Chen']);
    expect(names('cash')).toEqual(['James Taylor']);
    expect(names('credit')).toEqual(['James Taylor']);
    expect(names('insurance')).toHaveLength(3);
  });

  it('adds the book up by account kind, counting the clients who share each', () => {
    expect(bookByKind([emily, sofia, james], ACCOUNT_KINDS)).toEqual([
      { kind: 'checking', cents: 4_534_500, clients: 2 },
      { kind: 'savings', cents: 31_100_000, clients: 3 },
      { kind: 'rewards-visa', cents: 412_300, clients: 2 },
    ]);
  });
});
