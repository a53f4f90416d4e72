import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../lib/session-storage';

/**
 * The session item `registeredUser` (document 1 §3.6): set to the new username when a
 * registration completes, just before its sign-in starts; after that sign-in the confirmation
 * modal shows once and the item is cleared.
 *
 * Completing a sign-in replaces the previous visitor's session items with the new user's
 * (lib/auth-session.ts, `fillSession`), and this item goes with them. So its value is also
 * read here once, when the app starts: that is before the page guard completes the sign-in
 * coming back, and the value survives in memory until the confirmation takes it.
 */
let readAtStart: string | null = sessionStore.get('registeredUser');
/** The username the confirmation modal is showing for; null: closed. */
let confirming: string | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** A registration completed for `username`: its sign-in starts next. */
export function markRegistered(username: string) {
  readAtStart = null;
  sessionStore.set('registeredUser', username);
}

/**
 * Signed in as `uid`: shows the confirmation when the registration was theirs, and clears
 * the item either way, so that it shows once and never for somebody else.
 */
export function takeRegistration(uid: string | null) {
  const registered = sessionStore.get('registeredUser') ?? readAtStart;
  if (registered === null) return;
  readAtStart = null;
  sessionStore.remove('registeredUser');
  if (uid === null || uid.toLowerCase() === registered.toLowerCase()) {
    confirming = registered;
    notify();
  }
}

export function closeConfirmation() {
  confirming = null;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The username the confirmation modal shows for, or null when it is closed. */
export function useConfirmedRegistration(): string | null {
  return useSyncExternalStore(subscribe, () => confirming);
}
