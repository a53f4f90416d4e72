import { useSyncExternalStore } from 'react';
import { createDemoProgressStore } from './demo-progress-store';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The one place the app keeps the demo's progress (demo-progress-store.ts). */
export const demoProgress = createDemoProgressStore(browserStorage());

/** The scenarios ticked as done in this browser; re-renders when they change. */
export function useDemoDone(): readonly string[] {
  return useSyncExternalStore(demoProgress.subscribe, () => demoProgress.done());
}

/** Whether the home page's demo note was dismissed in this browser. */
export function useDemoNoteDismissed(): boolean {
  return useSyncExternalStore(demoProgress.subscribe, () => demoProgress.noteDismissed());
}
