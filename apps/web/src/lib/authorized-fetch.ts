import { apiFetch } from './api';
import { isSessionEndedElsewhere, refusalOf, reportSessionEndedElsewhere } from './session-ended';
import { sessionStore } from './session-storage';

/**
 * A request to a customer API (banking, consents) with `Authorization: Bearer <AT>`, the access
 * token the sign-in left in the session. Without a token the request still goes: the server
 * answers 401, which the caller treats like any other failure. A refusal that says the session
 * was ended elsewhere (lib/session-ended.ts) is reported before the caller sees it.
 */
export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  const token = sessionStore.get('AT');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await apiFetch(path, { ...init, headers });
  if (token && response.status === 401) {
    const refusal = await refusalOf(response);
    const current = sessionStore.get('AT');
    if (isSessionEndedElsewhere(refusal, { sent: token, current }, Date.now() / 1000)) {
      reportSessionEndedElsewhere();
    }
  }
  return response;
}
