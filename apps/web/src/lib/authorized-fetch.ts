import { apiFetch } from './api';
import { sessionStore } from './session-storage';

/**
 * A request to a customer API (banking, consents) with `Authorization: Bearer <AT>`, the access
 * token the sign-in left in the session. Without a token the request still goes: the server
 * answers 401, which the caller treats like any other failure.
 */
export function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  const token = sessionStore.get('AT');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return apiFetch(path, { ...init, headers });
}
