import { createStoredList, parseStoredList, type ListStorage } from './stored-list';

/**
 * The verifiable credentials in the phone's wallet (ADR 0027), in `localStorage` beside the
 * customer cards (wallet-store.ts): each the SD-JWT VC as issued, with all its disclosures, and
 * the id of its own holder key (kept apart, non-extractable, in IndexedDB: holder-keys.ts). The
 * credential is no secret on its own: presenting it needs that key.
 * DOM-free: storage and the other-tab signal are passed in; `credentials.ts` gives the app one.
 */

export interface StoredCredential {
  /** The id of its holder key, which is also the credential's id in this wallet. */
  keyId: string;
  credential: string;
  addedAt: string;
}

export type CredentialStorage = ListStorage;

export interface CredentialStore {
  /** The credentials, newest first; the same array until the wallet changes. */
  list(): readonly StoredCredential[];
  add(entry: StoredCredential): void;
  remove(keyId: string): void;
  subscribe(listener: () => void): () => void;
}

const NONE: readonly StoredCredential[] = [];

const isEntry = (value: unknown): value is StoredCredential => {
  if (typeof value !== 'object' || value === null) return false;
  const { keyId, credential, addedAt } = value as Record<string, unknown>;
  return [keyId, credential, addedAt].every((part) => typeof part === 'string' && part !== '');
};

/** The stored list, or none when the item is missing or not such a list. */
export function parseStoredCredentials(raw: string | null): readonly StoredCredential[] {
  return parseStoredList(raw, isEntry, NONE);
}

export function createCredentialStore(options: {
  storage: CredentialStorage;
  storageKey: string;
  watchOtherTabs?: (changed: () => void) => () => void;
}): CredentialStore {
  const list = createStoredList({ ...options, parse: parseStoredCredentials });
  return {
    list: list.read,
    add(entry) {
      list.write([entry, ...list.read().filter((other) => other.keyId !== entry.keyId)]);
    },
    remove(keyId) {
      list.write(list.read().filter((entry) => entry.keyId !== keyId));
    },
    subscribe: list.subscribe,
  };
}
