import type { FlowStatus } from '@anybank/contracts';
import { restart, stay, type FlowState, type Transition } from './flow.state';
import { clonedAuthenticator } from './second-factor.rules';

/**
 * Passkeys first, part of the sign-in machine (flow.rules.ts):
 * - from the username field's passkey suggestion: at IDENTIFIER_REQUIRED the browser asks for
 *   discoverable request options (a challenge kept in the flow), then answers with an assertion
 *   the service verifies and looks up by its credential id. A user-verifying passkey is two
 *   factors (something you have, and your screen lock or fingerprint): the sign-in goes to
 *   MFA_COMPLETED with no username typed, no password and no second factor;
 * - recovery of a passkey-only account: the e-mailed code, then a new passkey through the
 *   pairing steps (FIDO2_ACTIVATION_REQUIRED); the new passkey ends the recovery, and the
 *   customer signs in with it. Cancelling starts the sign-in again: the code alone never signs in.
 */
export type PasskeySignInEvent =
  | { type: 'PASSKEY_CHALLENGE_ISSUED'; nonce: string }
  | {
      type: 'PASSKEY_SIGN_IN_ACCEPTED';
      userId: string;
      username: string;
      identityVerified: boolean;
    }
  | { type: 'PASSKEY_SIGN_IN_REFUSED' }
  /** A valid signature whose counter went back: a copy of the passkey, told to its owner. */
  | { type: 'PASSKEY_SIGN_IN_CLONED'; userId: string; deviceId: string; deviceType: string }
  /** The recovery code of a passkey-only account was right: a new passkey is asked for. */
  /** `pairingMethod`: the passkey's key in the pairing list (its factor's `pairing.method`). */
  | { type: 'PASSKEY_RECOVERY_VERIFIED'; nonce: string; pairingMethod: string };

export const PASSKEY_SIGN_IN_ACCEPTS: Record<PasskeySignInEvent['type'], readonly FlowStatus[]> = {
  PASSKEY_CHALLENGE_ISSUED: ['IDENTIFIER_REQUIRED'],
  PASSKEY_SIGN_IN_ACCEPTED: ['IDENTIFIER_REQUIRED'],
  PASSKEY_SIGN_IN_REFUSED: ['IDENTIFIER_REQUIRED'],
  PASSKEY_SIGN_IN_CLONED: ['IDENTIFIER_REQUIRED'],
  PASSKEY_RECOVERY_VERIFIED: ['RECOVERY_CODE_REQUIRED'],
};

/**
 * What a passkey with user verification proves, for the token's `amr` (RFC 8176): `hwk` the
 * key held, `user` the gesture on the device, `mfa` because the two are two factors.
 */
export const PASSKEY_SIGN_IN_AMR: readonly string[] = ['hwk', 'user', 'mfa'];

export function passkeySignInTransition(state: FlowState, event: PasskeySignInEvent): Transition {
  switch (event.type) {
    case 'PASSKEY_CHALLENGE_ISSUED':
      // Each request gets a fresh challenge; an older one no longer verifies.
      return {
        state: { ...state, webauthnOptions: { challenge: event.nonce, discoverable: true } },
        effects: [],
      };
    case 'PASSKEY_SIGN_IN_ACCEPTED':
      return {
        state: {
          ...state,
          status: 'MFA_COMPLETED',
          userId: event.userId,
          username: event.username,
          identityVerified: event.identityVerified,
          // The risk rules ran with the browser's profile at this step.
          hasRiskPayload: true,
          webauthnOptions: null,
          amr: [...PASSKEY_SIGN_IN_AMR],
        },
        effects: [],
      };
    case 'PASSKEY_SIGN_IN_REFUSED':
      // The challenge is used up: the browser asks for new options to try again.
      return stay({ ...state, webauthnOptions: null }, { code: 'passkey_not_verified' }, [
        { type: 'AUDIT', event: 'signin.failed' },
      ]);
    case 'PASSKEY_SIGN_IN_CLONED':
      return clonedAuthenticator({ ...state, webauthnOptions: null }, event);
    case 'PASSKEY_RECOVERY_VERIFIED':
      return {
        state: {
          ...state,
          status: 'FIDO2_ACTIVATION_REQUIRED',
          pairing: { method: event.pairingMethod, target: null, totpSecretSealed: null },
          webauthnOptions: { challenge: event.nonce },
        },
        effects: [],
      };
  }
}

/**
 * The pairing steps' ends during a passkey-only account's recovery: the new passkey finishes
 * the recovery (SUCCESSFUL_PASSWORD_RESET, then the sign-in starts again); a cancel starts the
 * sign-in again at once. Never MFA_COMPLETED: an e-mailed code is not a sign-in.
 */
export function passkeyRecoveryEnd(
  state: FlowState,
  event: { type: 'DEVICE_ACTIVATED' } | { type: 'PAIRING_CANCELLED' },
): Transition {
  if (event.type === 'DEVICE_ACTIVATED') {
    return {
      state: {
        ...state,
        status: 'SUCCESSFUL_PASSWORD_RESET',
        pairing: null,
        webauthnOptions: null,
      },
      effects: [],
    };
  }
  return { state: restart(state, { hasRiskPayload: state.hasRiskPayload }), effects: [] };
}
