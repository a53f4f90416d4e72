import type { AuthSession } from './auth-session';
import { publicConfig } from './config';
import { sessionStore } from './session-storage';
import { clearSessionItems } from './session-store';

/**
 * The app's one sign-in session, wired to this browser's storage, `fetch` and address bar. Its
 * code (PKCE, pickup, token exchange, sign-out) loads when a sign-in starts or comes back, or
 * at a sign-out: a visitor's first page does not download it.
 */
let authSession: Promise<AuthSession> | null = null;

function session(): Promise<AuthSession> {
  authSession ??= import('./auth-session').then(
    ({ createAuthSession }) =>
      createAuthSession({
        store: sessionStore,
        config: publicConfig,
        fetch: (input, init) => window.fetch(input, init),
        assign: (url) => window.location.assign(url),
      }),
    (error: unknown) => {
      // A chunk that could not be fetched (a dropped connection): the next click tries again.
      authSession = null;
      throw error;
    },
  );
  return authSession;
}

export const startSignIn: AuthSession['startSignIn'] = async (client, returnTo) =>
  (await session()).startSignIn(client, returnTo);

export const restartSignIn: AuthSession['restartSignIn'] = async (returnTo) =>
  (await session()).restartSignIn(returnTo);

export const completeSignIn: AuthSession['completeSignIn'] = async (signInReturn) =>
  (await session()).completeSignIn(signInReturn);

/** Clears the session items and the sign-in bookkeeping at once, without leaving the page. */
export function clearSession(): void {
  clearSessionItems(sessionStore);
}

/** Clears the session, then ends the server session (§4.7); the page navigates away. */
export function signOut(): void {
  void session().then((loaded) => loaded.signOut());
}
