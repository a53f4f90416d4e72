import { SESSION_ITEMS, sessionItemName } from '@anybank/contracts';
import type { SessionItem } from '@anybank/contracts';

export type SessionItemStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionStore {
  get(item: SessionItem): string | null;
  set(item: SessionItem, value: string): void;
  remove(item: SessionItem): void;
  /** Removes every session item of document 1 §3.6, and nothing else. */
  clearAll(): void;
  /** Calls the listener after each change made through this store; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The session items under their exact names, kept in the given storage. */
export function createSessionStore(storage: SessionItemStorage, productId: string): SessionStore {
  const listeners = new Set<() => void>();
  const nameOf = (item: SessionItem) => sessionItemName(item, productId);
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
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
