import {
  REMEMBERED_BROWSERS_API_PATH,
  rememberedBrowsersResponseSchema,
  type RememberedBrowser,
} from '@anybank/contracts';
import { apiErrorOf, readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';

/**
 * The customer's remembered browsers (server: identity/remembered-browsers/). The
 * HttpOnly cookie goes with the call by itself: the server marks this browser's as `current`.
 */
export async function fetchRememberedBrowsers(signal?: AbortSignal): Promise<RememberedBrowser[]> {
  const response = await authorizedFetch(REMEMBERED_BROWSERS_API_PATH, { signal });
  if (!response.ok) throw await apiErrorOf(response, `GET ${REMEMBERED_BROWSERS_API_PATH}`);
  return rememberedBrowsersResponseSchema.parse(await readJson(response)).browsers;
}

/** Forgets one: its next sign-in asks for the second factor again. */
export async function forgetRememberedBrowser(browserId: string): Promise<void> {
  const response = await authorizedFetch(
    `${REMEMBERED_BROWSERS_API_PATH}/${encodeURIComponent(browserId)}`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw await apiErrorOf(response, `DELETE ${REMEMBERED_BROWSERS_API_PATH}`);
}
