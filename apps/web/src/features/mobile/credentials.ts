import { useSyncExternalStore } from 'react';
import {
  trustedVerifiersResponseSchema,
  vcPaths,
  verifiableCredentialMessages as vcText,
  walletPresentationMessages as vpText,
} from '@anybank/contracts';
import { apiFetch, readJson } from '../../lib/api';
import { publicConfig } from '../../lib/config';
import { siteUrl } from '../../lib/public-config';
import { createCredentialStore, type StoredCredential } from './credential-store';
import { isOnSite, type CredentialOffer, type PresentationLink } from './credential-offer';
import { deleteHolderKey, holderPrivateKey, newHolderKey } from './holder-keys';
import { redeemOffer, type IssuanceOutcome } from './openid4vci-client';
import {
  buildPresentation,
  openRequestObject,
  responseForm,
  verifierAnswer,
  type OpenedRequest,
  type PresentationRequest,
} from './presentation-request';

/**
 * The wallet's verifiable credentials as the app holds them (ADR 0027): the one store, and the
 * calls that add a credential from an offer and answer a verifier's request. The pure parts are
 * in credential-offer.ts, openid4vci-client.ts, credential-check.ts and presentation-request.ts.
 */

export const CREDENTIALS_STORAGE_KEY = `${publicConfig.productId}.wallet.credentials`;

export const credentialStore = createCredentialStore({
  storage: window.localStorage,
  storageKey: CREDENTIALS_STORAGE_KEY,
  watchOtherTabs(changed) {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CREDENTIALS_STORAGE_KEY) changed();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
});

/** The credentials in this browser's wallet; re-renders when they change (in any tab). */
export function useStoredCredentials(): readonly StoredCredential[] {
  return useSyncExternalStore(credentialStore.subscribe, credentialStore.list);
}

/** Deletes a credential and its holder key: nothing is left to present it with. */
export async function deleteCredential(keyId: string): Promise<void> {
  credentialStore.remove(keyId);
  await deleteHolderKey(keyId).catch((error: unknown) => {
    console.warn('The holder key could not be deleted', error);
  });
}

/** The pre-authorized codes this page already sent: the issuer consumed each at its first try. */
const triedCodes = new Set<string>();

/** Whether the offer needs a WebCrypto this page lacks, or is from another bank: a message. */
export function offerProblem(offer: CredentialOffer): string | null {
  if (!window.crypto?.subtle || !window.indexedDB) return vcText.noWebCrypto;
  return isOnSite(offer.credentialIssuer, siteUrl(publicConfig)) ? null : vcText.offerFromElsewhere;
}

export async function addFromOffer(
  offer: CredentialOffer,
  txCode: string | null,
): Promise<IssuanceOutcome> {
  const triedBefore = triedCodes.has(offer.preAuthorizedCode);
  triedCodes.add(offer.preAuthorizedCode);
  const outcome = await redeemOffer(offer, txCode, {
    fetch: (input, init) => window.fetch(input, init),
    subtle: window.crypto.subtle,
    now: () => new Date(),
    newKey: newHolderKey,
    triedBefore,
  }).catch((error: unknown): IssuanceOutcome => {
    console.warn('The credential offer failed', error);
    return { kind: 'refused', message: vcText.issuanceFailed, detail: String(error) };
  });
  if (outcome.kind === 'refused') console.warn('The credential offer was refused:', outcome.detail);
  if (outcome.kind === 'issued') {
    credentialStore.add({
      keyId: outcome.keyId,
      credential: outcome.credential,
      addedAt: new Date().toISOString(),
    });
  }
  return outcome;
}

/** Fetches and verifies the request a link points to, against the verifiers the bank knows. */
export async function openPresentationLink(link: PresentationLink): Promise<OpenedRequest> {
  if (!window.crypto?.subtle) return { kind: 'refused', message: vcText.noWebCrypto };
  try {
    const listed = await apiFetch(vcPaths.verifiers, { headers: { Accept: 'application/json' } });
    if (!listed.ok) return { kind: 'refused', message: vpText.requestFailed };
    const { verifiers } = trustedVerifiersResponseSchema.parse(await readJson(listed));
    if (!verifiers.some((verifier) => verifier.clientId === link.clientId)) {
      return { kind: 'refused', message: vpText.unknownVerifier };
    }
    const response = await window.fetch(link.requestUri, {
      credentials: 'omit',
      headers: { Accept: 'application/oauth-authz-req+jwt' },
    });
    if (!response.ok) return { kind: 'refused', message: vpText.requestFailed };
    return await openRequestObject(await response.text(), link.clientId, verifiers, {
      subtle: window.crypto.subtle,
      now: new Date(),
    });
  } catch (error) {
    console.warn('The presentation request could not be opened', error);
    return { kind: 'refused', message: vpText.requestFailed };
  }
}

/** Shares the asked claims of `entry` (or declines, with null); the verifier's answer in words. */
export async function answerPresentation(
  request: PresentationRequest,
  entry: StoredCredential | null,
): Promise<{ ok: boolean; message: string }> {
  try {
    let presentation: string | null = null;
    if (entry !== null) {
      const privateKey = await holderPrivateKey(entry.keyId);
      if (privateKey === null) return { ok: false, message: vpText.sendFailed };
      presentation = await buildPresentation(request, entry.credential, {
        subtle: window.crypto.subtle,
        privateKey,
        now: new Date(),
      });
    }
    const response = await window.fetch(request.responseUri, {
      method: 'POST',
      credentials: 'omit',
      headers: { Accept: 'application/json' },
      body: responseForm(request, presentation),
    });
    return verifierAnswer(
      request,
      presentation !== null,
      response.status,
      await readJson(response),
    );
  } catch (error) {
    console.warn('The presentation could not be sent', error);
    return { ok: false, message: vpText.sendFailed };
  }
}
