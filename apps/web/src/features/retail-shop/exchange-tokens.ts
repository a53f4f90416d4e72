import type { ShopBankExchange, ShopBankStep } from '@anybank/contracts';

/**
 * Which token answer a call was made with, by its step (ADR 0023): the consent with the first
 * client-credentials token, the payment (and its second submission) with the code exchange's,
 * the account read with the shop's `accounts` token; a token request with its own answer.
 */
const TOKEN_STEP_OF: Partial<Record<ShopBankStep, ShopBankStep>> = {
  client_credentials: 'client_credentials',
  payment_consent: 'client_credentials',
  code_exchange: 'code_exchange',
  payment: 'code_exchange',
  payment_again: 'code_exchange',
  open_banking_token: 'open_banking_token',
  open_banking_read: 'open_banking_token',
};

/** The `cnf.jkt` (RFC 9449 §6.1) of a decoded access token's claims, if it has one. */
export function cnfJktOf(claims: Record<string, unknown> | undefined): string | null {
  const cnf = claims?.cnf;
  if (typeof cnf !== 'object' || cnf === null) return null;
  const jkt = (cnf as Record<string, unknown>).jkt;
  return typeof jkt === 'string' ? jkt : null;
}

/**
 * The access token a call's DPoP proof must match: the latest token answer of its step's
 * token step recorded before it (or in it). Null when none was recorded.
 */
export function boundTokenOf(
  exchanges: readonly ShopBankExchange[],
  index: number,
): { step: ShopBankStep; position: number; jkt: string } | null {
  const exchange = exchanges[index];
  const tokenStep = exchange ? TOKEN_STEP_OF[exchange.step] : undefined;
  if (!tokenStep) return null;
  for (let at = index; at >= 0; at -= 1) {
    const candidate = exchanges[at];
    if (candidate?.step !== tokenStep) continue;
    const jkt = cnfJktOf(candidate.response.accessToken?.claims);
    if (jkt) return { step: tokenStep, position: at + 1, jkt };
  }
  return null;
}
