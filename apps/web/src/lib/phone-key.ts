import { useSyncExternalStore } from 'react';
import { publicConfig } from './config';
import { createPhoneKeyring } from './phone-keyring';
import type { PhoneIdentity } from './phone-keyring';

export type { PhoneIdentity, PublicPhoneJwk } from './phone-keyring';
export { PhoneKeyMissingError } from './phone-keyring';

/**
 * The localStorage item holding this browser's phone (`anybank.phone` by default). This module
 * is its only owner: nothing else reads or writes it.
 */
export const PHONE_STORAGE_KEY = `${publicConfig.productId}.phone`;

/**
 * The phone app's key in this browser (see phone-keyring.ts: a real app keeps it in the OS
 * keystore). Every tab of the site shares it: `/mobile` activates it, `/outbox` answers with it.
 */
export const phoneKey = createPhoneKeyring({
  storage: window.localStorage,
  subtle: window.crypto.subtle,
  storageKey: PHONE_STORAGE_KEY,
  watchOtherTabs(changed) {
    const onStorage = (event: StorageEvent) => {
      // `key` is null when another tab cleared the whole storage.
      if (event.key === null || event.key === PHONE_STORAGE_KEY) changed();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
});

/** The phone activated in this browser, or null; re-renders when it changes (in any tab). */
export function usePhone(): PhoneIdentity | null {
  return useSyncExternalStore(phoneKey.subscribe, phoneKey.current);
}
