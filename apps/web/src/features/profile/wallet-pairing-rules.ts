import {
  walletPairingStartResponseSchema,
  walletPairingStatusResponseSchema,
  type WalletPairingStatus,
} from '@anybank/contracts';
import type { PolicyAnswer } from '../../lib/policy-answer';

/**
 * What the wallet-pairing policy's answers mean to the personal-details page (document 2 §7,
 * §8). DOM-free, for the unit tests; wallet-pairing-api.ts makes the calls.
 */

export type PairingStart =
  | { kind: 'ready'; pairingId: string; qrCode: string; pairingUrl: string; expiresAt: Date }
  /** Anything else: the page shows 'An error occurred during pairing, please try again.' */
  | { kind: 'error' };

/** `site`: this site's address (public URL and base path); the link must lead to its /mobile. */
export function pairingStartOf(answer: PolicyAnswer, site: string): PairingStart {
  if (answer.kind !== 'ok') return { kind: 'error' };
  const parsed = walletPairingStartResponseSchema.safeParse(answer.body);
  if (!parsed.success) return { kind: 'error' };
  const { pairingId, qrCode, pairingUrl, expiresAt } = parsed.data.additionalProperties;
  const expiry = new Date(expiresAt);
  // Only a link to this very site's phone app is shown: never elsewhere, never a script URL.
  if (Number.isNaN(expiry.getTime()) || !pairingUrl.startsWith(`${site}/mobile#`)) {
    return { kind: 'error' };
  }
  return { kind: 'ready', pairingId, qrCode, pairingUrl, expiresAt: expiry };
}

export type PairingProgress = WalletPairingStatus | 'ERROR';

export function pairingProgressOf(answer: PolicyAnswer): PairingProgress {
  if (answer.kind !== 'ok') return 'ERROR';
  const parsed = walletPairingStatusResponseSchema.safeParse(answer.body);
  return parsed.success ? parsed.data.additionalProperties.status : 'ERROR';
}

/** Polling stops at any answer but "still waiting for the phone". */
export function isFinal(progress: PairingProgress): boolean {
  return progress !== 'PENDING';
}
