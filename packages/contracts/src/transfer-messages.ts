import { formatCentsWithSeparators } from './banking';

const formatUsd = (cents: number) => `$${formatCentsWithSeparators(cents)}`;

/** A transfer's words (document 2 §5), its confirmation code and its approval. */

/** The 24-hour total, this amount and the threshold their sum crosses, in cents. */
interface LimitFigures {
  recentTotalCents: number;
  amountCents: number;
  thresholdCents: number;
}

/**
 * A limit in words that add up (not worded by the spec, which names the rule only, document 2
 * §5): what the last 24 hours came to, this amount, their sum, and the threshold it is above.
 */
function crossed(figures: LimitFigures, threshold: string): string {
  const { recentTotalCents: recent, amountCents: amount, thresholdCents: limit } = figures;
  const above = `above your ${threshold} of ${formatUsd(limit)}`;
  return recent === 0
    ? `This ${formatUsd(amount)} is ${above}.`
    : `You have sent ${formatUsd(recent)} in the last 24 hours; with this ${formatUsd(amount)} that is ${formatUsd(recent + amount)}, ${above}.`;
}

export const transferMessages = {
  selectAccounts: 'Please select your accounts.',
  differentAccounts: 'Please select two different accounts.',
  invalidAmount: 'Please enter a valid transfer amount.',
  insufficientFunds: (accountNumber: string, balance: string) =>
    `You do not have sufficient funds in account ${accountNumber} to make this transfer. Available balance: $${balance}.`,
  riskProfileUnavailable: 'Unable to generate risk profile.',
  confirmedTitle: 'Transfer Confirmed',
  confirmedText: 'Your transaction will be completed in 1-2 business days.',
  deniedTitle: 'Transfer Denied',
  maxThreshold: 'Your transfer request has exceeded your maximum amount threshold: ',
  riskFound: 'We found a risk associated with your transfer request: ',
  notApproved: 'The transfer request was not approved between the following accounts: ',
  unexpected: 'Unexpected transaction error. Please try again later.',
  // A transfer above the approval threshold confirmed by a one-time code.
  confirmationRequired: (destination: string) =>
    `To approve this transfer, enter the 6-digit code we sent to ${destination}.`,
  confirmationCodeLabel: 'Confirmation code',
  confirmationCodeRequired: 'Please enter the code we sent you.',
  confirmationCodeWrong: (attemptsLeft: number) =>
    `That code is not right. You have ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`,
  confirmationExpired:
    'not_approved: the confirmation code expired or was entered wrongly too often, so the transfer was not made.',
  confirmationNotPending: 'This transfer is no longer waiting for a confirmation code.',
  cancelled: 'not_approved: you cancelled this transfer, so it was not made.',
  cancelFailed: 'We could not cancel this transfer. Please try again.',
  approvalUnavailable:
    'This transfer needs a confirmation from one of your sign-in devices, and none can receive a code.',
  stillWaiting: 'This transfer is still waiting for your approval.',
  /** Why the deny limit refused it, in figures. */
  denyLimitCrossed: (figures: LimitFigures) => crossed(figures, '24-hour limit'),
  /** Why it asks for an approval, in figures. */
  approvalThresholdCrossed: (figures: LimitFigures) => crossed(figures, 'approval threshold'),
} as const;
