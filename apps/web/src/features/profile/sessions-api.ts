import {
  PASSWORD_CHANGE_API_PATH,
  SIGN_IN_SESSIONS_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  apiErrorBodySchema,
  messages,
  passwordChangeResponseSchema,
  sessionsEndedSchema,
  signInSessionsResponseSchema,
  type SignInSession,
} from '@anybank/contracts';
import { apiErrorOf, readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { withStepUp } from '../../lib/step-up-signal';

/**
 * Served by identity/oauth/sessions.* and identity/credentials/password-change.*: the
 * customer's sign-in sessions, signing them out, and the password change of Sign In & Password.
 */

export async function fetchSessions(signal?: AbortSignal): Promise<SignInSession[]> {
  const response = await authorizedFetch(SIGN_IN_SESSIONS_API_PATH, { signal });
  if (!response.ok) throw await apiErrorOf(response, `GET ${SIGN_IN_SESSIONS_API_PATH}`);
  return signInSessionsResponseSchema.parse(await readJson(response)).sessions;
}

/** Signs one session out: its browser's next API call is refused. */
export async function endSession(sessionId: string): Promise<void> {
  const response = await authorizedFetch(
    `${SIGN_IN_SESSIONS_API_PATH}/${encodeURIComponent(sessionId)}`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw await apiErrorOf(response, `DELETE ${SIGN_IN_SESSIONS_API_PATH}`);
}

/** Signs every other session out; answers how many ended. */
export async function signOutOtherSessions(): Promise<number> {
  const response = await authorizedFetch(SIGN_OUT_OTHER_SESSIONS_API_PATH, { method: 'POST' });
  if (!response.ok) throw await apiErrorOf(response, `POST ${SIGN_OUT_OTHER_SESSIONS_API_PATH}`);
  return sessionsEndedSchema.parse(await readJson(response)).ended;
}

export type PasswordChangeOutcome =
  { ok: true; sessionsEnded: number } | { ok: false; message: string; field: boolean };

/**
 * The new password; the step-up dialog asks first when the sign-in is older than 5 minutes. A
 * refused password comes back with the server's own words (why, and what would be better).
 */
export async function changePassword(
  newPassword: string,
  signOutOthers: boolean,
): Promise<PasswordChangeOutcome> {
  const response = await withStepUp(() =>
    authorizedFetch(PASSWORD_CHANGE_API_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ newPassword, signOutOtherSessions: signOutOthers }),
    }),
  );
  const body = await readJson(response);
  if (response.ok) {
    return { ok: true, sessionsEnded: passwordChangeResponseSchema.parse(body).sessionsEnded };
  }
  const refusal = apiErrorBodySchema.safeParse(body);
  if (refusal.success && response.status === 400 && refusal.data.code.startsWith('password_')) {
    return { ok: false, message: refusal.data.message, field: true };
  }
  if (refusal.success && refusal.data.code === 'no_password_to_change') {
    return { ok: false, message: refusal.data.message, field: false };
  }
  console.warn('The password change failed', response.status, refusal.data?.code);
  return { ok: false, message: messages.sessions.passwordChangeFailed, field: false };
}

/** Listeners told when sessions ended elsewhere on the page (a password change). */
const changeListeners = new Set<() => void>();

export function onSessionsChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function sessionsChanged(): void {
  for (const listener of [...changeListeners]) listener();
}
