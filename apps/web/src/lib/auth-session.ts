import {
  BANK_CLIENT,
  PARTNER_CLIENTS,
  PICKUP_INSTANCE_HEADER,
  PICKUP_PATH,
  PICKUP_REFERENCE_TYPES,
  XSRF_HEADER,
  isPartnerUserType,
} from '@anybank/contracts';
import type { BrowserClient, PickupReferenceType, PublicConfig } from '@anybank/contracts';
import { DEFAULT_ERROR, signInErrors } from './error-catalogue';
import type { ErrorContent } from './error-catalogue';
import {
  authorizationUrl,
  createPkce,
  decodeJwtPayload,
  exchangeCode,
  redirectUriFor,
} from './oauth';
import type { Pkce } from './oauth';
import { withBasePath } from './public-config';
import { clearSessionItems, type SessionStore } from './session-store';
import type { SignInReturn } from './sign-in-return';
import {
  clientById,
  parsePendingSignIn,
  sessionItemsFromClaims,
  sessionItemsFromPickup,
  signInAcrFor,
  signOutUrl,
  type PendingSignIn,
  type SessionEntries,
} from './auth-session-rules';

export { clientForUserType } from './auth-session-rules';

/**
 * The browser's sign-in session: starting a sign-in (PKCE), completing it (attribute pickup or
 * token claims → session items of document 1 §3.6, code → access token), and signing out
 * (§4.7). The pure parts are exported for the unit tests; `createAuthSession` wires them to a
 * store, `fetch` and page navigation, and `sign-in.ts` gives the app its one instance, loaded
 * when first used. What the page guard reads on every page is in sign-in-return.ts.
 */

export type SignInCompletion =
  /** Signed in; go to `returnTo` (the page the sign-in was started for) or the type's default. */
  | { kind: 'signed-in'; returnTo: string | null }
  /** The pickup carried a resumePath: single sign-out, the session is cleared. */
  | { kind: 'signed-out' }
  /** The token request failed (logged, §8): no session. */
  | { kind: 'no-session' }
  | { kind: 'error'; error: ErrorContent };

export interface AuthSessionDeps {
  store: SessionStore;
  config: Pick<PublicConfig, 'basePath' | 'publicUrl' | 'productId'>;
  fetch: typeof fetch;
  /** Full-page navigation (`window.location.assign`). */
  assign: (url: string) => void;
  createPkce?: () => Promise<Pkce>;
}

export interface AuthSession {
  /** Starts the authorization request for the client; the page navigates away. */
  startSignIn(client: BrowserClient, returnTo?: string | null): Promise<void>;
  /** Starts again with the client of the sign-in in progress or of the current session. */
  restartSignIn(returnTo?: string | null): Promise<void>;
  /** Completes a sign-in return once, however often it is asked (React may ask twice). */
  completeSignIn(signInReturn: SignInReturn): Promise<SignInCompletion>;
  /** Clears the session items and the sign-in bookkeeping, without leaving the page. */
  clearSession(): void;
  /** Clears the session, then ends the server session (§4.7); the page navigates away. */
  signOut(): void;
}

