import {
  SCIM_MAX_PAGE_SIZE,
  SCIM_USERS_API_PATH,
  scimListResponseSchema,
} from '@anybank/contracts';
import type { ScimUser } from '@anybank/contracts';
import { apiErrorOf } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';

/**
 * The marketing lookup (document 2 §7: `GET /scim/v2/Users?filter=`), with the signed-in
 * marketing user's access token (ADR 0011). The server leaves out whatever a customer did not
 * opt into; the page shows what comes back.
 */
export async function searchCustomers(filter: string, signal?: AbortSignal): Promise<ScimUser[]> {
  const query = new URLSearchParams({ filter });
  const response = await authorizedFetch(`${SCIM_USERS_API_PATH}?${query.toString()}`, { signal });
  if (!response.ok) {
    throw await apiErrorOf(response, 'GET SCIM users');
  }
  return scimListResponseSchema.parse(await response.json()).Resources;
}

/**
 * The first page of customers (no filter: `GET /scim/v2/Users?count=50`), each with only what
 * they opted into, and how many there are in all: the portal's sub-pages build their sample
 * content from it.
 */
export async function listCustomers(
  signal?: AbortSignal,
): Promise<{ users: ScimUser[]; total: number }> {
  const query = new URLSearchParams({ count: String(SCIM_MAX_PAGE_SIZE) });
  const response = await authorizedFetch(`${SCIM_USERS_API_PATH}?${query.toString()}`, { signal });
  if (!response.ok) {
    throw await apiErrorOf(response, 'GET SCIM users');
  }
  const list = scimListResponseSchema.parse(await response.json());
  return { users: list.Resources, total: list.totalResults };
}
