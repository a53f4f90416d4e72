/** The banking module as other modules use it. */
export type { BankingService } from './banking.service';
/** A new customer's accounts open empty; their opening deposits go through the ledger. */
export { NEW_CUSTOMER_BALANCES, openAccountsWithOpeningDeposits } from './new-accounts';
export { openingDepositsOf, type HistoryPosting } from './ledger.rules';
/** A person's accounts, and the names of accounts' holders (the payee of pay by bank). */
export { accountIdsOf, accountsOf } from './accounts.read-model';
/** An assistant's MCP tools read the customer's accounts and activity as the site does (ADR 0029). */
export { accountName } from './activity.rules';
export { createActivityService, type ActivityService } from './activity.service';
export { accountHolderName, accountHolderNames } from './account-holders.read-model';
export type { AccountRow } from './accounts.store';
/** A payment against a customer's consent moves the money through the ledger. */
export { createPaymentLedger, type PaymentLedger } from './payment-ledger.service';
export type { ConsentPayment, ConsentToPay, RunningTotalFacts } from './payment-ledger.store';
/**
 * Pay by bank applies the customer's thresholds to the same 24-hour running total, and chooses
 * the phone or a code by the same rule (the challenge engine picks the device).
 */
export { runningTotalCents } from './running-total.read-model';
export { secondFactorOf } from './transfer-decision.rules';
/** A code that approves money is told as transfers tell it: sent where, or shown on which device. */
export { codeAskedOf } from './code-asked';
export type { CodeAsked } from './transfer-settlement';
/** The demo admin's deletion counts what banking holds of the person. */
export { bankingHoldingsOf } from './person-erasure';
export { registerBanking } from './banking.module';
