import { useSyncExternalStore } from 'react';
import { publicConfig } from './config';
import { createSessionStore, type StoredItem } from './session-store';

/** The one place the app touches `sessionStorage`: every read and write goes through it. */
export const sessionStore = createSessionStore(window.sessionStorage, publicConfig.productId);

/** The current value of a session item; re-renders when it changes through `sessionStore`. */
export function useSessionItem(item: StoredItem): string | null {
  return useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get(item));
}
