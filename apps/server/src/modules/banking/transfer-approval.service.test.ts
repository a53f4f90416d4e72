import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import { DATABASE_KINDS } from '../../../test/test-database';
import { transfers } from '../../db/schema';
import { insertMfaDevices } from '../directory/directory.store';
import { listLedgerEntriesOf } from './ledger.store';
import { moveMoney } from './money-movement.store';
import { bankingServiceOn, liveGrant } from './banking-service.fixtures';

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms),
    ),
  ]);
}

describe.each(DATABASE_KINDS)('a transfer’s approval through the banking service on %s', (kind) => {
  const world = bankingServiceOn(kind);

  describe('above the CIBA threshold with a paired phone', () => {
    it('waits for the approval with no transaction open, holding the amount, then moves the money', async () => {
      world.phone.reset();
      const customer = await world.newCustomer({ checking: 300_000, savings: 0, phone: true });
      const transfer = world.banking.transfer(world.transferOf(customer, '1,500.00'));
      const request = await within(world.phone.asked(), 5000, 'the approval request');
      expect(request).toMatchObject({
        userId: customer.userId,
        fromAccountId: customer.checking,
        toAccountId: customer.savings,
        amountCents: 150_000,
      });

      // On PGlite (one connection) any open transaction would stop these queries until the
      // person answers: they finish while the phone is still waiting.
      await within(
        (async () => {
          expect(await world.balanceOf(customer.checking)).toBe(300_000);
          expect(await world.pendingAmountOf(customer.userId)).toBe(150_000);
          expect(await world.transfersOf(customer.userId)).toMatchObject([
            { id: request.transferId, status: 'pending_approval' },
          ]);
        })(),
        2000,
        'a query while the approval is pending',
      );
      // Another customer's transfer goes through meanwhile, too.
      const other = await world.newCustomer();
      expect(
        await within(
          world.withoutApprover.transfer(world.transferOf(other, '1.00')),
          2000,
          'a transfer',
        ),
      ).toMatchObject({ kind: 'confirmed' });

      world.phone.answer('approved');
      const [row] = await world.transfersOf(customer.userId);
      expect(await transfer).toEqual({ kind: 'confirmed', referenceNumber: row!.referenceNumber });
      expect(await world.transfersOf(customer.userId)).toMatchObject([
        { id: request.transferId, status: 'confirmed' },
      ]);
      expect(await world.balanceOf(customer.checking)).toBe(150_000);
      expect(await world.balanceOf(customer.savings)).toBe(150_000);
      expect(await listLedgerEntriesOf(world.db, customer.savings)).toHaveLength(1);
      expect(await world.pendingAmountOf(customer.userId)).toBeNull();
    });

    it.each([
      ['denied', messages.transfer.notApproved, 'declined'],
      ['expired', messages.transfer.notApproved, 'expired'],
    ] as const)('moves nothing when the approval is %s', async (answer, _shown, reason) => {
      world.phone.reset();
      const customer = await world.newCustomer({ checking: 300_000, savings: 0, phone: true });
      const transfer = world.banking.transfer(world.transferOf(customer, '2,000.00'));
      await world.phone.asked();
      world.phone.answer(answer);
      expect(await transfer).toMatchObject({
        kind: 'refused',
        code: 'not_approved',
        message: expect.stringContaining('not_approved'),
      });
      expect(await world.transfersOf(customer.userId)).toMatchObject([
        { status: 'not_approved', reason },
      ]);
      expect(await world.balanceOf(customer.checking)).toBe(300_000);
      expect(await listLedgerEntriesOf(world.db, customer.checking)).toEqual([]);
      expect(await world.auditTypesOf(customer.userId)).toEqual(['transfer.denied']);
      expect(await world.pendingAmountOf(customer.userId)).toBeNull();
    });

    it('answers a retry of a transfer still waiting with pending, and never asks twice', async () => {
      world.phone.reset();
      const customer = await world.newCustomer({ checking: 300_000, savings: 0, phone: true });
      const request = world.transferOf(customer, '1,200.00', { idempotencyKey: 'waiting' });
      const first = world.banking.transfer(request);
      const asked = await world.phone.asked();
      const [row] = await world.transfersOf(customer.userId);
      expect(await world.banking.transfer(request)).toEqual({
        kind: 'pending',
        referenceNumber: row!.referenceNumber,
      });
      world.phone.answer('approved');
      expect(await first).toMatchObject({ kind: 'confirmed' });
      expect(asked.transferId).toBe(row!.id);
      expect(await world.banking.transfer(request)).toEqual({
        kind: 'confirmed',
        referenceNumber: row!.referenceNumber,
      });
      expect(await world.balanceOf(customer.checking)).toBe(180_000);
    });

    it('refuses an approved transfer the account can no longer pay, moving nothing', async () => {
      world.phone.reset();
      const customer = await world.newCustomer({ checking: 300_000, savings: 0, phone: true });
      const transfer = world.banking.transfer(world.transferOf(customer, '2,500.00'));
      await world.phone.asked();
      // Meanwhile, money leaves the account another way (the pending transfer counts toward
      // the running total, so another transfer of this customer would need approval too).
      expect(
        await moveMoney(world.db, {
          userId: customer.userId,
          fromAccountId: customer.checking,
          toAccountId: customer.savings,
          amountCents: 99_900,
          referenceNumber: 1,
          idempotencyKey: null,
        }),
      ).toMatchObject({ moved: true });
      world.phone.answer('approved');
      expect(await transfer).toEqual({
        kind: 'invalid',
        message: messages.transfer.insufficientFunds('Checking', '2,001.00'),
      });
      const rows = await world.db
        .select()
        .from(transfers)
        .where(and(eq(transfers.userId, customer.userId), eq(transfers.amountCents, 250_000)));
      expect(rows).toMatchObject([{ status: 'denied', reason: 'insufficient_funds' }]);
      expect(await world.balanceOf(customer.checking)).toBe(200_100);
      expect(await world.pendingAmountOf(customer.userId)).toBeNull();
    });

    it('settles the transfer as not approved when the approver fails, and moves nothing', async () => {
      world.phone.reset();
      const customer = await world.newCustomer({ checking: 300_000, savings: 0, phone: true });
      const transfer = world.banking.transfer(world.transferOf(customer, '1,500.00'));
      await world.phone.asked();
      world.phone.fail(new Error('the push service is down'));
      await expect(transfer).rejects.toThrow('the push service is down');
      expect(await world.transfersOf(customer.userId)).toMatchObject([
        { status: 'not_approved', reason: 'approval_failed' },
      ]);
      expect(await world.balanceOf(customer.checking)).toBe(300_000);
      expect(await world.pendingAmountOf(customer.userId)).toBeNull();
    });

    it('refuses it as approval_unavailable when no approver exists, moving nothing', async () => {
      const customer = await world.newCustomer({ checking: 300_000, savings: 0, phone: true });
      expect(
        await world.withoutApprover.transfer(world.transferOf(customer, '1,000.01')),
      ).toMatchObject({
        kind: 'refused',
        code: 'approval_unavailable',
        message: messages.transfer.approvalUnavailable,
      });
      // At the threshold itself no approval is needed (a refused transfer does not count).
      expect(
        await world.withoutApprover.transfer(world.transferOf(customer, '1,000.00')),
      ).toMatchObject({
        kind: 'confirmed',
      });
      expect(await world.balanceOf(customer.checking)).toBe(200_000);
      const statuses = (await world.transfersOf(customer.userId)).map((row) => row.status).sort();
      expect(statuses).toEqual(['confirmed', 'not_approved']);
    });
  });

  describe('above the CIBA threshold without a phone app', () => {
    it('refuses a customer with no sign-in device that can receive a code, moving nothing', async () => {
      const customer = await world.newCustomer({ checking: 300_000, savings: 0 });
      expect(await world.banking.transfer(world.transferOf(customer, '2,000.00'))).toMatchObject({
        kind: 'refused',
        code: 'approval_unavailable',
      });
      expect(await world.balanceOf(customer.checking)).toBe(300_000);
    });

    it('stores it pending, e-mails a code, and moves the money only for the right code', async () => {
      const customer = await world.newCustomer({ checking: 300_000, savings: 0 });
      const address = `code.${customer.userId}@example.com`;
      await insertMfaDevices(world.db, [
        { userId: customer.userId, type: 'Email', name: 'Email', target: address },
      ]);
      const outcome = await world.banking.transfer(world.transferOf(customer, '1,500.00'));
      expect(outcome).toMatchObject({ kind: 'confirmation_required', channel: 'email' });
      if (outcome.kind !== 'confirmation_required') throw new Error('no confirmation asked');
      expect(await world.balanceOf(customer.checking)).toBe(300_000);
      const code = world.outbox.sent.findLast((message) => message.to === address)?.code ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const confirm = (value: string) =>
        world.banking.confirmTransfer({
          userId: customer.userId,
          grant: liveGrant,
          transferId: outcome.transferId,
          code: value,
        });
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await confirm(wrong)).toMatchObject({ kind: 'wrong_code', attemptsLeft: 4 });
      expect(await world.balanceOf(customer.checking)).toBe(300_000);
      expect(await confirm(code)).toEqual({
        kind: 'confirmed',
        referenceNumber: outcome.referenceNumber,
      });
      expect(await world.balanceOf(customer.checking)).toBe(150_000);
      // Used once: the same code again moves nothing more.
      expect(await confirm(code)).toMatchObject({ kind: 'not_pending' });
      expect(await world.balanceOf(customer.checking)).toBe(150_000);
    });

    it('settles it as not approved once the wrong codes use up the tries', async () => {
      const customer = await world.newCustomer({ checking: 300_000, savings: 0 });
      await insertMfaDevices(world.db, [
        { userId: customer.userId, type: 'SMS', name: 'SMS', target: '+15555550123' },
      ]);
      const outcome = await world.banking.transfer(world.transferOf(customer, '1,500.00'));
      expect(outcome).toMatchObject({ kind: 'confirmation_required', channel: 'sms' });
      if (outcome.kind !== 'confirmation_required') throw new Error('no confirmation asked');
      const code = world.outbox.sent.findLast((message) => message.to.endsWith('5550123'))?.code;
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        answers.push(
          await world.banking.confirmTransfer({
            userId: customer.userId,
            grant: liveGrant,
            transferId: outcome.transferId,
            code: wrong,
          }),
        );
      }
      // Five tries: four answered "wrong", the fifth settles it; after that it waits no more.
      expect(answers.map((answer) => answer.kind)).toEqual([
        'wrong_code',
        'wrong_code',
        'wrong_code',
        'wrong_code',
        'refused',
        'not_pending',
      ]);
      const [row] = await world.transfersOf(customer.userId);
      expect(row).toMatchObject({ status: 'not_approved', reason: 'code_failed' });
      expect(await world.balanceOf(customer.checking)).toBe(300_000);
    });

    it('answers not found for another customer’s pending transfer', async () => {
      const owner = await world.newCustomer({ checking: 300_000, savings: 0 });
      const other = await world.newCustomer();
      await insertMfaDevices(world.db, [
        {
          userId: owner.userId,
          type: 'Email',
          name: 'Email',
          target: `o.${owner.userId}@example.com`,
        },
      ]);
      const outcome = await world.banking.transfer(world.transferOf(owner, '1,500.00'));
      if (outcome.kind !== 'confirmation_required') throw new Error('no confirmation asked');
      expect(
        await world.banking.confirmTransfer({
          userId: other.userId,
          grant: liveGrant,
          transferId: outcome.transferId,
          code: '123456',
        }),
      ).toEqual({ kind: 'not_found' });
    });
  });
});
