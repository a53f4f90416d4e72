import { describe, expect, it } from 'vitest';
import {
  DEMO_DONE_KEY,
  DEMO_NOTE_DISMISSED_KEY,
  createDemoProgressStore,
  type DemoProgressStorage,
} from './demo-progress-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: DemoProgressStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { storage, items };
}

const refusing: DemoProgressStorage = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

describe('the demo progress of this browser', () => {
  it('keeps the ticks in storage, in the order ticked, and tells its listeners', () => {
    const { storage, items } = memoryStorage();
    const store = createDemoProgressStore(storage);
    let changes = 0;
    store.subscribe(() => (changes += 1));
    store.setDone('pay-by-bank', true);
    store.setDone('passkey', true);
    store.setDone('passkey', true);
    expect(store.done()).toEqual(['pay-by-bank', 'passkey']);
    expect(JSON.parse(items.get(DEMO_DONE_KEY)!)).toEqual(['pay-by-bank', 'passkey']);
    store.setDone('pay-by-bank', false);
    expect(store.done()).toEqual(['passkey']);
    expect(changes).toBe(3);
    // Another page of this browser reads them back.
    expect(createDemoProgressStore(storage).done()).toEqual(['passkey']);
    store.clearDone();
    expect(store.done()).toEqual([]);
    expect(items.has(DEMO_DONE_KEY)).toBe(false);
  });

  it('answers the same array until something changes (a stable snapshot)', () => {
    const store = createDemoProgressStore(memoryStorage().storage);
    const first = store.done();
    expect(store.done()).toBe(first);
    store.setDone('passkey', true);
    expect(store.done()).not.toBe(first);
  });

  it('reads anything but a list of ids as no ticks', () => {
    for (const stored of ['not json', '{"a":1}', '[1, {"x": 2}]']) {
      const store = createDemoProgressStore(memoryStorage({ [DEMO_DONE_KEY]: stored }).storage);
      expect(store.done()).toEqual([]);
    }
  });

  it('remembers the dismissed home note', () => {
    const { storage, items } = memoryStorage();
    const store = createDemoProgressStore(storage);
    expect(store.noteDismissed()).toBe(false);
    store.dismissNote();
    expect(store.noteDismissed()).toBe(true);
    expect(items.get(DEMO_NOTE_DISMISSED_KEY)).toBe('1');
    expect(createDemoProgressStore(storage).noteDismissed()).toBe(true);
  });

  it('keeps ticks for this page when the storage refuses', () => {
    const store = createDemoProgressStore(refusing);
    store.setDone('passkey', true);
    store.dismissNote();
    expect(store.done()).toEqual(['passkey']);
    expect(store.noteDismissed()).toBe(true);
  });
});
