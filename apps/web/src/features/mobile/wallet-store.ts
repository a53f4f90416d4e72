import { decodeJwtPayload } from '../../lib/oauth';

/**
 * The simulated phone's wallet: the cards it holds, as the JWTs the bank issued, in
 * `localStorage` (a real wallet keeps passes in the operating system's store). A card needs no
 * protection at rest: it is signed, not secret, and proves nothing by itself to the bank.
 * DOM-free: storage and the other-tab signal are passed in; `wallet.ts` gives the app its one.
 */

export type WalletStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface WalletStore {
  /** The cards, newest first; the same array until the wallet changes. */
  cards(): readonly string[];
  /** Adds a card; it replaces an earlier card of the same holder (pairing again renews it). */
  add(card: string): void;
  remove(card: string): void;
  subscribe(listener: () => void): () => void;
}

const NO_CARDS: readonly string[] = [];

/** The stored list, or none when the item is missing or not a list of strings. */
export function parseStoredCards(raw: string | null): readonly string[] {
  if (raw === null) return NO_CARDS;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((card) => typeof card === 'string')
      ? (value as string[])
      : NO_CARDS;
  } catch {
    return NO_CARDS;
  }
}

function holderOf(card: string): unknown {
  return decodeJwtPayload(card)?.sub;
}

export function createWalletStore(options: {
  storage: WalletStorage;
  storageKey: string;
  watchOtherTabs?: (changed: () => void) => () => void;
}): WalletStore {
  const { storage, storageKey } = options;
  const listeners = new Set<() => void>();
  let raw: string | null = null;
  let snapshot: readonly string[] = NO_CARDS;
  let unwatch: (() => void) | null = null;

  const read = (): readonly string[] => {
    const current = storage.getItem(storageKey);
    if (current !== raw) {
      raw = current;
      snapshot = parseStoredCards(current);
    }
    return snapshot;
  };
  const notify = () => listeners.forEach((listener) => listener());
  const write = (cards: readonly string[]) => {
    if (cards.length === 0) storage.removeItem(storageKey);
    else storage.setItem(storageKey, JSON.stringify(cards));
    notify();
  };

  return {
    cards: read,
    add(card) {
      const holder = holderOf(card);
      const others = read().filter(
        (existing) => existing !== card && (holder === undefined || holderOf(existing) !== holder),
      );
      write([card, ...others]);
    },
    remove(card) {
      write(read().filter((existing) => existing !== card));
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
