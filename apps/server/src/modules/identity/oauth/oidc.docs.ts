import { OAUTH_PATHS } from '@anybank/contracts';
import { CLIENT_SCOPES, needsConsent } from './client-scopes.rules';

/**
 * Which scopes each client may hold, and how a request for more is answered:
 * the discovery document's `scopes_supported` is global, so the per-client lists are here.
 */
function scopePolicy(): string {
  const rows = Object.entries(CLIENT_SCOPES).map(
    ([clientId, scopes]) =>
      `| \`${clientId}\` | ${scopes.join(' ')} | ${needsConsent(clientId) ? 'yes' : 'no (the bank’s own)'} |`,
  );
  return [
    'Scopes outside the client’s list, or outside what the signed-in user’s type may hold, are dropped from the grant (RFC 6749 §3.3), never refused: the token response’s `scope` names what was granted.',
    'A client that is not the bank’s own asks the customer on the consent page (`/oauth/consent`) before any code is issued; the answer is remembered until the customer revokes it under Connected apps. Declining returns `error=access_denied`; `prompt=none` without a consent returns `consent_required`.',
    '',
    '| client | may request | asks the customer |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/**
 * The OAuth 2.0 / OpenID Connect endpoints in the API reference. oidc-provider serves them as
 * a middleware, outside Fastify's routes, and its discovery document describes them for a
 * client; here they are named with the standard that defines each, so a reader of the
 * reference finds them beside the bank's own API.
 */
const OAUTH_ENDPOINTS: Record<
  keyof typeof OAUTH_PATHS,
  { methods: ('get' | 'post')[]; summary: string; spec: string; details?: () => string }
> = {
  discovery: {
    methods: ['get'],
    summary: 'The server’s metadata: endpoints, grants, algorithms and scopes',
    spec: 'OpenID Connect Discovery 1.0 §4',
  },
  authorization: {
    methods: ['get', 'post'],
    summary: 'Starts a sign-in: authorization code with PKCE (S256) only',
    spec: 'RFC 6749 §3.1, RFC 7636',
    details: scopePolicy,
  },
  pushedAuthorization: {
    methods: ['post'],
    summary: 'Sends the authorization request’s parameters first, by the back channel',
    spec: 'RFC 9126',
  },
  token: {
    methods: ['post'],
    summary:
      'Issues tokens: authorization code (with its PKCE verifier), refresh token, client credentials, CIBA, a credential offer’s pre-authorized code',
    spec: 'RFC 6749 §3.2, OpenID Connect CIBA Core §10, OpenID4VCI 1.0 §6',
    details: () =>
      [
        'A credential offer’s pre-authorized code (client `anybank-wallet`, ADR 0027) needs its `tx_code`. Refusals (RFC 6749 §5.2 bodies):',
        '',
        '| error | when |',
        '| --- | --- |',
        '| `invalid_request` | no `tx_code`, or one for a code that has none (the code stays usable) |',
        '| `invalid_grant` | the code is unknown, expired or already used; or the `tx_code` is wrong, which ends the code and its grant: one try, then a new offer |',
      ].join('\n'),
  },
  userinfo: {
    methods: ['get', 'post'],
    summary: 'The signed-in person’s claims, for an access token with the openid scope',
    spec: 'OpenID Connect Core 1.0 §5.3',
  },
  jwks: {
    methods: ['get'],
    summary: 'The public keys (ES256) tokens are signed with',
    spec: 'RFC 7517',
  },
  revocation: {
    methods: ['post'],
    summary: 'Revokes an access or refresh token',
    spec: 'RFC 7009',
  },
  backchannel: {
    methods: ['post'],
    summary: 'Asks a customer to approve on their phone (transfers above the threshold)',
    spec: 'OpenID Connect CIBA Core 1.0 §7',
  },
  credential: {
    methods: ['post'],
    summary: 'Issues an SD-JWT VC bound to the key the wallet proves it holds',
    spec: 'OpenID4VCI 1.0 §8 (oidc-provider’s experimental feature, ADR 0027)',
    details: () =>
      [
        'Takes the wallet’s access token (from a pre-authorized code) and one `jwt` proof (`typ: openid4vci-proof+jwt`, ES256, the holder key as `jwk`, `aud` the issuer, a `c_nonce` from the nonce endpoint). Refusals:',
        '',
        '| error | when |',
        '| --- | --- |',
        '| `invalid_token` (401) | no token, an expired one, or one not for this endpoint |',
        '| `invalid_proof` | the proof is not signed by the key it names, or its `typ`, `aud` or `iat` is wrong |',
        '| `invalid_nonce` | the `c_nonce` is not one the nonce endpoint gave recently, or it was used before |',
        '| `credential_request_denied` | the token is for another credential type |',
        '| `unknown_credential_configuration` | no such credential configuration |',
      ].join('\n'),
  },
  challenge: {
    methods: ['post'],
    summary: 'A fresh `c_nonce` for a credential request’s proof',
    spec: 'OpenID4VCI 1.0 §7',
  },
  registration: {
    methods: ['post'],
    summary: 'An AI assistant registers itself as a public client, for the MCP server at `/mcp`',
    spec: 'RFC 7591 (ADR 0029)',
    details: () =>
      [
        'Open to anyone: the client gets an id starting `assistant-`, may use the authorization code grant with PKCE only, may hold the assistant scopes alone (never the bank’s API scopes) and only after the customer’s consent, and its tokens are for `/mcp` alone (`resource`, RFC 8707). Refusals (RFC 7591 §3.2.2 bodies):',
        '',
        '| error | when |',
        '| --- | --- |',
        '| `invalid_client_metadata` | `token_endpoint_auth_method` is not `none`; `grant_types` names more than `authorization_code`; `response_types` more than `code`; no `client_name`; or metadata oidc-provider refuses |',
        '| `invalid_redirect_uri` | a redirect URI oidc-provider refuses |',
        '| `invalid_request` | not a JSON body |',
      ].join('\n'),
  },
  endSession: {
    methods: ['get', 'post'],
    summary: 'Signs out: ends the session and revokes the grants its tokens were issued under',
    spec: 'OpenID Connect RP-Initiated Logout 1.0',
  },
};

/** The OAuth endpoints as OpenAPI path items, keyed by path. */
export function oauthEndpointPaths(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(OAUTH_ENDPOINTS).map(([name, endpoint]) => [
      OAUTH_PATHS[name as keyof typeof OAUTH_PATHS],
      Object.fromEntries(
        endpoint.methods.map((method) => [
          method,
          {
            summary: endpoint.summary,
            description: `Defined by ${endpoint.spec}; served by oidc-provider. Errors are OAuth's \`{ error, error_description }\`.${endpoint.details ? `\n\n${endpoint.details()}` : ''}`,
            tags: ['oauth'],
            operationId: `${method} ${OAUTH_PATHS[name as keyof typeof OAUTH_PATHS]}`,
            responses: { default: { description: 'As the standard defines.' } },
          },
        ]),
      ),
    ]),
  );
}
