import { OAUTH_PATHS, pageRoute } from '@anybank/contracts';
import type { DemoStart, PublicConfig } from '@anybank/contracts';
import type { Pkce } from '../../lib/oauth';
import { withBasePath } from '../../lib/public-config';

/**
 * Where a scenario's Start goes. Pure: the page hands in the configuration and a
 * PKCE pair, the unit tests likewise.
 */

/** The query parameter that opens "Behind the scenes" on any page (ADR 0021). */
export const INSPECT_PARAM = 'inspect';

/** The retail checkout's OAuth client (the server's `RETAIL_CLIENT_ID`, client-scopes.rules.ts). */
export const RETAIL_CHECKOUT_CLIENT_ID = 'retail-checkout';

/**
 * What the retail checkout asks for: a sign-in and the customer's name, and the bank's own API
 * scopes, which the bank never grants it (the consent page says "no banking access").
 */
export const RETAIL_CHECKOUT_SCOPES = 'openid profile banking consent';

type StartConfig = Pick<PublicConfig, 'basePath' | 'retailSiteUrl'>;

/** A page of the site, under the base path, with the panel's `inspect=1`. */
export function pageStartUrl(
  start: Extract<DemoStart, { kind: 'page' }>,
  basePath: string,
): string {
  const path = pageRoute(start.page).paths[0] ?? '/';
  const query = new URLSearchParams({ [INSPECT_PARAM]: '1' });
  return `${withBasePath(basePath, path)}?${query.toString()}`;
}

/**
 * The authorization request the retail checkout's "Pay with AnyBank" makes: its own client and
 * redirect address, PKCE S256. The verifier stays unused here: redeeming the code is the shop's.
 */
export function retailCheckoutAuthorizationUrl(
  config: StartConfig,
  pkce: Pick<Pkce, 'state' | 'challenge'>,
): string {
  const query = new URLSearchParams({
    client_id: RETAIL_CHECKOUT_CLIENT_ID,
    redirect_uri: `${config.retailSiteUrl.replace(/\/+$/, '')}/callback`,
    response_type: 'code',
    scope: RETAIL_CHECKOUT_SCOPES,
    state: pkce.state,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  });
  return `${withBasePath(config.basePath, OAUTH_PATHS.authorization)}?${query.toString()}`;
}

/** Where Start sends the browser; a PKCE pair is made only for the retail checkout. */
export async function startUrl(
  start: DemoStart,
  config: StartConfig,
  makePkce: () => Promise<Pick<Pkce, 'state' | 'challenge'>>,
): Promise<string> {
  if (start.kind === 'page') return pageStartUrl(start, config.basePath);
  return retailCheckoutAuthorizationUrl(config, await makePkce());
}
