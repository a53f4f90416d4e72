import type { WalletPairingRequest } from '@anybank/contracts';
import { publicConfig } from '../../lib/config';
import type { PolicyAnswer } from '../../lib/policy-answer';
import { siteUrl } from '../../lib/public-config';
import { startUserPolicy, type UserPolicyBody } from '../../lib/user-policy';
import {
  pairingProgressOf,
  pairingStartOf,
  type PairingProgress,
  type PairingStart,
} from './wallet-pairing-rules';

/** A step of the policy's body; the access token is added from the session. */
type StepBody = UserPolicyBody<WalletPairingRequest>;

/**
 * The wallet-pairing policy (document 2 §7): a policy acting on the customer, so their own
 * access token goes in the body (ADR 0009). Pairing a wallet needs a recent sign-in.
 */
function callPolicy(body: StepBody, signal?: AbortSignal): Promise<PolicyAnswer> {
  return startUserPolicy('walletPairing', body, { signal, stepUp: true });
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
