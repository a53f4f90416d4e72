import {
  ADVISOR_CONSENTS_API_PATH,
  CLIENT_BALANCES_API_PATH,
  advisorConsentsResponseSchema,
  clientBalancesResponseSchema,
  messages,
} from '@anybank/contracts';
import type { AdvisorConsent, ClientBalancesResponse } from '@anybank/contracts';
import { ApiError, readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { publicConfig } from '../../lib/config';

/**
 * The wealth advisor's partner APIs (document 2 §7; ADR 0011), with the signed-in advisor's
 * access token: who shares balances with the advisor, and one client's shared balances. The
 * server decides what the advisor may see; these calls only read it.
 */

const SHARE_BALANCES_DEFINITION = 'share-account-balances';

/** `GET /api/advisor/consents?definition=share-account-balances`: the consenting clients. */
export async function fetchSharingClients(signal?: AbortSignal): Promise<AdvisorConsent[]> {
  const query = new URLSearchParams({ definition: SHARE_BALANCES_DEFINITION });
  const response = await authorizedFetch(`${ADVISOR_CONSENTS_API_PATH}?${query.toString()}`, {
    signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, `GET advisor consents answered ${response.status}`);
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
  if (response.status === 403) {
    // Any 403 reads as "no consent" only when the server says so; a refused token is a failure.
    const body = await readJson(response);
    if (isNoConsentBody(body)) return { kind: 'no-consent' };
  }
  if (!response.ok) {
    throw new ApiError(response.status, `GET client balances answered ${response.status}`);
  }
  const schema = clientBalancesResponseSchema(publicConfig.productId);
  return { kind: 'shared', client: schema.parse(await response.json()) };
}

function isNoConsentBody(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    body.message === messages.advisor.noConsent
  );
}
