import { OAUTH_PATHS } from '@anybank/contracts';
import { SignInDriver } from './sign-in-driver';
import { type Row, everyone, route } from './authorization-matrix';

// The authorization matrix's rows for oidc-provider's endpoints (authorization-matrix.api.test.ts).

export const OIDC_ROWS: Row[] = [
  // --- oidc-provider's endpoints (RFC 6749 / OpenID Connect: the client authenticates) ------
  {
    route: route('GET', '/.well-known/openid-configuration'),
    name: 'the discovery document',
    request: () => ({ path: OAUTH_PATHS.discovery }),
    answers: everyone(200),
  },
  {
    route: route('GET', OAUTH_PATHS.jwks),
    name: 'the signing keys',
    request: () => ({ path: OAUTH_PATHS.jwks }),
    answers: everyone(200),
  },
  {
    // Starts a sign-in: the login modal opens, whoever sends the request.
    route: route('GET', OAUTH_PATHS.authorization),
    name: 'an authorization request',
    request: ({ origin }) => ({ path: new SignInDriver(origin).authorizeUrl() }),
    answers: everyone(303),
  },
  {
    // RFC 9126: the bank's site is a public client (PKCE, no secret), so it may push its own
    // request; an Authorization header that is not client authentication is refused.
    route: route('POST', OAUTH_PATHS.pushedAuthorization),
    name: 'a pushed authorization request of the bank’s public client',
    request: ({ origin }) => ({
      method: 'POST',
      path: OAUTH_PATHS.pushedAuthorization,
      form: Object.fromEntries(
        new URL(new SignInDriver(origin).authorizeUrl(), origin).searchParams,
      ),
    }),
    answers: { ...everyone(400), 'no token': 201 },
  },
  {
    // The resume URL only works in the browser holding the interaction cookie.
    route: route('GET', `${OAUTH_PATHS.authorization}/:uid`),
    name: 'resuming someone else’s authorization',
    request: ({ signInFlowId }) => ({ path: `${OAUTH_PATHS.authorization}/${signInFlowId}` }),
    answers: everyone(400),
  },
  {
    route: route('POST', OAUTH_PATHS.token),
    name: 'a token request without client authentication',
    request: () => ({
      method: 'POST',
      path: OAUTH_PATHS.token,
      form: { grant_type: 'client_credentials' },
    }),
    answers: everyone(400),
  },
  {
    // Bank access tokens are JWTs for the bank's API, not for userinfo.
    route: route('GET', OAUTH_PATHS.userinfo),
    name: 'userinfo',
    request: () => ({ path: OAUTH_PATHS.userinfo }),
    answers: everyone(401),
  },
  {
    route: route('POST', OAUTH_PATHS.userinfo),
    name: 'userinfo by POST',
    request: () => ({ method: 'POST', path: OAUTH_PATHS.userinfo, form: {} }),
    answers: everyone(401),
  },
  {
    route: route('POST', OAUTH_PATHS.revocation),
    name: 'revoking a token without client authentication',
    request: () => ({ method: 'POST', path: OAUTH_PATHS.revocation, form: { token: 'x' } }),
    answers: everyone(400),
  },
  {
    route: route('POST', OAUTH_PATHS.backchannel),
    name: 'a CIBA request without client authentication',
    request: ({ customer }) => ({
      method: 'POST',
      path: OAUTH_PATHS.backchannel,
      form: { scope: 'openid', login_hint: customer.uid },
    }),
    answers: everyone(400),
  },
  {
    route: route('GET', OAUTH_PATHS.endSession),
    name: 'the sign-out page',
    request: () => ({ path: OAUTH_PATHS.endSession }),
    answers: everyone(200),
  },
  {
    // The confirmation needs the form's own anti-forgery value.
    route: route('POST', `${OAUTH_PATHS.endSession}/confirm`),
    name: 'confirming a sign-out without its form',
    request: () => ({ method: 'POST', path: `${OAUTH_PATHS.endSession}/confirm`, form: {} }),
    answers: everyone(400),
  },
  {
    route: route('GET', `${OAUTH_PATHS.endSession}/success`),
    name: 'the signed-out page',
    request: () => ({ path: `${OAUTH_PATHS.endSession}/success` }),
    answers: everyone(200),
  },
];
