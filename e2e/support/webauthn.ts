import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain). By default a passkey
 * on "this device": internal transport, resident keys, user verification that always succeeds,
 * and presence confirmed without a touch. It belongs to the page (tab) it is added to.
 */

export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  /** The credentials the authenticator holds. */
  credentials(): Promise<VirtualCredential[]>;
  /** Puts a credential into the authenticator (one made by another, to hold the same key). */
  addCredential(credential: VirtualCredential): Promise<void>;
  /** Whether its user verification succeeds from now on (a fingerprint that does not match). */
  setUserVerified(verified: boolean): Promise<void>;
  /** Takes the authenticator away from the page, as if it were unplugged. */
  remove(): Promise<void>;
}

/** What kind of authenticator: the DevTools protocol's VirtualAuthenticatorOptions. */
export interface AuthenticatorKind {
  transport: 'internal' | 'usb';
  hasResidentKey: boolean;
  /** The authenticator can verify the user (a PIN, a fingerprint). */
  hasUserVerification: boolean;
  /** Its verification succeeds. */
  isUserVerified: boolean;
}

/** A platform passkey that verifies the user (a fingerprint that always matches). */
export const PLATFORM_PASSKEY: AuthenticatorKind = {
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
};

/** A USB security key with no PIN or biometrics: it proves presence, never who is there. */
export const SECURITY_KEY_WITHOUT_VERIFICATION: AuthenticatorKind = {
  transport: 'usb',
  hasResidentKey: false,
  hasUserVerification: false,
  isUserVerified: false,
};

export async function addVirtualAuthenticator(
  page: Page,
  kind: AuthenticatorKind = PLATFORM_PASSKEY,
): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', ...kind, automaticPresenceSimulation: true },
  });
  return {
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    async addCredential(credential) {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
    async setUserVerified(isUserVerified) {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
    },
    async remove() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}

/**
 * Makes this page a browser without passkey autofill (conditional mediation), as many still
 * are: the login modal then shows the username field alone and the passkey is
 * asked after the password. Chromium's virtual authenticator answers an autofill request at
 * once, without anyone picking the passkey, so the username path of a customer whose passkey
 * is in the authenticator can only be walked in such a browser.
 */
export async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: () => Promise.resolve(false),
    });
  });
}
