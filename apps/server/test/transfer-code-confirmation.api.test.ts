import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSFER_NUMBER_HEADER,
  messages,
  transferCancellationPath,
  transferConfirmationPath,
  transferConfirmationRequiredSchema,
} from '@anybank/contracts';
import { auditEvents, transfers } from '../src/db/schema';
import { signedInCustomer, startBankingServer } from './banking-server';
import type { Server } from './sign-in-driver';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';
import { type Customer, approvingPhone, transferHelpers } from './transfer-limits-fixtures';

// A transfer above the approval threshold, by a customer without a phone app, confirmed by a
// one-time code (the limits themselves are in transfer-limits.api.test.ts).
describe.each(DATABASE_KINDS)('transfer limits the customer cannot lift, on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  const phone = approvingPhone();

  const customer = (uid: string): Promise<Customer> => signedInCustomer(test, origin, uid);

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test, { approvals: phone.approvals }));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const { balancesOf, setThresholds, transfer, codeSentTo } = transferHelpers(() => ({
    db: test.handle.db,
    origin,
  }));

  describe('a customer without a phone app confirms by a one-time code', () => {
    it('moves john.smith’s $1,000.01 only after the e-mailed code; a wrong code moves nothing', async () => {
      const john = await customer('john.smith');
      const before = await balancesOf(john.checking, john.savings);
      const started = await transfer(john, '1,000.01');
      expect(started.status).toBe(202);
      const waiting = transferConfirmationRequiredSchema.parse(await started.json());
      expect(await balancesOf(john.checking, john.savings)).toEqual(before);
      const [row] = await test.handle.db
        .select()
        .from(transfers)
        .where(eq(transfers.id, waiting.transferId));
      expect(row).toMatchObject({ status: 'pending_approval', amountCents: 100_001 });

      const code = await codeSentTo('john.smith@example.com');
      const wrong = await john.call(transferConfirmationPath(waiting.transferId), {
        method: 'POST',
        body: { code: code === '000000' ? '111111' : '000000' },
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({
        code: 'invalid_code',
        attemptsLeft: 4,
        message: messages.transfer.confirmationCodeWrong(4),
      });
      expect(await balancesOf(john.checking, john.savings)).toEqual(before);

      // Another customer cannot confirm it, even with the right code.
      const emily = await customer('emily.chen');
      const foreign = await emily.call(transferConfirmationPath(waiting.transferId), {
        method: 'POST',
        body: { code },
      });
      expect(foreign.status).toBe(404);
      expect(await balancesOf(john.checking, john.savings)).toEqual(before);

      const right = await john.call(transferConfirmationPath(waiting.transferId), {
        method: 'POST',
        body: { code },
      });
      expect(right.status).toBe(204);
      expect(await balancesOf(john.checking, john.savings)).toEqual([
        before[0]! - 100_001,
        before[1]! + 100_001,
      ]);
      const again = await john.call(transferConfirmationPath(waiting.transferId), {
        method: 'POST',
        body: { code },
      });
      expect(again.status).toBe(409);
      expect(await balancesOf(john.checking, john.savings)).toEqual([
        before[0]! - 100_001,
        before[1]! + 100_001,
      ]);
    });

    it('cancels a transfer waiting for its code: the code no longer works and the running total has room again', async () => {
      const noah = await customer('noah.white');
      await setThresholds(noah.id, 1_000, 1_500);
      const before = await balancesOf(noah.checking, noah.savings);
      const started = await transfer(noah, '1,200.00');
      expect(started.status).toBe(202);
      const waiting = transferConfirmationRequiredSchema.parse(await started.json());
      const code = await codeSentTo('noah.white@example.com');
      // While it waits, it holds its room: another $1,200 would take the total past $1,500.
      expect((await transfer(noah, '1,200.00')).status).toBe(403);

      const cancelled = await noah.call(transferCancellationPath(waiting.transferId), {
        method: 'POST',
      });
      expect(cancelled.status).toBe(204);
      expect(cancelled.headers.get(TRANSFER_NUMBER_HEADER)).toBe(
        started.headers.get(TRANSFER_NUMBER_HEADER),
      );
      const [row] = await test.handle.db
        .select()
        .from(transfers)
        .where(eq(transfers.id, waiting.transferId));
      expect(row).toMatchObject({ status: 'not_approved', reason: 'cancelled' });
      const audits = await test.handle.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.type, 'transfer.cancelled'), eq(auditEvents.userId, noah.id)));
      expect(audits.map((audit) => audit.details)).toEqual([
        { transferId: waiting.transferId, reason: 'cancelled', amountCents: 120_000 },
      ]);

      const late = await noah.call(transferConfirmationPath(waiting.transferId), {
        method: 'POST',
        body: { code },
      });
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ code: 'transfer_not_pending' });
      const twice = await noah.call(transferCancellationPath(waiting.transferId), {
        method: 'POST',
      });
      expect(twice.status).toBe(409);
      expect(await twice.json()).toMatchObject({
        code: 'transfer_not_pending',
        message: messages.transfer.confirmationNotPending,
      });
      expect(await balancesOf(noah.checking, noah.savings)).toEqual(before);

      // Its room is free again: the same $1,200 waits for a code instead of being denied.
      expect((await transfer(noah, '1,200.00')).status).toBe(202);
      expect(await balancesOf(noah.checking, noah.savings)).toEqual(before);
    });

    it('refuses to cancel another customer’s transfer (404) or one already confirmed (409), changing nothing', async () => {
      const liam = await customer('liam.anderson');
      await setThresholds(liam.id, 1_000, 10_000);
      const before = await balancesOf(liam.checking, liam.savings);
      const started = await transfer(liam, '1,200.00');
      expect(started.status).toBe(202);
      const waiting = transferConfirmationRequiredSchema.parse(await started.json());
      const code = await codeSentTo('liam.anderson@example.com');

      const emily = await customer('emily.chen');
      const foreign = await emily.call(transferCancellationPath(waiting.transferId), {
        method: 'POST',
      });
      expect(foreign.status).toBe(404);
      const [row] = await test.handle.db
        .select()
        .from(transfers)
        .where(eq(transfers.id, waiting.transferId));
      expect(row?.status).toBe('pending_approval');

      const confirmed = await liam.call(transferConfirmationPath(waiting.transferId), {
        method: 'POST',
        body: { code },
      });
      expect(confirmed.status).toBe(204);
      const late = await liam.call(transferCancellationPath(waiting.transferId), {
        method: 'POST',
      });
      expect(late.status).toBe(409);
      expect(await balancesOf(liam.checking, liam.savings)).toEqual([
        before[0]! - 120_000,
        before[1]! + 120_000,
      ]);
    });
  });
});
