import { describe, expect, it } from 'vitest';
import { base64UrlEncode } from '../../lib/oauth';
import { createWalletStore, parseStoredCards } from './wallet-store';

const KEY = 'anybank.wallet';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
}

/** A JWT-shaped card for a holder (the store reads only `sub`; signatures are wallet-card's). */
function cardOf(sub: string, jti: string): string {
  const part = (value: unknown) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  return `${part({ alg: 'ES256' })}.${part({ sub, jti })}.signature`;
}

describe("the phone's wallet", () => {
  it('keeps the cards it is given, newest first, across a reload', () => {
    const storage = memoryStorage();
    const wallet = createWalletStore({ storage, storageKey: KEY });
    const robin = cardOf('robin', 'card-1');
    const jane = cardOf('jane', 'card-2');
    wallet.add(robin);
    wallet.add(jane);
    expect(wallet.cards()).toEqual([jane, robin]);
    expect(createWalletStore({ storage, storageKey: KEY }).cards()).toEqual([jane, robin]);
  });

  it("replaces a holder's earlier card when they pair again", () => {
    const wallet = createWalletStore({ storage: memoryStorage(), storageKey: KEY });
    const jane = cardOf('jane', 'card-2');
    wallet.add(cardOf('robin', 'card-1'));
    wallet.add(jane);
    const renewed = cardOf('robin', 'card-3');
    wallet.add(renewed);
    expect(wallet.cards()).toEqual([renewed, jane]);
  });

  it('removes a card, and forgets the wallet when the last one goes', () => {
    const storage = memoryStorage();
    const wallet = createWalletStore({ storage, storageKey: KEY });
    const card = cardOf('robin', 'card-1');
    wallet.add(card);
    wallet.remove(card);
    expect(wallet.cards()).toEqual([]);
    expect(storage.items.has(KEY)).toBe(false);
  });

  it('tells its subscribers of every change, and hands out the same list until then', () => {
    const wallet = createWalletStore({ storage: memoryStorage(), storageKey: KEY });
    let changes = 0;
    const unsubscribe = wallet.subscribe(() => (changes += 1));
    const before = wallet.cards();
    expect(wallet.cards()).toBe(before);
    wallet.add(cardOf('robin', 'card-1'));
    expect(changes).toBe(1);
    expect(wallet.cards()).not.toBe(before);
    unsubscribe();
    wallet.add(cardOf('jane', 'card-2'));
    expect(changes).toBe(1);
  });

  it('treats a damaged stored wallet as empty', () => {
    expect(parseStoredCards('{not json')).toEqual([]);
    expect(parseStoredCards('{"cards": 1}')).toEqual([]);
    expect(parseStoredCards('[1, 2]')).toEqual([]);
    expect(parseStoredCards(null)).toEqual([]);
  });
});
