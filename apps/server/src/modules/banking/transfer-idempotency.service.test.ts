import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/test-database';
import { listLedgerEntriesOf } from './ledger.store';
import { bankingServiceOn } from './banking-service.fixtures';

describe.each(DATABASE_KINDS)('retries of a transfer through the banking service on %s', (kind) => {
  const world = bankingServiceOn(kind);

  it('moves the money once for concurrent requests with the same Idempotency-Key', async () => {
    const customer = await world.newCustomer({ checking: 100_000, savings: 0 });
    const request = world.transferOf(customer, '10.00', { idempotencyKey: 'same-key-concurrent' });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => world.banking.transfer(request)),
    );
    const [first] = await world.transfersOf(customer.userId);
    for (const outcome of outcomes) {
      expect(outcome).toEqual({ kind: 'confirmed', referenceNumber: first!.referenceNumber });
    }
    expect(await world.transfersOf(customer.userId)).toHaveLength(1);
    expect(await world.balanceOf(customer.checking)).toBe(99_000);
    expect(await world.balanceOf(customer.savings)).toBe(1_000);
    expect(await listLedgerEntriesOf(world.db, customer.savings)).toHaveLength(1);
  });

  it('answers a refused transfer’s retry with the same refusal and number, once recorded', async () => {
    const customer = await world.newCustomer({ checking: 2_000_000 });
    const request = world.transferOf(customer, '10,000.01', { idempotencyKey: 'refused-once' });
    const outcomes = await Promise.all([
      world.banking.transfer(request),
      world.banking.transfer(request),
    ]);
    expect(outcomes[0]).toMatchObject({ kind: 'refused', code: 'max_threshold' });
    // The same refusal, message and number; the figures of the limit were those of the
    // decision, said once (banking.schemas.ts `limit`).
    const [first, second] = outcomes.map((outcome) => ({ ...outcome, limit: undefined }));
    expect(second).toEqual(first);
    expect(await world.transfersOf(customer.userId)).toMatchObject([
      { status: 'denied', reason: 'max_threshold' },
    ]);
    expect(await world.auditTypesOf(customer.userId)).toEqual(['transfer.denied']);
  });

  it('refuses an Idempotency-Key used for another transfer', async () => {
    const customer = await world.newCustomer();
    await world.banking.transfer(world.transferOf(customer, '5.00', { idempotencyKey: 'one-key' }));
    expect(
      await world.banking.transfer(
        world.transferOf(customer, '6.00', { idempotencyKey: 'one-key' }),
      ),
    ).toEqual({ kind: 'key_reused' });
    expect(await world.balanceOf(customer.checking)).toBe(500_000 - 500);
  });
});