export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const { store, config } = deps;
  const makePkce = deps.createPkce ?? (() => createPkce());
  let starting: Promise<void> | null = null;
  const completions = new Map<string, Promise<SignInCompletion>>();

  const readPending = () => parsePendingSignIn(store.get('{product}PendingSignIn'));

  const clearSession = () => clearSessionItems(store);

  /** Writes the new user's items; another user's leftovers go first (the tooltip flag stays). */
  function fillSession(items: SessionEntries) {
    const subject = items.find(([item]) => item === 'subject')?.[1] ?? null;
    if (store.get('subject') !== subject) {
      const tooltipDismissed = store.get('dismissedProspectTooltip');
      store.clearAll();
      if (tooltipDismissed !== null) store.set('dismissedProspectTooltip', tooltipDismissed);
    }
    for (const [item, value] of items) store.set(item, value);
    store.remove('flowResponse');
  }

  /** The sign-in in progress when the returned state is the one this tab sent, else null. */
  function matchingPending(client: BrowserClient, state: string | null): PendingSignIn | null {
    const pending = readPending();
    if (!pending || !state || pending.state !== state || pending.clientId !== client.clientId) {
      return null;
    }
    store.remove('{product}PendingSignIn');
    return pending;
  }

  async function pickup(ref: string, refType: PickupReferenceType) {
    const schemas = import('./shell-schemas');
    const query = new URLSearchParams({ REF: ref });
    const response = await deps.fetch(
      `${withBasePath(config.basePath, PICKUP_PATH)}?${query.toString()}`,
      {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          [PICKUP_INSTANCE_HEADER]: refType,
          [XSRF_HEADER]: '1',
        },
      },
    );
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message =
        typeof body === 'object' && body !== null && 'message' in body ? body.message : null;
      return { ok: false as const, message: typeof message === 'string' ? message : null };
    }
    const parsed = (await schemas).pickupResponseSchema.safeParse(body);
    return parsed.success
      ? { ok: true as const, pickup: parsed.data }
      : { ok: false as const, message: null };
  }

  async function completeBank(
    signInReturn: Extract<SignInReturn, { kind: 'bank' }>,
  ): Promise<SignInCompletion> {
    const pending = matchingPending(BANK_CLIENT, signInReturn.state);
    if (!pending) return { kind: 'error', error: signInErrors.stateMismatch() };
    const refType = PICKUP_REFERENCE_TYPES.find((type) => type === signInReturn.refType);
    if (!refType) return { kind: 'error', error: signInErrors.sessionPickup() };

    let answer: Awaited<ReturnType<typeof pickup>>;
    try {
      answer = await pickup(signInReturn.ref, refType);
    } catch (error) {
      console.warn('Session pickup failed', error);
      return { kind: 'error', error: signInErrors.sessionPickup() };
    }
    if (!answer.ok) return { kind: 'error', error: signInErrors.sessionPickup(answer.message) };
    if (answer.pickup.resumePath) {
      clearSession();
      return { kind: 'signed-out' };
    }

    fillSession(sessionItemsFromPickup(answer.pickup, config.productId));
    store.set('{product}SignInClient', BANK_CLIENT.clientId);
    if (signInReturn.code) {
      const token = await exchangeCode(deps.fetch, config.basePath, {
        code: signInReturn.code,
        redirectUri: pending.redirectUri,
        verifier: pending.verifier,
        clientId: BANK_CLIENT.clientId,
      });
      if (token) store.set('AT', token);
    }
    return { kind: 'signed-in', returnTo: pending.returnTo };
  }

  async function completePartner(
    signInReturn: Extract<SignInReturn, { kind: 'partner' }>,
  ): Promise<SignInCompletion> {
    const { client } = signInReturn;
    const pending = matchingPending(client, signInReturn.state);
    if (!pending) return { kind: 'error', error: signInErrors.stateMismatch() };
    const token = await exchangeCode(deps.fetch, config.basePath, {
      code: signInReturn.code,
      redirectUri: pending.redirectUri,
      verifier: pending.verifier,
      clientId: client.clientId,
    });
    const claims = token ? decodeJwtPayload(token) : null;
    if (!token || !claims || typeof claims.sub !== 'string') {
      if (token) console.warn('The access token carries no subject claim');
      return { kind: 'no-session' };
    }
    fillSession(sessionItemsFromClaims(claims, token, config.productId, client.userType));
    store.set('{product}SignInClient', client.clientId);
    return { kind: 'signed-in', returnTo: pending.returnTo ?? client.returnPath };
  }

  function completeRefused(
    signInReturn: Extract<SignInReturn, { kind: 'refused' }>,
  ): SignInCompletion {
    if (!matchingPending(signInReturn.client, signInReturn.state)) {
      return { kind: 'error', error: signInErrors.stateMismatch() };
    }
    // The user cancelled: nothing to say. The return could not issue a pickup: say so.
    if (signInReturn.error === 'access_denied') return { kind: 'no-session' };
    if (signInReturn.error === 'pickup_failed') {
      return { kind: 'error', error: signInErrors.sessionPickup() };
    }
    console.warn(`The sign-in came back with error ${signInReturn.error}`);
    return { kind: 'error', error: DEFAULT_ERROR };
  }

  async function startSignIn(client: BrowserClient, returnTo: string | null = null) {
    // One start at a time: a second click (or React's double effect) joins the first.
    if (starting) return starting;
    starting = (async () => {
      const pkce = await makePkce();
      const pending: PendingSignIn = {
        state: pkce.state,
        verifier: pkce.verifier,
        clientId: client.clientId,
        redirectUri: redirectUriFor(client, config),
        returnTo,
      };
      store.set('{product}PendingSignIn', JSON.stringify(pending));
      deps.assign(authorizationUrl(config, client, pkce, signInAcrFor(returnTo)));
    })().finally(() => {
      starting = null;
    });
    return starting;
  }

  return {
    startSignIn,
    restartSignIn(returnTo) {
      const pending = readPending();
      const client =
        clientById(pending?.clientId) ??
        clientById(store.get('{product}SignInClient')) ??
        BANK_CLIENT;
      return startSignIn(client, returnTo ?? pending?.returnTo ?? null);
    },
    completeSignIn(signInReturn) {
      const key = JSON.stringify(signInReturn);
      let completion = completions.get(key);
      if (!completion) {
        switch (signInReturn.kind) {
          case 'bank':
            completion = completeBank(signInReturn);
            break;
          case 'partner':
            completion = completePartner(signInReturn);
            break;
          case 'refused':
            completion = Promise.resolve(completeRefused(signInReturn));
            break;
        }
        completions.set(key, completion);
      }
      return completion;
    },
    clearSession,
    signOut() {
      const userType = store.get('{product}UserType');
      const clientId =
        clientById(store.get('{product}SignInClient'))?.clientId ??
        (isPartnerUserType(userType) ? PARTNER_CLIENTS[userType].clientId : BANK_CLIENT.clientId);
      clearSession();
      deps.assign(signOutUrl(config, clientId, userType));
    },
  };
}
