/**
 * A list the phone keeps in `localStorage` (its wallet's cards and credentials), read as one
 * snapshot until it changes, with listeners told of a change here or in another tab.
 * DOM-free: storage and the other-tab signal are passed in.
 */

export type ListStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredList<T> {
  /** The items, newest first; the same array until the list changes. */
  read(): readonly T[];
  write(items: readonly T[]): void;
  subscribe(listener: () => void): () => void;
}

/** The stored JSON list when every item is one `isItem` accepts; else `empty`. */
export function parseStoredList<T>(
  raw: string | null,
  isItem: (value: unknown) => value is T,
  empty: readonly T[],
): readonly T[] {
  if (raw === null) return empty;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every(isItem) ? value : empty;
  } catch {
    return empty;
  }
}

export function createStoredList<T>(options: {
  storage: ListStorage;
  storageKey: string;
  parse: (raw: string | null) => readonly T[];
  watchOtherTabs?: ((changed: () => void) => () => void) | undefined;
}): StoredList<T> {
  const { storage, storageKey, parse } = options;
  const listeners = new Set<() => void>();
  let raw: string | null = null;
  let snapshot = parse(null);
  let unwatch: (() => void) | null = null;
  const notify = () => listeners.forEach((listener) => listener());

  return {
    read() {
      const current = storage.getItem(storageKey);
      if (current !== raw) {
        raw = current;
        snapshot = parse(current);
      }
      return snapshot;
    },
    write(items) {
      if (items.length === 0) storage.removeItem(storageKey);
      else storage.setItem(storageKey, JSON.stringify(items));
      notify();
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
