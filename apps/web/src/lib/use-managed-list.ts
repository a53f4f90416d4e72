import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A list the customer manages on a settings page (connected apps, remembered browsers, sign-in
 * sessions): loaded when the section mounts, one action at a time, each action's outcome said
 * in the section's live region, and the focus moved to the section's heading, since the
 * button that had it goes with its item.
 */
export interface ManagedList<T> {
  /** null while loading; empty after a failed load (with `error` set). */
  items: T[] | null;
  setItems: (update: (current: T[]) => T[]) => void;
  error: string | null;
  /** The last action's outcome, for the section's `role="status"` line. */
  notice: string;
  /** The key of the action under way, or null. */
  busy: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Loads the list again (after something elsewhere on the page changed it). */
  reload: (signal?: AbortSignal) => void;
  /**
   * Runs one action (none while another is under way): its answer is the notice; a failure
   * shows `failed` and is logged as `failureLog`.
   */
  act: (
    key: string,
    action: () => Promise<string>,
    failed: string,
    failureLog: string,
  ) => Promise<void>;
  /** An action that ends one item (revoke, forget, sign out): the list loses it after. */
  remove: (
    item: T,
    action: () => Promise<unknown>,
    done: string,
    failed: string,
    failureLog: string,
  ) => Promise<void>;
}

export function useManagedList<T>(options: {
  load: (signal?: AbortSignal) => Promise<T[]>;
  /** What tells two items apart (and names an item's action while it runs). */
  keyOf: (item: T) => string;
  loadFailed: string;
  /** What the console says when the load fails. */
  loadFailureLog: string;
}): ManagedList<T> {
  const [items, setLoaded] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The caller's options are new at each render: the latest are used, the list loaded once.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const reload = useCallback((signal?: AbortSignal) => {
    const { load, loadFailed, loadFailureLog } = latest.current;
    load(signal)
      .then((found) => {
        if (!signal?.aborted) setLoaded(found);
      })
      .catch((failure: unknown) => {
        if (signal?.aborted) return;
        console.warn(loadFailureLog, failure);
        setError(loadFailed);
        setLoaded([]);
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const setItems = useCallback(
    (update: (current: T[]) => T[]) => setLoaded((current) => update(current ?? [])),
    [],
  );

  async function act(
    key: string,
    action: () => Promise<string>,
    failed: string,
    failureLog: string,
  ) {
    if (busy) return;
    setBusy(key);
    setError(null);
    setNotice('');
    try {
      setNotice(await action());
      headingRef.current?.focus();
    } catch (failure) {
      console.warn(failureLog, failure);
      setError(failed);
    } finally {
      setBusy(null);
    }
  }

  const remove = (
    item: T,
    action: () => Promise<unknown>,
    done: string,
    failed: string,
    failureLog: string,
  ) => {
    const { keyOf } = latest.current;
    const key = keyOf(item);
    return act(
      key,
      async () => {
        await action();
        setItems((current) => current.filter((other) => keyOf(other) !== key));
        return done;
      },
      failed,
      failureLog,
    );
  };

  return { items, setItems, error, notice, busy, headingRef, reload, act, remove };
}
