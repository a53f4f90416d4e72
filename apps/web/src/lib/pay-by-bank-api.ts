import {
  OAUTH_CONSENT_INTERACTION_PARAM,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  XSRF_HEADER,
  consentDecisionResponseSchema,
  paymentConsentScreenSchema,
} from '@anybank/contracts';
import type { PaymentConsentDecision, PaymentConsentScreen } from '@anybank/contracts';
import { apiErrorOf, apiFetch, getJson } from './api';

/**
 * Issue 16 §2 (server: modules/payments/): the bank's payment consent screen, in the browser
 * that holds the OAuth interaction: the payment asked for, and the customer's answer.
 */
export function fetchPaymentConsentScreen(
  interaction: string,
  signal?: AbortSignal,
): Promise<PaymentConsentScreen> {
  const query = new URLSearchParams({ [OAUTH_CONSENT_INTERACTION_PARAM]: interaction });
  return getJson(
    `${PAYMENT_CONSENT_SCREEN_API_PATH}?${query.toString()}`,
    paymentConsentScreenSchema,
    {
      signal,
    },
  );
}

/** Sends the customer's answer; answers the URL the browser goes to next. */
export async function sendPaymentDecision(decision: PaymentConsentDecision): Promise<string> {
  const response = await apiFetch(PAYMENT_CONSENT_SCREEN_API_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify(decision),
  });
  if (!response.ok) throw await apiErrorOf(response, 'POST payment consent');
  return consentDecisionResponseSchema.parse(await response.json()).redirectTo;
}
