import {
  BANK_CLIENT,
  OAUTH_PATHS,
  PAGE_ROUTES,
  PARTNER_CLIENTS,
  PICKUP_INSTANCE_HEADER,
  PICKUP_PATH,
  PICKUP_REFERENCE_TYPES,
  XSRF_HEADER,
  isPartnerUserType,
  isUserType,
  pageRoute,
} from '@anybank/contracts';
import type {
  BrowserClient,
  PickupReferenceType,
  PickupResponse,
  PublicConfig,
  SessionItem,
  UserType,
} from '@anybank/contracts';
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
import { normalizePath } from './paths';
import { siteUrl, withBasePath } from './public-config';
import { clearSessionItems, type SessionStore } from './session-store';
import { userTypeOf, type SignInReturn } from './sign-in-return';

/**
 * The browser's sign-in session: starting a sign-in (PKCE), completing it (attribute pickup or
 * token claims → session items of document 1 §3.6, code → access token), and signing out
 * (§4.7). The pure parts are exported for the unit tests; `createAuthSession` wires them to a
 * store, `fetch` and page navigation, and `sign-in.ts` gives the app its one instance, loaded
 * when first used. What the page guard reads on every page is in sign-in-return.ts.
 */

export const BROWSER_CLIENTS: readonly BrowserClient[] = [
  BANK_CLIENT,
  ...Object.values(PARTNER_CLIENTS),
];

export function clientById(clientId: string | null | undefined): BrowserClient | null {
  return BROWSER_CLIENTS.find((client) => client.clientId === clientId) ?? null;
}

/** The client the redirect page signs a user type in with; null: not a user type. */
export function clientForUserType(value: string | null): BrowserClient | null {
  if (!isUserType(value)) return null;
  return value === 'customer' ? BANK_CLIENT : PARTNER_CLIENTS[value];
}

type SessionEntries = [SessionItem, string][];

/** The pickup's value of a field, as a string; absent or empty fields give nothing. */
function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function entries(pairs: [SessionItem, unknown][]): SessionEntries {
  return pairs.flatMap(([item, value]) => {
    const stored = text(value);
    return stored === null ? [] : [[item, stored] as [SessionItem, string]];
  });
}

/**
 * The session items for a pickup response (§3.8). Partners (advisor, marketing, customer
 * service) get the reduced set; everyone else is a customer and gets the full set.
 */
export function sessionItemsFromPickup(pickup: PickupResponse, productId: string): SessionEntries {
  const userType = userTypeOf(pickup[`${productId}UserType`]);
  const reduced = entries([
    ['email', pickup.Email],
    ['subject', pickup.subject],
    ['firstName', pickup.FirstName],
    ['lastName', pickup.LastName],
    ['uid', pickup.uid],
    ['{product}UserType', userType],
  ]);
  if (userType !== 'customer') return reduced;
  const address = [pickup.street, pickup.city, pickup.postalCode].map(text).filter(Boolean);
  return [
    ...reduced,
    ...entries([
      ['street', pickup.street],
      ['mobile', pickup.mobile],
      ['city', pickup.city],
      ['zipcode', pickup.postalCode],
      ['fullAddress', address.join(', ')],
      ['{product}UserAuthnPreferences', pickup.authnPreference],
      ['accts', pickup.accts],
    ]),
  ];
}

/** The session items of a partner sign-in, from its access token's claims. */
export function sessionItemsFromClaims(
  claims: Record<string, unknown>,
  accessToken: string,
  productId: string,
  clientUserType: UserType | null,
): SessionEntries {
  const claimed = claims[`${productId}UserType`];
  return entries([
    ['AT', accessToken],
    ['subject', claims.sub],
    ['firstName', claims.FirstName],
    ['lastName', claims.LastName],
    ['{product}UserType', isUserType(claimed) ? claimed : (clientUserType ?? 'customer')],
  ]);
}

/**
 * §4.7: the single-logout request. Advisor and customer-service users come back to the partner
 * sign-off page; customers and marketing users come back home.
 */
export function signOutUrl(
  config: Pick<PublicConfig, 'publicUrl' | 'basePath'>,
  clientId: string,
  userType: string | null,
): string {
  const toPartnerSignoff = userType === 'AnyWealthAdvisor' || userType === 'CustomerServiceRep';
  const landing = toPartnerSignoff ? (pageRoute('partner-signoff').paths[0] ?? '/') : '/';
  const query = new URLSearchParams({
    client_id: clientId,
    post_logout_redirect_uri: `${siteUrl(config)}${landing}`,
  });
  return `${withBasePath(config.basePath, OAUTH_PATHS.endSession)}?${query.toString()}`;
}

/**
 * The authentication context a sign-in for `returnTo` asks for: the page's own (the credit-card
 * application needs a verified identity, ADR 0015), or none.
 */
export function signInAcrFor(returnTo: string | null): string | null {
  if (returnTo === null) return null;
  const path = normalizePath(returnTo);
  const route = PAGE_ROUTES.find((candidate) =>
    candidate.paths.some((candidatePath) => normalizePath(candidatePath) === path),
  );
  return route?.signInAcr ?? null;
}

export interface PendingSignIn {
  state: string;
  verifier: string;
  clientId: string;
  redirectUri: string;
  /** The page the sign-in was started for; null: the user type's default page. */
  returnTo: string | null;
}

export function parsePendingSignIn(json: string | null): PendingSignIn | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return null;
    const { state, verifier, clientId, redirectUri, returnTo } = value as Record<string, unknown>;
    if (
      typeof state !== 'string' ||
      typeof verifier !== 'string' ||
      typeof clientId !== 'string' ||
      typeof redirectUri !== 'string' ||
      (returnTo !== null && typeof returnTo !== 'string')
    ) {
      return null;
    }
    return { state, verifier, clientId, redirectUri, returnTo };
  } catch {
    return null;
  }
}

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
