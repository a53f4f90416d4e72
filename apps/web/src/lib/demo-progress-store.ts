/**
 * What this browser remembers of the demo (`/demo`, the home page's demo note): the scenarios
 * the presenter ticked as done, and whether the note was dismissed. In `localStorage`, so it
 * outlives a tab and a sign-out (Reset demo clears the ticks for the next audience); a storage
 * that refuses (private mode, policy) keeps them for this page only. Pure but for the storage
 * handed in, unit-tested with a plain one.
 */

export type DemoProgressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const DEMO_DONE_KEY = 'anybank.demo.done';
export const DEMO_NOTE_DISMISSED_KEY = 'anybank.demo.home-note-dismissed';

export interface DemoProgressStore {
  /** The ids ticked as done, in the order ticked (a new array only when they change). */
  done(): readonly string[];
  setDone(id: string, done: boolean): void;
  clearDone(): void;
  noteDismissed(): boolean;
  dismissNote(): void;
  /** Calls the listener after each change made through this store; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

const EMPTY: readonly string[] = [];

function parseIds(text: string | null): readonly string[] {
  if (!text) return EMPTY;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return EMPTY;
    return value.filter((id): id is string => typeof id === 'string' && id.length <= 64);
  } catch {
    return EMPTY;
  }
}

export function createDemoProgressStore(storage: DemoProgressStorage | null): DemoProgressStore {
  const listeners = new Set<() => void>();
  // This page's copy: what a refusing storage could not keep, and a stable snapshot for React.
  let doneIds: readonly string[] | null = null;
  let dismissed: boolean | null = null;

  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // Kept for this page only (see above).
    }
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const done = () => {
    doneIds ??= parseIds(read(DEMO_DONE_KEY));
    return doneIds;
  };
  const saveDone = (ids: readonly string[]) => {
    doneIds = ids;
    write(DEMO_DONE_KEY, ids.length === 0 ? null : JSON.stringify(ids));
    notify();
  };

  return {
    done,
    setDone(id, isDone) {
      const current = done();
      if (current.includes(id) === isDone) return;
      saveDone(isDone ? [...current, id] : current.filter((each) => each !== id));
    },
    clearDone() {
      saveDone(EMPTY);
    },
    noteDismissed() {
      dismissed ??= read(DEMO_NOTE_DISMISSED_KEY) === '1';
      return dismissed;
    },
    dismissNote() {
      dismissed = true;
      write(DEMO_NOTE_DISMISSED_KEY, '1');
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
