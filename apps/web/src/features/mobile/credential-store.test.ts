import { describe, expect, it } from 'vitest';
import { createCredentialStore, parseStoredCredentials } from './credential-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const entry = (keyId: string) => ({
  keyId,
  credential: `jwt-${keyId}~d~`,
  addedAt: '2026-12-07T10:00:00Z',
});

describe('createCredentialStore', () => {
  it('lists added credentials newest first, removes one, and tells its listeners', () => {
    const storage = memoryStorage();
    const store = createCredentialStore({ storage, storageKey: 'w' });
    let changes = 0;
    store.subscribe(() => (changes += 1));
    store.add(entry('a'));
    store.add(entry('b'));
    expect(store.list().map((e) => e.keyId)).toEqual(['b', 'a']);
    expect(store.list()).toBe(store.list());
    store.remove('b');
    expect(store.list()).toEqual([entry('a')]);
    store.remove('a');
    expect(storage.items.has('w')).toBe(false);
    expect(changes).toBe(4);
  });
});

describe('parseStoredCredentials', () => {
  it.each([
    [null, []],
    ['not json', []],
    ['{"keyId":"a"}', []],
    ['[{"keyId":"a","credential":"c"}]', []],
    [JSON.stringify([entry('a')]), [entry('a')]],
  ])('%s', (raw, expected) => {
    expect(parseStoredCredentials(raw)).toEqual(expected);
  });
});
