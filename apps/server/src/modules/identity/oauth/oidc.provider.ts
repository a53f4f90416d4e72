import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import {
  API_AUDIENCE,
  FLOW_TTL_MS,
  IDENTITY_VERIFIED_ACR,
  OAUTH_PATHS,
  SCOPES,
  SCOPES_BY_USER_TYPE,
  isUserType,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import { findUserById, type UserRow } from '../../directory/directory.store';
import { loginPolicy } from './login-policy';
import { createOidcAdapterClass } from './oidc.adapter';
import { deriveSigningJwk } from './oidc.keys';
import { SERVICE_CLIENT_ID, oauthClients, userTypeOfClient } from './oauth.clients';
import { renderLogoutPage, renderOidcErrorPage, renderSignedOutPage } from './oidc.pages';

const OIDC_SCOPES = ['openid', 'profile', 'email'];
const SERVICE_SCOPES = [SCOPES.directory, SCOPES.consentAdmin];

/** The claim that names the user type: `{product}UserType` (document 1 §3.6). */
export function userTypeClaim(config: Config): string {
  return `${config.productId}UserType`;
}

/** A scope parameter naming only OpenID scopes (no API scope), as a sign-in-only client asks. */
function asksForIdentityOnly(scope: unknown): boolean {
  const requested = typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
  return (
    requested.length > 0 &&
    requested.every((name) => OIDC_SCOPES.includes(name) || name === 'offline_access')
  );
}

function intersect(requested: Iterable<string>, allowed: string[]): string[] {
  return [...new Set(requested)].filter((scope) => allowed.includes(scope));
}

/**
 * The bank's OAuth 2.0 / OpenID Connect server (oidc-provider), its storage on PostgreSQL,
 * its login bound to the flow engine (an interaction is a flow: the browser goes to the SPA
 * with `?flowId=<interaction uid>`), and JWT access tokens for the bank's own APIs.
 */
export function createOidcProvider(
  config: Config,
  db: Database,
  options: { ciba: NonNullable<NonNullable<Configuration['features']>['ciba']> },
): Provider {
  const site = `${config.publicUrl}${config.basePath}`;

  // The provider asks for the same user several times in one request (the account, the grant,
  // the token's claims, the scopes): each request reads a user's row once.
  const usersRead = new WeakMap<object, Map<string, Promise<UserRow | null>>>();
  function userOf(ctx: KoaContextWithOIDC, id: string): Promise<UserRow | null> {
    let byId = usersRead.get(ctx);
    if (!byId) {
      byId = new Map();
      usersRead.set(ctx, byId);
    }
    let user = byId.get(id);
    if (!user) {
      user = findUserById(db, id);
      byId.set(id, user);
    }
    return user;
  }

  /** The resource scopes the user of this request may hold (none before sign-in). */
  async function userScopes(ctx: KoaContextWithOIDC): Promise<string[]> {
    const { entities, session } = ctx.oidc;
    const accountId =
      session?.accountId ?? entities.AuthorizationCode?.accountId ?? entities.Grant?.accountId;
    const user = accountId ? await userOf(ctx, accountId) : null;
    return user && isUserType(user.userType) ? SCOPES_BY_USER_TYPE[user.userType] : [];
  }

  const configuration: Configuration = {
    adapter: createOidcAdapterClass(db),
    clients: oauthClients(config),
    jwks: { keys: [deriveSigningJwk(config.signingSecret)] },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    cookies: {
      keys: [config.sessionSecret],
      long: { httpOnly: true, sameSite: 'lax', path: `${config.basePath}/` },
      short: { httpOnly: true, sameSite: 'lax', path: `${config.basePath}/` },
    },
    routes: {
      authorization: OAUTH_PATHS.authorization,
      token: OAUTH_PATHS.token,
      userinfo: OAUTH_PATHS.userinfo,
      jwks: OAUTH_PATHS.jwks,
      end_session: OAUTH_PATHS.endSession,
      revocation: OAUTH_PATHS.revocation,
      backchannel_authentication: OAUTH_PATHS.backchannel,
      // Under /as/ like every other endpoint: only /as/* and /.well-known/* reach the provider.
      pushed_authorization_request: OAUTH_PATHS.pushedAuthorization,
    },
    pkce: { required: () => true },
    // The authorization code flow only: no token ever travels in a front-channel URL (the
    // implicit and hybrid types oidc-provider offers by default are not announced either).
    responseTypes: ['code'],
    scopes: OIDC_SCOPES,
    // The one authentication context a sign-in may ask for (the credit-card application).
    acrValues: [IDENTITY_VERIFIED_ACR],
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'name'],
      email: ['email'],
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      clientCredentials: { enabled: true },
      ciba: options.ciba,
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(form, config.basePath);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = renderSignedOutPage(site);
        },
      },
      resourceIndicators: {
        enabled: true,
        // A request for identity alone (OpenID scopes only) gets no resource, so its access
        // token is one the userinfo endpoint accepts; one for the bank's APIs cannot be (it is
        // a JWT with the APIs as audience). No scope at all means the APIs (client credentials).
        defaultResource: (ctx) =>
          asksForIdentityOnly(ctx.oidc.params?.scope) ? undefined : API_AUDIENCE,
        useGrantedResource: () => true,
        // The API's scopes a request may get are those of the signed-in user's type: others
        // are ignored rather than asked for (no consent screen exists to widen them).
        getResourceServerInfo: async (ctx, resource, client) => {
          if (resource !== API_AUDIENCE) throw new errors.InvalidTarget();
          const scopes =
            client.clientId === SERVICE_CLIENT_ID ? SERVICE_SCOPES : await userScopes(ctx);
          return {
            scope: scopes.join(' '),
            audience: API_AUDIENCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 30 * 60,
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: 30 * 60,
      AuthorizationCode: 60,
      ClientCredentials: 10 * 60,
      // A transfer waits for the phone as long as a sign-in push does.
      BackchannelAuthenticationRequest: 2 * 60,
      IdToken: 30 * 60,
      Interaction: FLOW_TTL_MS / 1000,
      Session: 8 * 60 * 60,
      Grant: 8 * 60 * 60,
    },
    interactions: {
      policy: loginPolicy(db),
      // The flow engine's id is the interaction's uid; the SPA opens the login modal for it.
      url: (_ctx, interaction) =>
        `${config.basePath}/?flowId=${encodeURIComponent(interaction.uid)}`,
    },
    findAccount: async (ctx, sub) => {
      const user = await userOf(ctx, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          given_name: user.firstName,
          family_name: user.lastName,
          name: `${user.firstName} ${user.lastName}`,
          email: user.email,
        }),
      };
    },
    // First-party clients need no consent screen: the grant is what the user's type allows.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !session || !accountId) return undefined;
      const user = await userOf(ctx, accountId);
      if (!user || !isUserType(user.userType)) return undefined;
      const portalType = userTypeOfClient(client.clientId);
      if (portalType && portalType !== user.userType) {
        throw new errors.AccessDenied('this account cannot sign in to this portal');
      }
      const requested = ctx.oidc.requestParamScopes;
      const oidcScopes = intersect(requested, OIDC_SCOPES).join(' ');
      const resourceScopes = intersect(requested, SCOPES_BY_USER_TYPE[user.userType]).join(' ');

      const grantId = session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (
        existing &&
        existing.getOIDCScope() === oidcScopes &&
        (existing.getResourceScope(API_AUDIENCE) ?? '') === resourceScopes
      ) {
        return existing;
      }
      const grant =
        existing ?? new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope(oidcScopes);
      if (resourceScopes) grant.addResourceScope(API_AUDIENCE, resourceScopes);
      await grant.save();
      return grant;
    },
    extraTokenClaims: async (ctx, token) => {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await userOf(ctx, token.accountId);
      if (!user) return undefined;
      return {
        FirstName: user.firstName,
        LastName: user.lastName,
        [userTypeClaim(config)]: user.userType,
        // JWT access tokens are not stored: the APIs look the grant up to honour sign-out.
        gid: 'grantId' in token ? token.grantId : undefined,
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderOidcErrorPage(out, site);
    },
  };

  const provider = new Provider(site, configuration);
  // Behind TLS termination the provider must trust X-Forwarded-Proto to build https URLs.
  provider.proxy = config.publicUrl.startsWith('https://');
  return provider;
}
