import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCents } from '@anybank/contracts';
import { DATABASE_KINDS } from '../../../test/test-database';
import { auditEvents } from '../../db/schema';
import { runWatchedBy } from '../audit';
import { listLedgerEntriesOf } from './ledger.store';
import { person } from './transfer-request.fixtures';
import { bankingServiceOn, GRANTS, grantCheck } from './banking-service.fixtures';

/** A tiny seeded generator: the concurrent run is the same every time. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe.each(DATABASE_KINDS)('a transfer through the banking service on %s', (kind) => {
  const world = bankingServiceOn(kind);

  it('moves exactly the amount and writes a debit and a credit with the balances after', async () => {
    const customer = await world.newCustomer({
      checking: 200_000,
      savings: 2_500,
      cibaThreshold: 5_000,
    });
    const outcome = await world.banking.transfer(world.transferOf(customer, '1,234.56'));
    expect(outcome).toMatchObject({ kind: 'confirmed' });
    expect(await world.balanceOf(customer.checking)).toBe(200_000 - 123_456);
    expect(await world.balanceOf(customer.savings)).toBe(2_500 + 123_456);
    const [transfer] = await world.transfersOf(customer.userId);
    expect(transfer).toMatchObject({ status: 'confirmed', amountCents: 123_456, reason: null });
    expect(outcome).toEqual({ kind: 'confirmed', referenceNumber: transfer!.referenceNumber });
    expect(await listLedgerEntriesOf(world.db, customer.checking)).toMatchObject([
      { transferId: transfer!.id, amountCents: -123_456, balanceAfterCents: 76_544 },
    ]);
    expect(await listLedgerEntriesOf(world.db, customer.savings)).toMatchObject([
      { transferId: transfer!.id, amountCents: 123_456, balanceAfterCents: 125_956 },
    ]);
    const [audit] = await world.db
      .select({ type: auditEvents.type, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.userId, customer.userId));
    expect(audit).toEqual({
      type: 'transfer.confirmed',
      details: {
        transferId: transfer!.id,
        referenceNumber: transfer!.referenceNumber,
        fromAccountId: customer.checking,
        toAccountId: customer.savings,
        amountCents: 123_456,
        // The two ledger entries the statement wrote, the debit first.
        entries: [
          { accountId: customer.checking, amountCents: -123_456 },
          { accountId: customer.savings, amountCents: 123_456 },
        ],
      },
    });
    expect(await world.pendingAmountOf(customer.userId)).toBeNull();
  });

  it.each([
    ['signed out', GRANTS.signedOut],
    ['expired', GRANTS.expired],
  ])(
    'writes nothing for a caller whose grant is %s, learning it from its first read',
    async (_how, grantId) => {
      const customer = await world.newCustomer({ checking: 200_000, savings: 0 });
      const ended = grantCheck(grantId);
      await expect(
        world.banking.transfer({ ...world.transferOf(customer, '10.00'), grant: ended.check }),
      ).rejects.toThrow('signed out');
      expect(ended.confirmed).toEqual([false]);
      expect(await world.transfersOf(customer.userId)).toEqual([]);
      expect(await world.balanceOf(customer.checking)).toBe(200_000);
      expect(await world.auditTypesOf(customer.userId)).toEqual([]);
    },
  );

  it('keeps every balance whole through 200 concurrent transfers both ways, some too large', async () => {
    // Limits far above the amounts: this test is about the money, not the running total.
    const customer = await world.newCustomer({
      checking: 500_000,
      savings: 500_000,
      cibaThreshold: 10_000_000,
      denyThreshold: 20_000_000,
    });
    const random = seededRandom(kind === 'pglite' ? 7 : 11);
    const requests = Array.from({ length: 200 }, () => {
      // Up to $7,000 against $5,000 each side: many fit, many do not, at one moment or another.
      const cents = 1 + Math.floor(random() * 700_000);
      return world.transferOf(customer, formatCents(cents), { reverse: random() < 0.5 });
    });
    const outcomes = await Promise.all(requests.map((request) => world.banking.transfer(request)));

    const confirmed = outcomes.filter((outcome) => outcome.kind === 'confirmed');
    const refused = outcomes.filter((outcome) => outcome.kind !== 'confirmed');
    for (const outcome of refused) {
      expect(outcome).toMatchObject({
        kind: 'invalid',
        message: expect.stringMatching(/^You do not have sufficient funds in account/),
      });
    }
    expect(confirmed.length).toBeGreaterThan(20);
    expect(refused.length).toBeGreaterThan(0);

    const checking = await world.balanceOf(customer.checking);
    const savings = await world.balanceOf(customer.savings);
    expect(checking + savings).toBe(1_000_000);
    expect(checking).toBeGreaterThanOrEqual(0);
    expect(savings).toBeGreaterThanOrEqual(0);

    for (const [accountId, start, end] of [
      [customer.checking, 500_000, checking],
      [customer.savings, 500_000, savings],
    ] as const) {
      const entries = await listLedgerEntriesOf(world.db, accountId);
      expect(entries).toHaveLength(confirmed.length);
      expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(end - start);
      // Entry by entry, in ledger order, each balance after follows from the one before.
      let running = start;
      for (const entry of entries) {
        running += entry.amountCents;
        expect(entry.balanceAfterCents).toBe(running);
        expect(entry.balanceAfterCents).toBeGreaterThanOrEqual(0);
      }
    }
    const rows = await world.transfersOf(customer.userId);
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(confirmed.length);
    expect(await world.pendingAmountOf(customer.userId)).toBeNull();
  });

  it('records an automated request as a bot, moves nothing and clears the pending amount', async () => {
    const customer = await world.newCustomer();
    const outcome = await world.banking.transfer(
      world.transferOf(customer, '5.00', {
        riskData: { ...person, userAgent: 'Mozilla/5.0 HeadlessChrome' },
      }),
    );
    expect(outcome).toMatchObject({ kind: 'refused', code: 'risk' });
    expect(await world.transfersOf(customer.userId)).toMatchObject([
      { status: 'denied', reason: 'risk' },
    ]);
    expect(await world.auditTypesOf(customer.userId)).toEqual(['transfer.bot_detected']);
    expect(await world.balanceOf(customer.checking)).toBe(500_000);
    expect(await world.pendingAmountOf(customer.userId)).toBeNull();
  });

  it('traces the decision for a watching panel only, with the running total it compared', async () => {
    const customer = await world.newCustomer({ cibaThreshold: 1_000 });
    await world.banking.transfer(world.transferOf(customer, '100.00'));
    await runWatchedBy('panel-of-the-test', () =>
      world.banking.transfer(world.transferOf(customer, '200.00')),
    );
    const traces = await world.db
      .select({ details: auditEvents.details, inspectorId: auditEvents.inspectorId })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.type, 'transfer.decided'), eq(auditEvents.userId, customer.userId)),
      );
    expect(traces).toEqual([
      {
        inspectorId: 'panel-of-the-test',
        details: expect.objectContaining({
          rule: 'below_threshold',
          amountCents: 20_000,
          recentTotalCents: 10_000,
          runningTotalCents: 30_000,
          cibaThresholdCents: 100_000,
        }),
      },
    ]);
    expect(await world.balanceOf(customer.checking)).toBe(500_000 - 30_000);
  });
});
