import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { messages } from '@anybank/contracts';

/**
 * The browser's half of FIDO2 (document 1 §4.4, §8): registering an authenticator from the
 * flow's creation options, signing in with one from its request options, and the five
 * messages for what the browser refuses.
 */
export type FidoCeremony = 'register' | 'authenticate';

function errorName(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('name' in error)) return '';
  return typeof error.name === 'string' ? error.name : '';
}

/** The §8 message for a failed `navigator.credentials.create()` or `.get()`. */
export function fidoErrorMessage(error: unknown, ceremony: FidoCeremony): string {
  const name = errorName(error);
  if (ceremony === 'register') {
    if (name === 'InvalidStateError') return messages.login.fidoAlreadyRegistered;
    if (name === 'NotAllowedError') return messages.login.fidoConsentNotProvided;
    return messages.login.fidoRegistrationError;
  }
  if (name === 'NotAllowedError') return messages.login.fidoAuthenticationNotProvided;
  return messages.login.fidoAuthenticationError;
}

/** Options the flow sent are an object; anything else cannot be handed to the browser. */
export function hasFidoOptions(options: unknown): options is Record<string, unknown> {
  return typeof options === 'object' && options !== null && 'challenge' in options;
}

/** Creates a credential; resolves with the registration response (the `attestation`). */
export async function registerAuthenticator(
  options: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await startRegistration({
    // The flow engine answers @simplewebauthn/server's own options.
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return { ...response };
}

/** Signs the flow's challenge; resolves with the authentication response (the `assertion`). */
export async function authenticateWithAuthenticator(
  options: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { ...response };
}
