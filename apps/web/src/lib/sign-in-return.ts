import { BANK_CLIENT, PARTNER_CLIENTS, isPartnerUserType, pageRoute } from '@anybank/contracts';
import type { BrowserClient, UserType } from '@anybank/contracts';
import { normalizePath } from './paths';

/**
 * What the page guard reads on every page before any sign-in code is loaded: a sign-in coming
 * back in the address, and the user type of the session. The sign-in itself (PKCE, pickup,
 * token, sign-out: auth-session.ts) loads when it is first used (sign-in.ts), so that it is not
 * in the JavaScript of the first page.
 */

/** §3.8: any value other than a partner type makes the user a customer. */
export function userTypeOf(value: unknown): UserType {
  return isPartnerUserType(value) ? value : 'customer';
}

/** A sign-in coming back to the app, read from the page address. */
export type SignInReturn =
  | { kind: 'bank'; ref: string; refType: string; code: string | null; state: string | null }
  | { kind: 'partner'; client: BrowserClient; code: string; state: string | null }
  /** The authorization answered an error (`?error=access_denied&state=…`) instead of a code. */
  | { kind: 'refused'; client: BrowserClient; error: string; state: string };

const HOME_PATHS = new Set(pageRoute('home').paths.map(normalizePath));

export function isHomePath(pathname: string): boolean {
  return HOME_PATHS.has(normalizePath(pathname));
}

/** The partner client whose return route this is (`/app/advisor` → the advisor portal). */
export function partnerClientReturningTo(pathname: string): BrowserClient | null {
  const path = normalizePath(pathname);
  return (
    Object.values(PARTNER_CLIENTS).find((client) => normalizePath(client.returnPath) === path) ??
    null
  );
}

/**
 * The bank's site comes back home with `?REF&refType&code&state` (pickup, then token); a
 * partner portal comes back to its return route with `?code&state` (token, then claims).
 * Either may come back with `?error&state` instead.
 */
export function signInReturnOf(pathname: string, search: string): SignInReturn | null {
  const params = new URLSearchParams(search);
  const ref = params.get('REF');
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  const client = isHomePath(pathname) ? BANK_CLIENT : partnerClientReturningTo(pathname);
  if (!client) return null;
  if (client === BANK_CLIENT && ref) {
    return { kind: 'bank', ref, refType: params.get('refType') ?? '', code, state };
  }
  if (client !== BANK_CLIENT && code) return { kind: 'partner', client, code, state };
  if (error && state) return { kind: 'refused', client, error, state };
  return null;
}
