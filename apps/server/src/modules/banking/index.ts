/** The banking module as other modules use it. */
export type { BankingService } from './banking.service';
/** A new customer's opening deposits go through the ledger like any money. */
export { postOpeningHistory } from './ledger.store';
export { openingDepositsOf, type HistoryPosting } from './ledger.rules';
/** A payment against a customer's consent moves the money through the ledger. */
export { createPaymentLedger, type PaymentLedger } from './payment-ledger.service';
export type { ConsentPayment, ConsentToPay, RunningTotalFacts } from './payment-ledger.store';
/**
 * Pay by bank applies the customer's thresholds to the same 24-hour running total, and chooses
 * the phone or a code by the same rule (the challenge engine picks the device).
 */
export { recentTransferTotalCents } from './running-total.store';
export { secondFactorOf } from './banking.rules';
/** A code that approves money is told as transfers tell it: sent where, or shown on which device. */
export { codeAskedOf } from './code-asked';
export type { CodeAsked } from './transfer-settlement';
/** The demo admin's deletion counts what banking holds of the person. */
export { bankingHoldingsOf } from './person-erasure';
export { registerBanking } from './banking.module';
