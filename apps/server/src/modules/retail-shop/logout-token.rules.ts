import type { JWTPayload } from 'jose';

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0 §2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** What a logout token names: the bank's user, its session, or both; and its id and expiry. */
export interface LogoutTokenSubject {
  sub: string | null;
  sid: string;
  jti: string;
  /** Its `exp`, in seconds: the shop remembers the `jti` until then. */
  exp: number;
}

export type LogoutClaimsCheck =
  { ok: true; subject: LogoutTokenSubject } | { ok: false; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The claims of a logout token whose signature, `iss`, `aud`, `iat`, `exp` and `typ` were
 * checked already (logout-token.verifier.ts), held to §2.4 and §2.6: `events` names the
 * back-channel logout event with a JSON object; `sub`, `sid` or both; no `nonce` (so an ID token
 * can never pass for one); a `jti`; and `sid`, since the shop registered
 * `backchannel_logout_session_required`.
 */
export function checkLogoutClaims(payload: JWTPayload): LogoutClaimsCheck {
  const { events, sub, sid, nonce, jti, exp } = payload as JWTPayload & {
    events?: unknown;
    sid?: unknown;
    nonce?: unknown;
  };
  if (!isObject(events) || !isObject(events[BACKCHANNEL_LOGOUT_EVENT])) {
    return { ok: false, reason: 'no back-channel logout event' };
  }
  if (nonce !== undefined)
    return { ok: false, reason: 'a nonce (an ID token, not a logout token)' };
  if (!nonEmpty(jti)) return { ok: false, reason: 'no jti' };
  if (typeof exp !== 'number') return { ok: false, reason: 'no exp' };
  if (sub !== undefined && !nonEmpty(sub)) return { ok: false, reason: 'a malformed sub' };
  if (!nonEmpty(sid)) return { ok: false, reason: 'no sid' };
  return { ok: true, subject: { sub: sub ?? null, sid, jti, exp } };
}
