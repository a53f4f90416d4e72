import { orchestrationPaths, type WalletPairingRequest } from '@anybank/contracts';
import { apiFetch, readJson } from '../../lib/api';
import { publicConfig } from '../../lib/config';
import { policyAnswerOf, type PolicyAnswer } from '../../lib/policy-answer';
import { siteUrl } from '../../lib/public-config';
import { sessionStore } from '../../lib/session-storage';
import {
  pairingProgressOf,
  pairingStartOf,
  type PairingProgress,
  type PairingStart,
} from './wallet-pairing-rules';
import { withStepUp } from '../../lib/step-up-signal';

/** Omit applied to each member of a union (plain Omit would merge the steps into one). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A step of the policy's body; the access token is added from the session. */
type StepBody = OmitEach<WalletPairingRequest, 'accessToken'>;

/**
 * The wallet-pairing policy (document 2 §7): a policy acting on the customer, so their own
 * access token goes in the body (ADR 0009); no API key and no widget token.
 */
async function callPolicy(body: StepBody, signal?: AbortSignal): Promise<PolicyAnswer> {
  try {
    // Pairing a wallet needs a recent sign-in: the step-up dialog asks when it is older.
    const response = await withStepUp(() =>
      apiFetch(
        orchestrationPaths.policyStart(
          publicConfig.companyId,
          publicConfig.policyIds.walletPairing,
        ),
        {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...body, accessToken: sessionStore.get('AT') ?? '' }),
          signal,
        },
      ),
    );
    return policyAnswerOf(response.status, await readJson(response));
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** A new pairing link and its QR code; `error` when the bank refused or failed. */
export async function startWalletPairing(): Promise<PairingStart> {
  const answer = await callPolicy({ step: 'start' });
  const outcome = pairingStartOf(answer, siteUrl(publicConfig));
  if (outcome.kind === 'error') console.warn('The wallet pairing could not start', answer);
  return outcome;
}

/** Whether the phone has taken the card yet. */
export async function walletPairingProgress(
  pairingId: string,
  signal?: AbortSignal,
): Promise<PairingProgress> {
  const answer = await callPolicy({ step: 'status', pairingId }, signal);
  const progress = pairingProgressOf(answer);
  if (progress === 'ERROR') console.warn('The wallet pairing status is unknown', answer);
  return progress;
}
