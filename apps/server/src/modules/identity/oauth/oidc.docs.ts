import { OAUTH_PATHS } from '@anybank/contracts';

/**
 * The OAuth 2.0 / OpenID Connect endpoints in the API reference. oidc-provider serves them as
 * a middleware, outside Fastify's routes, and its discovery document describes them for a
 * client; here they are named with the standard that defines each, so a reader of the
 * reference finds them beside the bank's own API.
 */
const OAUTH_ENDPOINTS: Record<
  keyof typeof OAUTH_PATHS,
  { methods: ('get' | 'post')[]; summary: string; spec: string }
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
  },
  pushedAuthorization: {
    methods: ['post'],
    summary: 'Sends the authorization request’s parameters first, by the back channel',
    spec: 'RFC 9126',
  },
  token: {
    methods: ['post'],
    summary:
      'Issues tokens: authorization code (with its PKCE verifier), refresh token, client credentials, CIBA',
    spec: 'RFC 6749 §3.2, OpenID Connect CIBA Core §10',
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
            description: `Defined by ${endpoint.spec}; served by oidc-provider. Errors are OAuth's \`{ error, error_description }\`.`,
            tags: ['oauth'],
            operationId: `${method} ${OAUTH_PATHS[name as keyof typeof OAUTH_PATHS]}`,
            responses: { default: { description: 'As the standard defines.' } },
          },
        ]),
      ),
    ]),
  );
}
