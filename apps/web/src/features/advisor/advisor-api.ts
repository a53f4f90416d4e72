import {
  ADVISOR_CLIENTS_API_PATH,
  ADVISOR_CONSENTS_API_PATH,
  CLIENT_BALANCES_API_PATH,
  advisorClientsResponseSchema,
  advisorConsentsResponseSchema,
  clientBalancesResponseSchema,
} from '@anybank/contracts';
import type { AdvisorClient, AdvisorConsent, ClientBalancesResponse } from '@anybank/contracts';
import { apiErrorOf } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { publicConfig } from '../../lib/config';

/**
 * The wealth advisor's partner APIs (document 2 §7; ADR 0011), with the signed-in advisor's
 * access token: the client search, who shares balances with the advisor, and one client's
 * shared balances. The
 * server decides what the advisor may see; these calls only read it.
 */

const SHARE_BALANCES_DEFINITION = 'share-account-balances';

/**
 * `GET /api/advisor/clients?search=`: the client search (document 2 §2). Every customer whose
 * name or username holds the text, consenting or not, by name and username only.
 */
export async function searchClients(
  search: string,
  signal?: AbortSignal,
): Promise<AdvisorClient[]> {
  const query = new URLSearchParams({ search });
  const response = await authorizedFetch(`${ADVISOR_CLIENTS_API_PATH}?${query.toString()}`, {
    signal,
  });
  if (!response.ok) {
    throw await apiErrorOf(response, 'GET advisor clients');
  }
  return advisorClientsResponseSchema.parse(await response.json()).clients;
}

/** `GET /api/advisor/consents?definition=share-account-balances`: the consenting clients. */
export async function fetchSharingClients(signal?: AbortSignal): Promise<AdvisorConsent[]> {
  const query = new URLSearchParams({ definition: SHARE_BALANCES_DEFINITION });
  const response = await authorizedFetch(`${ADVISOR_CONSENTS_API_PATH}?${query.toString()}`, {
    signal,
  });
  if (!response.ok) {
    throw await apiErrorOf(response, 'GET advisor consents');
  }
  return advisorConsentsResponseSchema.parse(await response.json())._embedded.consents;
}

export type ClientBalancesAnswer =
  | { kind: 'shared'; client: ClientBalancesResponse }
  /** 403: the client shares nothing with the advisor; the server's text, said on the page. */
  | { kind: 'no-consent' };

/** `GET /api/open-banking/v2/balances?subject=`: the client's details and shared balances. */
export async function fetchClientBalances(
  subject: string,
  signal?: AbortSignal,
): Promise<ClientBalancesAnswer> {
  const query = new URLSearchParams({ subject });
  const response = await authorizedFetch(`${CLIENT_BALANCES_API_PATH}?${query.toString()}`, {
    signal,
  });
  if (!response.ok) {
    const error = await apiErrorOf(response, 'GET client balances');
    // A client who shares nothing with this advisor (ADR 0011) is an answer, not a failure;
    // any other refusal (a refused token, too) is one.
    if (error.code === 'advisor_no_consent') return { kind: 'no-consent' };
    throw error;
  }
  const schema = clientBalancesResponseSchema(publicConfig.productId);
  return { kind: 'shared', client: schema.parse(await response.json()) };
}
