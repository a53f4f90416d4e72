import { useSyncExternalStore } from 'react';
import type { ApiErrorCode } from '@anybank/contracts';
import { decodeJwtPayload } from './oauth';

/**
 * A session ended from elsewhere: "Sign out" or "Sign out everywhere else" in another browser,
 * a password change or reset that signed the other sessions out, a revoke under Connected apps,
 * an administrator. The server then answers this browser's next request with its token 401
 * `session_ended` (apps/server/src/http/access-token-refusals.ts). Every request with the
 * session's token goes through `authorizedFetch`, which asks `isSessionEndedElsewhere` and, when
 * so, `reportSessionEndedElsewhere`: the page guard (app/PageGuard.tsx) then clears the session
 * and takes the tab home, where the home page says why. DOM-free, so the unit tests import it.
 */

/** The refusal that a grant no longer live earns (as does a token expired or not ours). */
const SESSION_ENDED: ApiErrorCode = 'session_ended';

/**
 * The server's clock and the browser's may differ: a token that expires this close to now is
 * taken as expired, since the server may have refused it as such.
 */
export const CLOCK_SKEW_SECONDS = 60;

export interface Refusal {
  status: number;
  code: string | null;
}

export interface RefusedToken {
  /** The access token the refused request carried (null: it carried none). */
  sent: string | null;
  /** The access token this tab holds now (null: signed out meanwhile). */
  current: string | null;
}

/**
 * Whether a refusal says this tab's session was ended elsewhere: 401 `session_ended` for the
 * token the tab still holds, which has not expired. An expired token earns the same refusal
 * (30 minutes after sign-in, identity/oauth/oidc.provider.ts) but nothing ended it; a request
 * without a token (`sign_in_required`) was never signed in; a token the tab has since replaced
 * or dropped (a new sign-in, a sign-out here) is not the session shown now.
 */
export function isSessionEndedElsewhere(
  refusal: Refusal,
  token: RefusedToken,
  nowSeconds: number,
): boolean {
  if (refusal.status !== 401 || refusal.code !== SESSION_ENDED) return false;
  if (token.sent === null || token.sent !== token.current) return false;
  const expiresAt = decodeJwtPayload(token.sent)?.exp;
  return typeof expiresAt === 'number' && expiresAt > nowSeconds + CLOCK_SKEW_SECONDS;
}

/** The status and error code of an answer (it reads a copy of a 401's body: the caller reads it). */
export async function refusalOf(response: Response): Promise<Refusal> {
  if (response.status !== 401) return { status: response.status, code: null };
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code =
    typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? body.code
      : null;
  return { status: response.status, code };
}

let endedElsewhere = false;
const listeners = new Set<() => void>();

function setEndedElsewhere(value: boolean) {
  endedElsewhere = value;
  for (const listener of [...listeners]) listener();
}

/**
 * The session was ended elsewhere: the page guard, told, clears it and takes the tab home (or,
 * with a sign-in under way in the tab, lets that sign-in replace it). Once is enough: the other
 * requests under way are refused the same way.
 */
export function reportSessionEndedElsewhere(): void {
  if (!endedElsewhere) setEndedElsewhere(true);
}

/** The page guard has dealt with the report. */
export function acknowledgeSessionEndedElsewhere(): void {
  if (endedElsewhere) setEndedElsewhere(false);
}

/** Whether a session ended elsewhere is reported and not dealt with yet. */
export function isSessionEndedElsewhereReported(): boolean {
  return endedElsewhere;
}

/** `isSessionEndedElsewhereReported`, re-rendering when it changes. */
export function useSessionEndedElsewhere(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSessionEndedElsewhereReported,
    () => false,
  );
}

/** The history state of the home page the tab was taken to (React Router `state`). */
export const SIGNED_OUT_ELSEWHERE_STATE = { signedOutElsewhere: true } as const;

/** Whether a location's history state is that of the home page the tab was taken to. */
export function isSignedOutElsewhereState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'signedOutElsewhere' in state &&
    state.signedOutElsewhere === true
  );
}
