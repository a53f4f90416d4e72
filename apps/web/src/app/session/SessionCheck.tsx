import { useEffect } from 'react';
import { WINDOW_TIMERS } from '../../lib/polling';
import { SESSION_CHECK_API_PATH } from '@anybank/contracts';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { watchSession, type SessionCheck as Check, type ShownPage } from '../../lib/session-check';

/** This tab, shown or hidden (the Page Visibility API). */
const THIS_TAB: ShownPage = {
  isShown: () => document.visibilityState === 'visible',
  onShownChange: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** Asks the server (authorizedFetch reports a session ended elsewhere on the way). */
const askServer: Check = async () => {
  try {
    return (await authorizedFetch(SESSION_CHECK_API_PATH)).status === 401;
  } catch {
    // A network failure says nothing about the session: the next poll asks again.
    return false;
  }
};

/**
 * While signed in, the tab asks now and then whether its session still lives
 * (lib/session-check.ts): ended from another browser, the page guard takes it home.
 */
export function SessionCheck() {
  useEffect(() => watchSession(THIS_TAB, askServer, WINDOW_TIMERS), []);
  return null;
}
