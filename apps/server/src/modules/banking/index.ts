/** The banking module as other modules use it: identity's CIBA approvals name its types. */
export type { BankingService, TransferApprovals } from './banking.service';
