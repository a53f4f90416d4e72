import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/test-database';
import { paymentConsents, transfers, users } from '../../db/schema';
import { insertMfaDevices } from '../directory/directory.store';
import { consentToPay } from '../payments/consent-to-pay';
import type { BankingService } from './banking.service';
import { payConsent } from './payment-ledger.store';
import { lockTransferringCustomer } from './running-total.store';
import { bankingServiceOn } from './banking-service.fixtures';

describe.each(DATABASE_KINDS)('the running total of the banking service on %s', (kind) => {
  const world = bankingServiceOn(kind);

  describe('the 24-hour running total', () => {
    it('asks approval on the second of five $1,000 transfers with a $1,000 threshold, and denies past the deny limit', async () => {
      world.phone.reset();
      const customer = await world.newCustomer({
        checking: 1_000_000,
        savings: 0,
        phone: true,
        cibaThreshold: 1_000,
        denyThreshold: 3_000,
      });
      const outcomes = [];
      for (let index = 0; index < 5; index += 1) {
        world.phone.reset();
        const outcome = world.banking.transfer(world.transferOf(customer, '1,000.00'));
        if (index > 0 && index < 3) {
          await world.phone.asked();
          world.phone.answer('approved');
        }
        outcomes.push((await outcome).kind);
      }
      // $1,000 reaches the threshold exactly (moves); $2,000 and $3,000 are above it (approval);
      // $4,000 and more are above the deny limit of $3,000.
      expect(outcomes).toEqual(['confirmed', 'confirmed', 'confirmed', 'refused', 'refused']);
      const rows = await world.transfersOf(customer.userId);
      expect(rows.filter((row) => row.reason === 'max_threshold')).toHaveLength(2);
      expect(await world.balanceOf(customer.checking)).toBe(1_000_000 - 300_000);
    });

    it('stops counting a transfer whose code or phone request has expired, settling it as not approved', async () => {
      const customer = await world.newCustomer({ checking: 300_000, savings: 0 });
      // Abandoned 11 minutes ago, past PENDING_TRANSFER_LIFETIME_MS; and a confirmed $900
      // from 25 hours ago, outside the 24-hour window.
      await world.db.insert(transfers).values([
        {
          userId: customer.userId,
          fromAccountId: customer.checking,
          toAccountId: customer.savings,
          amountCents: 90_000,
          status: 'pending_approval',
          referenceNumber: 1,
          createdAt: new Date(Date.now() - 11 * 60_000),
        },
        {
          userId: customer.userId,
          fromAccountId: customer.checking,
          toAccountId: customer.savings,
          amountCents: 90_000,
          status: 'confirmed',
          referenceNumber: 2,
          createdAt: new Date(Date.now() - 25 * 3_600_000),
        },
      ]);
      // Neither counts: $1,000 is exactly the threshold and moves without a second factor.
      expect(await world.banking.transfer(world.transferOf(customer, '1,000.00'))).toMatchObject({
        kind: 'confirmed',
      });
      const abandoned = (await world.transfersOf(customer.userId)).find(
        (row) => row.referenceNumber === 1,
      );
      expect(abandoned).toMatchObject({ status: 'not_approved', reason: 'expired' });
    });

    it('lets no concurrent burst slip past the running total', async () => {
      const customer = await world.newCustomer({
        checking: 1_000_000,
        savings: 0,
        cibaThreshold: 1_000,
        denyThreshold: 5_000,
      });
      await insertMfaDevices(world.db, [
        {
          userId: customer.userId,
          type: 'Email',
          name: 'Email',
          target: `b.${customer.userId}@example.com`,
        },
      ]);
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () =>
          world.banking.transfer(world.transferOf(customer, '600.00')),
        ),
      );
      const kinds = outcomes.map((outcome) => outcome.kind);
      // $600 fits once under $1,000; pending ones count, so at most 8 ($4,800) are not denied.
      expect(kinds.filter((each) => each === 'confirmed')).toHaveLength(1);
      expect(kinds.filter((each) => each === 'confirmation_required')).toHaveLength(7);
      expect(kinds.filter((each) => each === 'refused')).toHaveLength(4);
      expect(await world.balanceOf(customer.checking)).toBe(1_000_000 - 60_000);
    });
  });

  /**
   * A transfer started while `change` holds the customer's row in an open transaction: on
   * PostgreSQL the transaction commits only once the transfer waits for that row (its facts
   * read before), on PGlite (one connection) the transfer runs after the commit.
   */
  async function transferWhileHeld(
    customer: { userId: string; checking: string; savings: string },
    amount: string,
    change: (tx: Parameters<Parameters<typeof world.db.transaction>[0]>[0]) => Promise<void>,
  ) {
    let outcome!: ReturnType<BankingService['transfer']>;
    await world.db.transaction(async (tx) => {
      await change(tx);
      outcome = world.banking.transfer(world.transferOf(customer, amount));
      if (kind === 'postgres') await waitingForALock();
    });
    return outcome;
  }

  /** Until one statement of the test database waits for a row another transaction holds. */
  async function waitingForALock() {
    for (let tries = 0; tries < 200; tries += 1) {
      const rows = await world.db.execute(
        sql`select 1 from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((rows as unknown as { rows: unknown[] }).rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the transfer never waited for the customer’s row');
  }

  describe('a transfer decided while another decision of the customer commits', () => {
    it('counts the transfer that decision wrote, though it committed after the transfer began', async () => {
      const customer = await world.newCustomer({ cibaThreshold: 1_000, denyThreshold: 5_000 });
      // Another $600 decided meanwhile: with it, this $600 is above the $1,000 threshold, and
      // with no phone app nor code device nothing above it may move.
      const outcome = await transferWhileHeld(customer, '600.00', async (tx) => {
        await lockTransferringCustomer(tx, customer.userId);
        await tx.insert(transfers).values({
          userId: customer.userId,
          fromAccountId: customer.savings,
          toAccountId: customer.checking,
          amountCents: 60_000,
          status: 'confirmed',
          referenceNumber: 7,
        });
      });
      expect(await outcome).toMatchObject({ kind: 'refused', code: 'approval_unavailable' });
      expect(await world.balanceOf(customer.checking)).toBe(500_000);
    });

    it('applies the thresholds as they are once the customer’s row is free', async () => {
      const customer = await world.newCustomer({ cibaThreshold: 1_000, denyThreshold: 5_000 });
      const outcome = await transferWhileHeld(customer, '600.00', async (tx) => {
        await tx.update(users).set({ denyThreshold: 500 }).where(eq(users.id, customer.userId));
      });
      expect(await outcome).toMatchObject({ kind: 'refused', code: 'max_threshold' });
      expect(await world.balanceOf(customer.checking)).toBe(500_000);
    });

    /** A pay-by-bank consent the customer authorised from checking, to another's account. */
    async function authorisedPayment(
      customer: { userId: string; checking: string },
      amountCents: number,
    ) {
      const payee = await world.newCustomer();
      const [consent] = await world.db
        .insert(paymentConsents)
        .values({
          clientId: 'retail-shop',
          status: 'Authorised',
          amountCents,
          currency: 'USD',
          payeeAccountId: payee.checking,
          reference: 'ORDER-1',
          userId: customer.userId,
          debtorAccountId: customer.checking,
          approvedWith: 'none',
          expiresAt: new Date(Date.now() + 600_000),
        })
        .returning({ id: paymentConsents.id });
      return {
        consentId: consent!.id,
        userId: customer.userId,
        fromAccountId: customer.checking,
        toAccountId: payee.checking,
        amountCents,
        debitDescription: 'Retail Shop Ltd · ORDER-1',
        creditDescription: 'Payment from Casey Morgan · ORDER-1',
      };
    }

    it('counts a pay-by-bank payment submitted meanwhile, as a transfer it decided before', async () => {
      const customer = await world.newCustomer({ cibaThreshold: 1_000, denyThreshold: 5_000 });
      const payment = await authorisedPayment(customer, 60_000);
      // With the $600 payment in the total, this $600 is above the $1,000 threshold.
      const outcome = await transferWhileHeld(customer, '600.00', async (tx) => {
        expect(await payConsent(tx, payment, () => null, consentToPay)).toMatchObject({
          paid: true,
        });
      });
      expect(await outcome).toMatchObject({ kind: 'refused', code: 'approval_unavailable' });
      expect(await world.balanceOf(customer.checking)).toBe(500_000 - 60_000);
    });

    it('submits a pay-by-bank payment only once a transfer being decided committed, and counts it', async () => {
      const customer = await world.newCustomer({ cibaThreshold: 1_000, denyThreshold: 5_000 });
      const payment = await authorisedPayment(customer, 60_000);
      let totalSeen: number | null = null;
      let paid!: ReturnType<typeof payConsent<'above'>>;
      await world.db.transaction(async (tx) => {
        await lockTransferringCustomer(tx, customer.userId);
        await tx.insert(transfers).values({
          userId: customer.userId,
          fromAccountId: customer.checking,
          toAccountId: customer.savings,
          amountCents: 50_000,
          status: 'confirmed',
          referenceNumber: 8,
        });
        paid = world.db.transaction((other) =>
          payConsent(
            other,
            payment,
            ({ recentTotalCents }) => {
              totalSeen = recentTotalCents;
              return recentTotalCents + payment.amountCents > 100_000 ? 'above' : null;
            },
            consentToPay,
          ),
        );
        if (kind === 'postgres') await waitingForALock();
      });
      expect(await paid).toEqual({ paid: false, reason: 'limits', refusal: 'above' });
      expect(totalSeen).toBe(50_000);
      expect(await world.balanceOf(customer.checking)).toBe(500_000);
    });
  });
});
