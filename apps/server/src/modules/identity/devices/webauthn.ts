import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * FIDO2 / passkeys with @simplewebauthn/server: the relying party is the site's own host,
 * origins are the site's own, and every answer is verified (signature, challenge, origin,
 * rpId, counter). The challenge is the flow's nonce, kept in the flow's state.
 */
export interface WebAuthnRelyingParty {
  rpId: string;
  rpName: string;
  origin: string;
}

export interface StoredCredential {
  credentialId: string;
  publicKey: string;
  signCount: number;
}

export function challengeFor(nonce: string): string {
  return Buffer.from(nonce).toString('base64url');
}

/** The WebAuthn user handle a passkey is registered with for this user: their id's bytes. */
export function userHandleFor(userId: string): string {
  return Buffer.from(userId).toString('base64url');
}

/** The user handle an assertion names (a discoverable credential's), or null. */
export function userHandleOf(assertion: unknown): string | null {
  const response = (assertion as { response?: { userHandle?: unknown } } | null)?.response;
  return typeof response?.userHandle === 'string' && response.userHandle !== ''
    ? response.userHandle
    : null;
}

export async function registrationOptions(
  party: WebAuthnRelyingParty,
  user: { id: string; uid: string; displayName: string },
  existing: string[],
  nonce: string,
  /** A passkey-only account's passkey must verify the user. */
  userVerification: 'preferred' | 'required' = 'preferred',
) {
  return generateRegistrationOptions({
    rpName: party.rpName,
    rpID: party.rpId,
    userName: user.uid,
    userDisplayName: user.displayName,
    userID: Buffer.from(userHandleFor(user.id), 'base64url'),
    challenge: Buffer.from(nonce),
    attestationType: 'none',
    excludeCredentials: existing.map((id) => ({ id })),
    authenticatorSelection: {
      residentKey: userVerification === 'required' ? 'required' : 'preferred',
      userVerification,
    },
    timeout: 60_000,
  });
}

export async function authenticationOptions(
  party: WebAuthnRelyingParty,
  credentialIds: string[],
  nonce: string,
) {
  return generateAuthenticationOptions({
    rpID: party.rpId,
    challenge: Buffer.from(nonce),
    allowCredentials: credentialIds.map((id) => ({ id })),
    userVerification: 'preferred',
    timeout: 60_000,
  });
}

/**
 * Options for a sign-in from the username field's passkey suggestion: no
 * allowCredentials, so the browser offers any passkey it holds for this site (a discoverable
 * credential), and the user must be verified: the passkey is both factors.
 */
export async function discoverableAuthenticationOptions(
  party: WebAuthnRelyingParty,
  nonce: string,
) {
  return generateAuthenticationOptions({
    rpID: party.rpId,
    challenge: Buffer.from(nonce),
    userVerification: 'required',
    timeout: 300_000,
  });
}

/** Whether the verification insists on the authenticator's user-verified flag. */
export interface VerificationPolicy {
  requireUserVerification?: boolean;
}

export type RegistrationCheck =
  | {
      ok: true;
      credential: StoredCredential & { transports: string[] };
      attachment: string | null;
      /** The authenticator's model (AAGUID): names the passkey. */
      aaguid: string | null;
    }
  | { ok: false; reason: 'invalid' };

export async function checkRegistration(
  party: WebAuthnRelyingParty,
  response: unknown,
  nonce: string,
  policy: VerificationPolicy = {},
): Promise<RegistrationCheck> {
  try {
    const verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challengeFor(nonce),
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      requireUserVerification: policy.requireUserVerification ?? false,
    });
    if (!verification.verified) return { ok: false, reason: 'invalid' };
    const { credential } = verification.registrationInfo;
    return {
      ok: true,
      credential: {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports ?? [],
      },
      attachment: (response as RegistrationResponseJSON).authenticatorAttachment ?? null,
      aaguid: verification.registrationInfo.aaguid || null,
    };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}

/**
 * WebAuthn §6.1.1: an authenticator that keeps a signature counter (the stored one or the new
 * one above zero) must move it forward at every signature. One that does not may be a clone of
 * the registered one, which another party also uses.
 */
export function counterWentBack(stored: number, received: number): boolean {
  return (stored > 0 || received > 0) && received <= stored;
}

export type AssertionCheck =
  | { ok: true; newCounter: number; userVerified: boolean }
  /** `counter`: the signature is the registered key's, but the counter did not move forward. */
  | { ok: false; reason: 'invalid' | 'counter' };

/** Verifies an assertion against the stored credential; answers its new signature counter. */
export async function checkAssertion(
  party: WebAuthnRelyingParty,
  response: unknown,
  nonce: string,
  stored: StoredCredential,
  policy: VerificationPolicy = {},
): Promise<AssertionCheck> {
  try {
    const assertion = response as AuthenticationResponseJSON;
    if (assertion.id !== stored.credentialId) return { ok: false, reason: 'invalid' };
    const verification = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challengeFor(nonce),
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      credential: {
        id: stored.credentialId,
        publicKey: Buffer.from(stored.publicKey, 'base64url'),
        // The counter is checked below, once the signature is known to be the key's: the
        // library's own check would throw, and end in the catch with every other failure.
        counter: 0,
      },
      requireUserVerification: policy.requireUserVerification ?? false,
    });
    if (!verification.verified) return { ok: false, reason: 'invalid' };
    const { newCounter, userVerified } = verification.authenticationInfo;
    if (counterWentBack(stored.signCount, newCounter)) return { ok: false, reason: 'counter' };
    return { ok: true, newCounter, userVerified };
  } catch {
    // A wrong signature, challenge, origin or rpId, or an answer that is not WebAuthn's.
    return { ok: false, reason: 'invalid' };
  }
}

/** The relying party of the site at `publicUrl`: its host is the rpId, its origin the origin. */
export function relyingPartyFor(config: { host: string; publicUrl: string }): WebAuthnRelyingParty {
  return { rpId: config.host, rpName: 'AnyBank', origin: new URL(config.publicUrl).origin };
}
