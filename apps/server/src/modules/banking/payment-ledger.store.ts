import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/database';
import type { TransferUser } from './transfer-decision.rules';
import {
  expireStalePendingTransfers,
  lockTransferringCustomer,
  recentTransferTotalCents,
} from './running-total.store';

/** A payment to a merchant's account, made against the customer's authorised consent. */
export interface ConsentPayment {
  consentId: string;
  userId: string;
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
  /** What each side's statement says (the merchant's name, the payer's; the reference). */
  debitDescription: string;
  creditDescription: string;
}

export type ConsentPaymentResult<Refusal extends string = string> =
  | {
      paid: true;
      transferId: string;
      referenceNumber: number;
      /** The customer's entry it wrote (its id is the Open Banking TransactionId). */
      debit: { entryId: string; bookedAt: Date };
    }
  /** The consent was no longer Authorised (a second submission, a race): nothing moved. */
  | { paid: false; reason: 'consent_not_authorised' }
  | { paid: false; reason: 'insufficient_funds' }
  /** The customer's limits, applied to the running total under the lock, refused it. */
  | { paid: false; reason: 'limits'; refusal: Refusal };

/**
 * The payments module's side of a payment (ADR 0023), in the payment's transaction: the
 * consent is the payments module's, so banking reaches it only through this port, which
 * app.ts hands banking's register.
 */
export interface ConsentToPay {
  /** Locks the consent until the transaction ends; answers whether it is still Authorised. */
  lockIfAuthorised(tx: Queryable, consentId: string): Promise<boolean>;
  /** Marks the consent Consumed by the transfer that paid it. */
  markConsumed(tx: Queryable, consentId: string, transferId: string): Promise<void>;
}

/** What the limits of a payment are applied to: the customer's thresholds and 24-hour total. */
export interface RunningTotalFacts {
  user: TransferUser;
  recentTotalCents: number;
}

/**
 * The payment of a consent, in the caller's transaction (one per payment). It
 * writes a confirmed transfer row, so it is decided as a transfer is: first the customer's
 * transfer lock (lockTransferringCustomer, which also counts the decision, so that a
 * one-statement transfer begun before it cannot move without counting it) and the expiry of
 * stale pending transfers. Then the consent is locked through the payments' port (`consents`)
 * and must still be Authorised (so of two submissions exactly one pays, and the second is answered so whatever the total), and `limits` (the caller's pure rule) answers a refusal or null against the running total as it
 * is now. Then both accounts are locked in id order (as every transfer locks them), the balance
 * is checked under the lock, and the transfer row, both balances, a debit and a credit ledger
 * entry and the consent's Consumed state are written. The caller writes the audit event in the
 * same transaction. Nothing slow happens here.
 */
export async function payConsent<Refusal extends string>(
  tx: Queryable,
  payment: ConsentPayment,
  limits: (facts: RunningTotalFacts) => Refusal | null,
  consents: ConsentToPay,
): Promise<ConsentPaymentResult<Refusal>> {
  const user = await lockTransferringCustomer(tx, payment.userId);
  if (!user) throw new Error('the paying customer vanished');
  await expireStalePendingTransfers(tx, payment.userId);
  if (!(await consents.lockIfAuthorised(tx, payment.consentId))) {
    return { paid: false, reason: 'consent_not_authorised' };
  }
  const refusal = limits({
    user,
    recentTotalCents: await recentTransferTotalCents(tx, payment.userId),
  });
  if (refusal !== null) return { paid: false, reason: 'limits', refusal };
  const locked = await queryRows<{ id: string; balance_cents: number | string }>(
    tx,
    sql`select id, balance_cents from accounts
        where id in (${payment.fromAccountId}, ${payment.toAccountId})
        order by id for update`,
  );
  const balanceOf = (id: string) => Number(locked.find((row) => row.id === id)?.balance_cents);
  if (locked.length !== 2) throw new Error('a payment account vanished');
  const fromBalance = balanceOf(payment.fromAccountId);
  const toBalance = balanceOf(payment.toAccountId);
  if (fromBalance < payment.amountCents) return { paid: false, reason: 'insufficient_funds' };

  const [transfer] = await queryRows<{ id: string; reference_number: number }>(
    tx,
    sql`insert into transfers (user_id, from_account_id, to_account_id, amount_cents, status,
          reference_number)
        values (${payment.userId}, ${payment.fromAccountId}, ${payment.toAccountId},
          ${payment.amountCents}, 'confirmed', ${randomInt(0, 100_000)})
        returning id, reference_number`,
  );
  if (!transfer) throw new Error('the payment transfer was not written');
  const fromAfter = fromBalance - payment.amountCents;
  const toAfter = toBalance + payment.amountCents;
  await tx.execute(
    sql`update accounts set balance_cents = case when id = ${payment.fromAccountId}
          then ${fromAfter}::bigint else ${toAfter}::bigint end
        where id in (${payment.fromAccountId}, ${payment.toAccountId})`,
  );
  // The debit first, as a reader of the ledger expects.
  const entries = await queryRows<{
    id: number | string;
    amount_cents: number | string;
    created_at: Date | string;
  }>(
    tx,
    sql`insert into ledger_entries (account_id, transfer_id, amount_cents, balance_after_cents,
          description, category)
        values
          (${payment.fromAccountId}, ${transfer.id}, ${-payment.amountCents}, ${fromAfter},
            ${payment.debitDescription}, 'shopping'),
          (${payment.toAccountId}, ${transfer.id}, ${payment.amountCents}, ${toAfter},
            ${payment.creditDescription}, 'income')
        returning id, amount_cents, created_at`,
  );
  const debit = entries.find((entry) => Number(entry.amount_cents) < 0);
  if (!debit) throw new Error('the payment debit was not written');
  await consents.markConsumed(tx, payment.consentId, transfer.id);
  return {
    paid: true,
    transferId: transfer.id,
    referenceNumber: transfer.reference_number,
    debit: { entryId: String(debit.id), bookedAt: new Date(debit.created_at) },
  };
}
