import {
  CONNECTED_APPS_API_PATH,
  OAUTH_CONSENT_API_PATH,
  OAUTH_CONSENT_INTERACTION_PARAM,
  XSRF_HEADER,
  connectedAppsResponseSchema,
  consentDecisionResponseSchema,
  consentRequestSchema,
} from '@anybank/contracts';
import type { ConnectedApp, ConsentDecision, ConsentRequest } from '@anybank/contracts';
import { apiErrorOf, apiFetch, getJson } from './api';
import { authorizedFetch } from './authorized-fetch';

/**
 * Served by identity/oauth/connected-apps.*: the consent page's request and answer,
 * in the browser that holds the OAuth interaction, and the customer's Connected apps.
 */

/** The consent request of the interaction the consent page was opened for. */
export function fetchConsentRequest(
  interaction: string,
  signal?: AbortSignal,
): Promise<ConsentRequest> {
  const query = new URLSearchParams({ [OAUTH_CONSENT_INTERACTION_PARAM]: interaction });
  return getJson(`${OAUTH_CONSENT_API_PATH}?${query.toString()}`, consentRequestSchema, {
    signal,
  });
}

/** Sends the customer's answer; answers the URL the browser goes to next. */
export async function sendConsentDecision(
  interaction: string,
  decision: ConsentDecision,
): Promise<string> {
  const response = await apiFetch(OAUTH_CONSENT_API_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify({ [OAUTH_CONSENT_INTERACTION_PARAM]: interaction, decision }),
  });
  if (!response.ok) {
    throw await apiErrorOf(response, 'POST consent');
  }
  return consentDecisionResponseSchema.parse(await response.json()).redirectTo;
}

export async function fetchConnectedApps(signal?: AbortSignal): Promise<ConnectedApp[]> {
  const response = await authorizedFetch(CONNECTED_APPS_API_PATH, { signal });
  if (!response.ok) {
    throw await apiErrorOf(response, 'GET connected apps');
  }
  return connectedAppsResponseSchema.parse(await response.json()).apps;
}

export async function revokeConnectedApp(clientId: string): Promise<void> {
  const response = await authorizedFetch(
    `${CONNECTED_APPS_API_PATH}/${encodeURIComponent(clientId)}`,
    { method: 'DELETE' },
  );
  if (!response.ok) {
    throw await apiErrorOf(response, 'DELETE connected app');
  }
}
