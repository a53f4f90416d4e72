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

export type CredentialStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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
  if (raw === null) return NONE;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every(isEntry) ? value : NONE;
  } catch {
    return NONE;
  }
}

export function createCredentialStore(options: {
  storage: CredentialStorage;
  storageKey: string;
  watchOtherTabs?: (changed: () => void) => () => void;
}): CredentialStore {
  const { storage, storageKey } = options;
  const listeners = new Set<() => void>();
  let raw: string | null = null;
  let snapshot = NONE;
  let unwatch: (() => void) | null = null;

  const read = () => {
    const current = storage.getItem(storageKey);
    if (current !== raw) {
      raw = current;
      snapshot = parseStoredCredentials(current);
    }
    return snapshot;
  };
  const notify = () => listeners.forEach((listener) => listener());
  const write = (entries: readonly StoredCredential[]) => {
    if (entries.length === 0) storage.removeItem(storageKey);
    else storage.setItem(storageKey, JSON.stringify(entries));
    notify();
  };

  return {
    list: read,
    add(entry) {
      write([entry, ...read().filter((other) => other.keyId !== entry.keyId)]);
    },
    remove(keyId) {
      write(read().filter((entry) => entry.keyId !== keyId));
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && options.watchOtherTabs) unwatch = options.watchOtherTabs(notify);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unwatch?.();
          unwatch = null;
        }
      };
    },
  };
}
