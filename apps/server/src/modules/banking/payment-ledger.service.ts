import type { Queryable } from '../../db/database';
import {
  payConsent,
  type ConsentPayment,
  type ConsentPaymentResult,
  type ConsentToPay,
  type RunningTotalFacts,
} from './payment-ledger.store';

/**
 * The ledger side of pay by bank (ADR 0023), published for the payments module: a payment
 * against a customer's consent moves the money through the ledger as a transfer does.
 */
export interface PaymentLedger {
  /**
   * Pays the consent in the caller's transaction (payConsent): the customer's transfer lock,
   * the consent still Authorised, `limits` against the running total, the balance under the
   * accounts' lock, then the transfer, both balances and ledger entries, and the consent
   * Consumed. The caller writes the audit event in the same transaction.
   */
  pay<Refusal extends string>(
    tx: Queryable,
    payment: ConsentPayment,
    limits: (facts: RunningTotalFacts) => Refusal | null,
  ): Promise<ConsentPaymentResult<Refusal>>;
}

/** The payment ledger, reaching the payments' consent through the port app.ts hands it. */
export function createPaymentLedger(deps: { consents: ConsentToPay }): PaymentLedger {
  return {
    pay: (tx, payment, limits) => payConsent(tx, payment, limits, deps.consents),
  };
}
