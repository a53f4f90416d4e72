import { SESSION_ITEMS } from '@anybank/contracts';
import type { SessionItem } from '@anybank/contracts';

export type SessionItemStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Items this module keeps besides the session items of document 1 §3.6: the sign-in in
 * progress (PKCE state and verifier, client, return path) and the client the user signed in
 * with (sign-out and "Stay" need it). Named with the product id, like `{product}UserType`.
 */
export const SIGN_IN_ITEMS = ['{product}PendingSignIn', '{product}SignInClient'] as const;
export type SignInItem = (typeof SIGN_IN_ITEMS)[number];

/**
 * Items of this tab that outlive a sign-in and a sign-out: whether "Behind the scenes" is open
 * (ADR 0021: it stays open across pages and sign-ins in this tab).
 */
export const TAB_ITEMS = ['{product}BehindTheScenes'] as const;
export type TabItem = (typeof TAB_ITEMS)[number];

export type StoredItem = SessionItem | SignInItem | TabItem;

export interface SessionStore {
  get(item: StoredItem): string | null;
  set(item: StoredItem, value: string): void;
  remove(item: StoredItem): void;
  /** Removes every session item of document 1 §3.6, and nothing else. */
  clearAll(): void;
  /** Removes the sign-in bookkeeping items (SIGN_IN_ITEMS). */
  clearSignIn(): void;
  /** Calls the listener after each change made through this store; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The session items under their exact names, kept in the given storage. */
export function createSessionStore(storage: SessionItemStorage, productId: string): SessionStore {
  const listeners = new Set<() => void>();
  const nameOf = (item: StoredItem) => item.replace('{product}', productId);
  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    get: (item) => storage.getItem(nameOf(item)),
    set(item, value) {
      storage.setItem(nameOf(item), value);
      notify();
    },
    remove(item) {
      storage.removeItem(nameOf(item));
      notify();
    },
    clearAll() {
      for (const item of SESSION_ITEMS) storage.removeItem(nameOf(item));
      notify();
    },
    clearSignIn() {
      for (const item of SIGN_IN_ITEMS) storage.removeItem(nameOf(item));
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Signed out in this tab: the session items and the sign-in bookkeeping go. */
export function clearSessionItems(store: SessionStore): void {
  store.clearAll();
  store.clearSignIn();
}
