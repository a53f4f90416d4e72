import {
  BANK_CLIENT,
  OAUTH_PATHS,
  PAGE_ROUTES,
  PARTNER_CLIENTS,
  isUserType,
  pageRoute,
} from '@anybank/contracts';
import type {
  BrowserClient,
  PickupResponse,
  PublicConfig,
  SessionItem,
  UserType,
} from '@anybank/contracts';
import { normalizePath } from './paths';
import { siteUrl, withBasePath } from './public-config';
import { userTypeOf } from './sign-in-return';

/**
 * The sign-in session's pure parts (auth-session.ts wires them): the browser clients, the
 * session items of document 1 §3.6 from a pickup or token claims, the sign-out address (§4.7),
 * the ACR a sign-in asks for and the pending sign-in kept across the redirect.
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

export type SessionEntries = [SessionItem, string][];

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
