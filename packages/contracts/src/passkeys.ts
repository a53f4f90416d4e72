import { z } from 'zod';
import { BANK_NAME_SLOT } from './branding';

/**
 * Passkeys first: signing in from the username field's passkey suggestion
 * (WebAuthn conditional mediation, a discoverable credential, no username, no password), and
 * passkey-only accounts (no password at all; recovery is an e-mailed code, then a new passkey).
 *
 * A passkey-only account is a customer with no password hash, sign-in preference 'Device' and at
 * least one user-verifying passkey (server: identity/credentials/passkey-only.rules.ts).
 */

export const passkeyMessages = {
  /** The registration choice beside the password form. */
  createWithPasskey: 'Create an account with a passkey',
  createWithPasskeyHint:
    'No password to remember: your device’s screen lock or fingerprint signs you in. We still e-mail you a code to confirm your address.',
  createWithPassword: 'Use a password instead',
  passkeyStepHeading: 'Confirm your e-mail and create your passkey',
  passkeyStepHint:
    'Enter the code we e-mailed you, then your browser asks you to create a passkey for AnyBank.',
  createPasskeyButton: 'Create passkey and account',
  /** The browser refused or the user dismissed the passkey dialog. */
  passkeyNotCreated: 'The passkey was not created. Try again, or use a password instead.',
  /** The server could not verify the new passkey (attestation, challenge, origin, no UV). */
  passkeyRefused:
    'This passkey could not be verified. Try again with a device that asks for your screen lock or fingerprint.',
  noPasskeySupport: 'This browser cannot create passkeys. Please use a password instead.',
  /**
   * Forgot password, for an account that has no password: it never applies, and the customer
   * is told so and what happens instead.
   */
  noPasswordToReset:
    'This account signs in with a passkey and has no password, so there is no password to reset. If it is yours, we e-mailed you a recovery code: enter it, then create a new passkey on this device.',
  passkeyRecoveryHeading: 'Recover your passkey account',
  passkeyRecoveryButton: 'Continue',
  passkeyRecoveryDone: 'Your new passkey is ready. Sign in with it.',
  passkeyRecoverySubject: `Recover your ${BANK_NAME_SLOT} passkey account`,
  passkeyRecoveryBody: (code: string, minutes: number) =>
    `Your ${BANK_NAME_SLOT} recovery code is ${code}. It expires in ${minutes} minutes. Your account has no password: this code lets you create a new passkey. If you did not ask for it, you can ignore this message.`,
} as const;

/**
 * `?action=signInWithPasskey` at IDENTIFIER_REQUIRED: the browser's answer to the discoverable
 * request options `?action=startPasskeySignIn` gave, with its risk signals (the risk rules run
 * for a passkey sign-in as for a username).
 */
export const passkeySignInSchema = z.object({
  assertion: z.record(z.string(), z.unknown()),
  origin: z.string().max(256),
  riskPayload: z.record(z.string(), z.unknown()),
});
