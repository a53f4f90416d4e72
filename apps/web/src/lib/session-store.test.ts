import { describe, expect, it } from 'vitest';
import { SESSION_ITEMS } from '@anybank/contracts';
import { createSessionStore } from './session-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
}

describe('session store', () => {
  it('keeps items under their exact names, with {product} replaced by the product id', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, 'anybank');
    store.set('{product}UserType', 'customer');
    store.set('subject', 'user-1');
    expect(storage.items.get('anybankUserType')).toBe('customer');
    expect(storage.items.get('subject')).toBe('user-1');
    expect(store.get('{product}UserType')).toBe('customer');
  });

  it('uses the configured product id', () => {
    const storage = memoryStorage();
    createSessionStore(storage, 'otherbank').set('{product}UserAuthnPreferences', 'Password');
    expect([...storage.items.keys()]).toEqual(['otherbankUserAuthnPreferences']);
  });

  it('clears every session item, including the prospect tooltip flag, and nothing else', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, 'anybank');
    for (const item of SESSION_ITEMS) store.set(item, 'x');
    storage.setItem('unrelated', 'kept');
    store.clearAll();
    expect([...storage.items.entries()]).toEqual([['unrelated', 'kept']]);
    expect(store.get('dismissedProspectTooltip')).toBeNull();
  });

  it('keeps the sign-in bookkeeping under product-named keys, apart from the session items', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, 'anybank');
    store.set('{product}PendingSignIn', '{}');
    store.set('{product}SignInClient', 'anybank-web');
    store.set('subject', 'user-1');
    expect([...storage.items.keys()].sort()).toEqual([
      'anybankPendingSignIn',
      'anybankSignInClient',
      'subject',
    ]);
    store.clearAll();
    expect(store.get('{product}SignInClient')).toBe('anybank-web');
    store.clearSignIn();
    expect(storage.items.size).toBe(0);
  });

  it('tells subscribers about changes until they unsubscribe', () => {
    const store = createSessionStore(memoryStorage(), 'anybank');
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    store.set('subject', 'a');
    store.remove('subject');
    unsubscribe();
    store.clearAll();
    expect(calls).toBe(2);
  });
});
