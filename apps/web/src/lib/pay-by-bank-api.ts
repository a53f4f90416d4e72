import {
  OAUTH_CONSENT_INTERACTION_PARAM,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  XSRF_HEADER,
  consentDecisionResponseSchema,
  paymentCodeRequiredSchema,
  paymentConsentScreenSchema,
  transferCodeRefusedSchema,
} from '@anybank/contracts';
import type {
  ApiErrorCode,
  PaymentConsentDecision,
  PromptForm,
  PaymentConsentScreen,
} from '@anybank/contracts';
import { ApiError, apiErrorOf, apiFetch, getJson, readJson } from './api';

/**
 * Served by modules/payments/ (ADR 0023): the bank's payment consent screen, in the browser
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

/** What the bank answered the customer's decision. */
export type PaymentDecisionAnswer =
  /** Go back to the OAuth server: the authorization resumes, or ends with access_denied. */
  | { kind: 'redirect'; redirectTo: string }
  /** 202: a one-time code went to the customer; `prompt` asks for it (ADR 0026). */
  | { kind: 'code_required'; prompt: PromptForm }
  /** 400 `invalid_code`: nothing changed; `message` says how many tries are left. */
  | { kind: 'wrong_code'; message: string };

/**
 * Sends the customer's answer (with the code, once one was sent). Throws an ApiError, with the
 * refusal's code, for any other refusal.
 */
export async function sendPaymentDecision(
  decision: PaymentConsentDecision,
): Promise<PaymentDecisionAnswer> {
  const response = await apiFetch(PAYMENT_CONSENT_SCREEN_API_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify(decision),
  });
  if (response.status === 202) {
    const { prompt } = paymentCodeRequiredSchema.parse(await response.json());
    return { kind: 'code_required', prompt };
  }
  if (response.status === 400) {
    // A wrong code has the transfer code step's shape (code, message, attemptsLeft).
    const body = await readJson(response);
    const wrong = transferCodeRefusedSchema.safeParse(body);
    if (wrong.success) return { kind: 'wrong_code', message: wrong.data.message };
    const code = (body as { code?: unknown } | null)?.code;
    throw new ApiError(
      400,
      'POST payment consent answered 400',
      typeof code === 'string' ? (code as ApiErrorCode) : null,
    );
  }
  if (!response.ok) throw await apiErrorOf(response, 'POST payment consent');
  return {
    kind: 'redirect',
    redirectTo: consentDecisionResponseSchema.parse(await response.json()).redirectTo,
  };
}
