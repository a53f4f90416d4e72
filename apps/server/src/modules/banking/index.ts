/** The banking module as other modules use it: identity's CIBA approvals name its types. */
export type { BankingService, TransferApprovals } from './banking.service';
/** Issue 16 §1: a new customer's opening deposits go through the ledger like any money. */
export { postOpeningHistory } from './ledger.store';
export { openingDepositsOf, type HistoryPosting } from './ledger.rules';
/** Issue 16 §2: a payment against a customer's consent moves the money through the ledger. */
export { payConsent, type ConsentPayment, type RunningTotalFacts } from './payment-ledger.store';
/**
 * Pay by bank applies the customer's thresholds to the same 24-hour running total and, without
 * an activated phone app, approves with the same one-time code, sent to the same device.
 */
export { findCodeDevice } from './banking.store';
export { recentTransferTotalCents } from './running-total.store';
export { sendApprovalCode, type ApprovalCodeSent } from './approval-code';
export { secondFactorOf } from './banking.rules';
export { registerBanking } from './banking.module';
