import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { publicConfig } from '../../lib/config';
import { parseHistory, withDecision, type PastDecision } from './decision-history';

/**
 * The phone's past decisions for one device, in `localStorage` (`anybank.phone-history.<device>`;
 * this module is the item's only owner): the server does not list answered requests, so the
 * phone remembers its own (decision-history.ts). Other tabs' changes show at once.
 */

const storageKeyOf = (deviceId: string) => `${publicConfig.productId}.phone-history.${deviceId}`;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

/** Storage can refuse (private mode, full): the record is a convenience, never in the way. */
function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export interface DecisionHistory {
  decisions: readonly PastDecision[];
  record(entry: PastDecision): void;
  clear(): void;
}

export function useDecisionHistory(deviceId: string): DecisionHistory {
  const key = storageKeyOf(deviceId);
  const raw = useSyncExternalStore(subscribe, () => readRaw(key));
  const decisions = useMemo(() => parseHistory(raw), [raw]);

  const record = useCallback(
    (entry: PastDecision) => {
      try {
        const next = withDecision(parseHistory(readRaw(key)), entry);
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch (error) {
        console.warn('The phone could not keep its decision history', error);
      }
      notify();
    },
    [key],
  );
  const clear = useCallback(() => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to clear.
    }
    notify();
  }, [key]);

  return { decisions, record, clear };
}
