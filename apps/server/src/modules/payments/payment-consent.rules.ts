import type { ApiErrorCode, PaymentConsentStatus, SubmitPayment } from '@anybank/contracts';
import {
  cibaThresholdCents,
  denyThresholdCents,
  type SecondFactor,
} from '../banking/transfer-decision.rules';

/** A payment consent as the rules read it. */
export interface ConsentFacts {
  id: string;
  clientId: string;
  /** As stored: AwaitingAuthorisation, Authorised, Consumed or Rejected. */
  status: string;
  amountCents: number;
  currency: string;
  payeeAccountId: string;
  userId: string | null;
  expiresAt: Date;
}

/** The consent's status now: one awaiting authorisation past its ten minutes is Expired. */
export function statusAt(consent: ConsentFacts, now: Date): PaymentConsentStatus {
  if (consent.status === 'AwaitingAuthorisation') {
    return now.getTime() >= consent.expiresAt.getTime() ? 'Expired' : 'AwaitingAuthorisation';
  }
  return consent.status as PaymentConsentStatus;
}

const REFUSAL_OF_STATUS: Record<PaymentConsentStatus, ApiErrorCode | null> = {
  AwaitingAuthorisation: 'payment_consent_not_authorised',
  Authorised: null,
  Consumed: 'payment_consent_consumed',
  Rejected: 'payment_consent_rejected',
  Expired: 'payment_consent_expired',
};

/**
 * Why an authorization request may not send a customer to authorise this consent (null: it
 * may): it must be the requesting client's own, and still awaiting authorisation. One already
 * authorised is refused like one used or refused: a consent is authorised once, by one customer,
 * so pushing it again can show it to nobody else.
 */
export function whyNotAuthorisable(
  consent: ConsentFacts | null,
  clientId: string,
  now: Date,
): ApiErrorCode | null {
  if (!consent || consent.clientId !== clientId) return 'payment_consent_not_found';
  const status = statusAt(consent, now);
  if (status === 'AwaitingAuthorisation') return null;
  return REFUSAL_OF_STATUS[status] ?? 'payment_consent_authorised';
}

/** Who submits a payment, as their DPoP-bound token says. */
export interface PaymentCaller {
  clientId: string;
  userId: string | null;
  /** The one consent the token's `authorization_details` name (null: none, or not one). */
  consentId: string | null;
}

/**
 * Why this payment submission is refused (null: it is paid), in this order: a consent the
 * caller cannot see is not found; a token not issued for this consent and customer proves
 * nothing; a consent not Authorised (used, refused, expired, still waiting) pays nothing; and the
 * payment must be exactly the consented one (amount, currency, payee).
 */
export function submissionRefusal(
  consent: ConsentFacts | null,
  submission: SubmitPayment,
  caller: PaymentCaller,
  now: Date,
): ApiErrorCode | null {
  if (!consent || consent.clientId !== caller.clientId) return 'payment_consent_not_found';
  if (caller.consentId !== consent.id || !caller.userId || caller.userId !== consent.userId) {
    return 'payment_token_not_for_consent';
  }
  const byStatus = REFUSAL_OF_STATUS[statusAt(consent, now)];
  if (byStatus) return byStatus;
  if (
    submission.amountCents !== consent.amountCents ||
    submission.currency !== consent.currency ||
    submission.payeeAccountId !== consent.payeeAccountId
  ) {
    return 'payment_not_as_consented';
  }
  return null;
}

/** The kinds of account a customer may pay a shop from: deposit accounts, not the card. */
export const PAYING_ACCOUNT_KINDS: readonly string[] = ['checking', 'savings'];

/**
 * What a payment the customer confirmed needs before the consent is authorised, by the
 * customer's thresholds applied, as for transfers, to the 24-hour running total with this
 * payment in it (document 2 §9; banking's RUNNING_TOTAL_WINDOW_MS; "above" is strict): nothing;
 * above the approval threshold, the second factor a transfer would ask (banking's
 * secondFactorOf): the phone's approval (CIBA) when the phone app is activated, else a one-time
 * code to an e-mail or SMS sign-in device, and with neither a refusal; above the deny threshold
 * always a refusal. Many small payments add up as transfers do.
 */
export function paymentApproval(
  payment: { amountCents: number; recentTotalCents: number },
  user: { cibaThreshold: number | null; denyThreshold: number | null },
  secondFactor: SecondFactor,
): 'none' | 'phone' | 'code' | 'payment_above_limit' | 'payment_needs_approval' {
  const runningTotal = payment.recentTotalCents + payment.amountCents;
  if (runningTotal > denyThresholdCents(user)) return 'payment_above_limit';
  if (runningTotal <= cibaThresholdCents(user)) return 'none';
  if (secondFactor === 'push') return 'phone';
  return secondFactor === 'code' ? 'code' : 'payment_needs_approval';
}

/** How the customer's authorisation of a consent was approved (paymentApproval's answer then). */
export type ConsentApprovedWith = 'none' | 'phone' | 'code';

/**
 * Why a payment is refused when the shop submits it (null: it may move), by the limits applied
 * again to the running total as it is now, under the customer's transfer lock: the day's other
 * payments and transfers since the authorisation count. Above the deny threshold nothing pays;
 * above the approval threshold only an authorisation the phone or a code approved covers it
 * (`approvedWith`; null: a consent authorised before this was recorded, approved by nothing).
 */
export function executionRefusal(
  payment: { amountCents: number; recentTotalCents: number },
  user: { cibaThreshold: number | null; denyThreshold: number | null },
  approvedWith: string | null,
): 'payment_above_limit' | 'payment_approval_outdated' | null {
  // No second factor can be asked now: the shop's call has no customer at hand.
  const needs = paymentApproval(payment, user, null);
  if (needs === 'payment_above_limit') return needs;
  if (needs === 'none' || approvedWith === 'phone' || approvedWith === 'code') return null;
  return 'payment_approval_outdated';
}
