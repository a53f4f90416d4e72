import { useSyncExternalStore } from 'react';
import {
  OAUTH_PATHS,
  WALLET_PAIRING_LINK_PARAM,
  XSRF_HEADER,
  walletPaths,
  walletRedemptionResponseSchema,
} from '@anybank/contracts';
import { apiFetch, readJson } from '../../lib/api';
import { publicConfig } from '../../lib/config';
import { siteUrl } from '../../lib/public-config';
import { verifyWalletCard, type CardVerdict, type PublishedKey } from './wallet-card';
import { createWalletStore } from './wallet-store';

/**
 * The localStorage item holding the simulator's wallet (`anybank.wallet` by default). This
 * module is its only owner.
 */
export const WALLET_STORAGE_KEY = `${publicConfig.productId}.wallet`;

export const wallet = createWalletStore({
  storage: window.localStorage,
  storageKey: WALLET_STORAGE_KEY,
  watchOtherTabs(changed) {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === WALLET_STORAGE_KEY) changed();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
});

/** The cards in this browser's wallet; re-renders when they change (in any tab). */
export function useWalletCards(): readonly string[] {
  return useSyncExternalStore(wallet.subscribe, wallet.cards);
}

/** The bank's published keys, fetched once per page (a failure is retried next time). */
let keysPromise: Promise<PublishedKey[]> | null = null;
function fetchBankKeys(): Promise<PublishedKey[]> {
  keysPromise ??= apiFetch(OAUTH_PATHS.jwks, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`The JWKS answered ${response.status}`);
      const body = (await readJson(response)) as { keys?: unknown } | null;
      if (!Array.isArray(body?.keys)) throw new Error('The JWKS has no keys');
      return body.keys as PublishedKey[];
    })
    .catch((error: unknown) => {
      keysPromise = null;
      throw error;
    });
  return keysPromise;
}

/** Checks a card against the keys this bank publishes, now. */
export function checkCard(card: string): Promise<CardVerdict> {
  return verifyWalletCard(card, {
    subtle: window.crypto.subtle,
    fetchKeys: fetchBankKeys,
    issuer: siteUrl(publicConfig),
    now: new Date(),
  });
}

/** The ticket of a pairing link (`/mobile#walletPairing=…`), or null. */
export function pairingTicketIn(hash: string): string | null {
  const ticket = new URLSearchParams(hash.replace(/^#/, '')).get(WALLET_PAIRING_LINK_PARAM);
  return ticket === null || ticket === '' ? null : ticket;
}

/** Redeems a pairing link's ticket: the signed card, or null when the bank refused or failed. */
export async function redeemPairingTicket(ticket: string): Promise<string | null> {
  try {
    const response = await apiFetch(walletPaths.cards, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [XSRF_HEADER]: '1',
      },
      body: JSON.stringify({ ticket }),
    });
    const body = await readJson(response);
    if (response.status !== 201) {
      console.warn(`The wallet pairing answered ${response.status}`, body);
      return null;
    }
    return walletRedemptionResponseSchema.parse(body).card;
  } catch (error) {
    console.warn('The wallet pairing failed', error);
    return null;
  }
}
