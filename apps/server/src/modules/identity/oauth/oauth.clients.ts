import { createHmac } from 'node:crypto';
import type { ClientMetadata } from 'oidc-provider';
import {
  API_DOCS_PATHS,
  BANK_CLIENT,
  PARTNER_CLIENTS,
  PAYMENT_AUTHORIZATION_DETAILS_TYPE,
  RETAIL_BACKCHANNEL_LOGOUT_PATH,
  RETAIL_CALLBACK_PATH,
  RETAIL_SHOP_CLIENT_ID,
  WALLET_CLIENT_ID,
  type BrowserClient,
  type UserType,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import type { ServerSecrets } from '../keys/keys.service';
import type { PublicSigningJwk } from './oidc.keys';
// The rules' copy of ciba.ts's client id (a test keeps them equal): importing ciba.ts would load
// oidc-provider and the directory for one string, and e2e/bundle-secrets.spec.ts imports this file.
import {
  API_DOCS_CLIENT_ID,
  RETAIL_CLIENT_ID,
  SERVICE_CLIENT_ID,
  TRANSFER_APPROVAL_CLIENT as TRANSFER_APPROVAL_CLIENT_ID,
} from './client-scopes.rules';

// The client ids live beside each client's scope list (client-scopes.rules.ts).
export { API_DOCS_CLIENT_ID, RETAIL_CLIENT_ID, SERVICE_CLIENT_ID };

export const BROWSER_CLIENTS: BrowserClient[] = [BANK_CLIENT, ...Object.values(PARTNER_CLIENTS)];

/** The user type a client signs in, or null when any user may (the bank's site, the shop). */
export function userTypeOfClient(clientId: string): UserType | null {
  // The API reference's sign-in may hold customers' scopes only: it signs customers in.
  if (clientId === API_DOCS_CLIENT_ID) return 'customer';
  return BROWSER_CLIENTS.find((client) => client.clientId === clientId)?.userType ?? null;
}

/** Sign-ins asked for by another application than the bank's own site or portals (§2.5). */
export function isSelfServiceClient(clientId: string): boolean {
  return !BROWSER_CLIENTS.some((client) => client.clientId === clientId);
}

/**
 * Server-side clients' secrets, derived from the server's own signing secret (random, made on
 * first start and kept in the database, or SIGNING_SECRET): every instance on one database
 * knows them, and nothing in the repository does.
 */
export function serviceClientSecret(
  secrets: Pick<ServerSecrets, 'signingSecret'>,
  clientId = SERVICE_CLIENT_ID,
): string {
  return createHmac('sha256', secrets.signingSecret)
    .update(`client-secret:${clientId}`)
    .digest('base64url');
}

/**
 * The pay-by-bank shop (ADR 0023), held to FAPI 2.0: it authenticates with a JWT
 * signed by its own key (the bank knows only the public half), pushes every authorization request
 * (PAR), and its access tokens are bound to a DPoP key. Its redirect URI is its own page's.
 */
function retailShopClient(site: string, publicJwk: PublicSigningJwk): ClientMetadata {
  return {
    client_id: RETAIL_SHOP_CLIENT_ID,
    client_name: 'Retail Shop',
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'ES256',
    jwks: { keys: [publicJwk] },
    grant_types: ['authorization_code', 'client_credentials'],
    response_types: ['code'],
    redirect_uris: [`${site}${RETAIL_CALLBACK_PATH}`],
    require_pushed_authorization_requests: true,
    dpop_bound_access_tokens: true,
    authorization_details_types: [PAYMENT_AUTHORIZATION_DETAILS_TYPE],
    id_token_signed_response_alg: 'ES256',
    // ADR 0028: told over the back channel when the shopper's session at the bank ends; `sid`
    // in its ID tokens and logout tokens names the bank session its own session came from.
    backchannel_logout_uri: `${site}${RETAIL_BACKCHANNEL_LOGOUT_PATH}`,
    backchannel_logout_session_required: true,
  };
}

/**
 * The phone's wallet (ADR 0027): a public client (an app keeps no secret) that only redeems a
 * credential offer's pre-authorized code; the offer's transaction code protects the code.
 */
const WALLET_CLIENT: ClientMetadata = {
  client_id: WALLET_CLIENT_ID,
  client_name: 'AnyBank wallet',
  token_endpoint_auth_method: 'none',
  grant_types: ['urn:ietf:params:oauth:grant-type:pre-authorized_code'],
  response_types: [],
  redirect_uris: [],
  id_token_signed_response_alg: 'ES256',
};

export function oauthClients(
  config: Config,
  secrets: Pick<ServerSecrets, 'signingSecret'>,
  parts: {
    /** The shop's public key, when the shop is part of this server (identity.module.ts). */
    retailShopJwk?: PublicSigningJwk | undefined;
    /** Whether the bank issues credentials to the phone's wallet (ADR 0027). */
    wallet?: boolean;
  } = {},
): ClientMetadata[] {
  const { retailShopJwk } = parts;
  const site = `${config.publicUrl}${config.basePath}`;
  const browserClients = BROWSER_CLIENTS.map((client): ClientMetadata => ({
    client_id: client.clientId,
    client_name: client.userType ? `${client.userType} portal` : 'AnyBank',
    // Public clients: a browser cannot keep a secret, PKCE protects the code instead.
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: [`${site}${client.returnPath}`],
    post_logout_redirect_uris: [`${site}/`, `${site}/partner/signoff`],
    id_token_signed_response_alg: 'ES256',
  }));
  return [
    ...browserClients,
    ...(retailShopJwk ? [retailShopClient(site, retailShopJwk)] : []),
    ...(parts.wallet ? [WALLET_CLIENT] : []),
    {
      client_id: RETAIL_CLIENT_ID,
      client_name: 'AnyBank Retail Checkout',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: [`${config.retailSiteUrl}/callback`],
      id_token_signed_response_alg: 'ES256',
    },
    {
      // The API reference's Authorize (ADR 0019): its code returns only to the reference's
      // own page on this origin, which hands it to the page that opened the sign-in window.
      client_id: API_DOCS_CLIENT_ID,
      client_name: 'AnyBank API reference',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: [`${site}${API_DOCS_PATHS.oauthRedirect}`],
      id_token_signed_response_alg: 'ES256',
    },
    {
      client_id: TRANSFER_APPROVAL_CLIENT_ID,
      client_secret: serviceClientSecret(secrets, TRANSFER_APPROVAL_CLIENT_ID),
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['urn:openid:params:grant-type:ciba'],
      response_types: [],
      redirect_uris: [],
      backchannel_token_delivery_mode: 'poll',
      id_token_signed_response_alg: 'ES256',
    },
    {
      client_id: SERVICE_CLIENT_ID,
      client_secret: serviceClientSecret(secrets),
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      // It never receives an ID token, but the provider refuses a client whose default
      // algorithm (RS256) is not enabled, and only ES256 is.
      id_token_signed_response_alg: 'ES256',
    },
  ];
}
