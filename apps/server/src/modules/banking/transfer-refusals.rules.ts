import { messages, type TransferDenialCode } from '@anybank/contracts';

/**
 * Why a recorded transfer did not move money (`transfers.reason`), with the status it is
 * stored under and what the 403 answer says. The messages name their code first: the browser
 * tells max_threshold from the rest by the word (document 2 §8).
 */
export const TRANSFER_REFUSALS = {
  max_threshold: {
    status: 'denied',
    code: 'max_threshold',
    message:
      'max_threshold: with this amount, your transfers of the last 24 hours would be above the most you may transfer.',
  },
  risk: {
    status: 'denied',
    code: 'risk',
    message: 'risk: this request looks automated, so the transfer was not made.',
  },
  declined: {
    status: 'not_approved',
    code: 'not_approved',
    message: 'not_approved: the transfer was declined on your mobile app.',
  },
  expired: {
    status: 'not_approved',
    code: 'not_approved',
    message: 'not_approved: the approval request on your mobile app expired.',
  },
  approval_unavailable: {
    status: 'not_approved',
    code: 'approval_unavailable',
    message: messages.transfer.approvalUnavailable,
  },
  code_failed: {
    status: 'not_approved',
    code: 'not_approved',
    message: messages.transfer.confirmationExpired,
  },
  approval_failed: {
    status: 'not_approved',
    code: 'not_approved',
    message: 'not_approved: the approval on your mobile app could not be completed.',
  },
  /**
   * The customer cancelled it on the code step (`POST …/{transferId}/cancellation`): its code
   * is retired, no money moved; a retry with its Idempotency-Key answers this refusal.
   */
  cancelled: {
    status: 'not_approved',
    code: 'not_approved',
    message: messages.transfer.cancelled,
  },
} as const satisfies Record<
  string,
  { status: 'denied' | 'not_approved'; code: TransferDenialCode; message: string }
>;
export type TransferRefusal = keyof typeof TRANSFER_REFUSALS;

/**
 * An approved transfer finds too little money when it finally runs (another transfer drained
 * the account meanwhile): recorded as denied for this reason and answered like check 4.
 */
export const INSUFFICIENT_FUNDS_REASON = 'insufficient_funds';

export function isTransferRefusal(reason: string | null): reason is TransferRefusal {
  return reason !== null && Object.hasOwn(TRANSFER_REFUSALS, reason);
}

/** The approval port's answer → the refusal recorded, or null when the money may move. */
export function refusalOfApproval(
  answer: 'approved' | 'denied' | 'expired',
): TransferRefusal | null {
  if (answer === 'approved') return null;
  return answer === 'denied' ? 'declined' : 'expired';
}
