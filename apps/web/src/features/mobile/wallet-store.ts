import { decodeJwtPayload } from '../../lib/oauth';
import { createStoredList, parseStoredList, type ListStorage } from './stored-list';

/**
 * The simulated phone's wallet: the cards it holds, as the JWTs the bank issued, in
 * `localStorage` (a real wallet keeps passes in the operating system's store). A card needs no
 * protection at rest: it is signed, not secret, and proves nothing by itself to the bank.
 * DOM-free: storage and the other-tab signal are passed in; `wallet.ts` gives the app its one.
 */

export type WalletStorage = ListStorage;

export interface WalletStore {
  /** The cards, newest first; the same array until the wallet changes. */
  cards(): readonly string[];
  /** Adds a card; it replaces an earlier card of the same holder (pairing again renews it). */
  add(card: string): void;
  remove(card: string): void;
  subscribe(listener: () => void): () => void;
}

const NO_CARDS: readonly string[] = [];

const isCard = (value: unknown): value is string => typeof value === 'string';

/** The stored list, or none when the item is missing or not a list of strings. */
export function parseStoredCards(raw: string | null): readonly string[] {
  return parseStoredList(raw, isCard, NO_CARDS);
}

function holderOf(card: string): unknown {
  return decodeJwtPayload(card)?.sub;
}

export function createWalletStore(options: {
  storage: WalletStorage;
  storageKey: string;
  watchOtherTabs?: (changed: () => void) => () => void;
}): WalletStore {
  const list = createStoredList({ ...options, parse: parseStoredCards });
  return {
    cards: list.read,
    add(card) {
      const holder = holderOf(card);
      const others = list
        .read()
        .filter(
          (existing) =>
            existing !== card && (holder === undefined || holderOf(existing) !== holder),
        );
      list.write([card, ...others]);
    },
    remove(card) {
      list.write(list.read().filter((existing) => existing !== card));
    },
    subscribe: list.subscribe,
  };
}
