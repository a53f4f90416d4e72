import { createAuthSession } from './auth-session';
import { publicConfig } from './config';
import { sessionStore } from './session-storage';

/** The app's one sign-in session, wired to this browser's storage, `fetch` and address bar. */
const authSession = createAuthSession({
  store: sessionStore,
  config: publicConfig,
  fetch: (input, init) => window.fetch(input, init),
  assign: (url) => window.location.assign(url),
});

export const { startSignIn, restartSignIn, completeSignIn, clearSession, signOut } = authSession;
