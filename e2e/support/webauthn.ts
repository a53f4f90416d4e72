import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a passkey on "this
 * device" — internal transport, resident keys, user verification that always succeeds, and
 * presence confirmed without a touch. It belongs to the page (tab) it is added to.
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
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    async addCredential(credential) {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  };
}
