import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { panelTraceRecorder } from './oidc.trace';
import {
  API_AUDIENCE,
  FLOW_TTL_MS,
  IDENTITY_VERIFIED_ACR,
  OAUTH_CONSENT_INTERACTION_PARAM,
  OAUTH_CONSENT_PAGE_PATH,
  OAUTH_PATHS,
  PAYMENT_CONSENT_PAGE_PATH,
  isUserType,
  type UserType,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import { findUserById, type UserRow } from '../../directory';
import {
  OIDC_SCOPES,
  consentCovers,
  grantedScopes,
  needsConsent,
  scopesClientMayHold,
} from './client-scopes.rules';
import { findClientConsent } from './connected-apps.store';
import { loginPolicy } from './login-policy';
import { withSafeOauthErrorTexts } from './oauth-error.rules';
import {
  ASSISTANT_CLIENT_DEFAULTS,
  actorOf,
  assistantRegistration,
  assistantResources,
} from './assistant-registration';
import { createOidcAdapterClass } from './oidc.adapter';
import { clientBasedCors, ownOriginUnguardedFetch } from './oidc.http';
import type { PublicSigningJwk } from './oidc.keys';
import type { ServerKeys } from '../keys/keys.service';
import { oauthClients, userTypeOfClient } from './oauth.clients';
import {
  fapiForTheShop,
  richAuthorizationRequests,
  type PaymentConsentLookup,
} from './payment-authorization';
import { renderLogoutPage, renderOidcErrorPage, renderSignedOutPage } from './oidc.pages';
import { enforceSingleUse } from './oidc.single-use';
import {
  CREDENTIAL_ACCESS_TOKEN_TTL_SECONDS,
  credentialResourceOf,
  openid4vciFeature,
  type CredentialIssuancePort,
} from './openid4vci';
import { sessionSeenRecorder } from './sessions.record';

/**
 * How long access and ID tokens live. A signing key stays published this long after its
 * successor takes over (modules/identity/keys), so every token it signed can still be checked.
 */
export const TOKEN_TTL_SECONDS = 30 * 60;

/** The sign-in time behind the token being issued: the code's or refresh token's `authTime`. */
function authTimeOf(ctx: KoaContextWithOIDC | undefined): number | undefined {
  const entities = ctx?.oidc?.entities;
  const authTime = entities?.AuthorizationCode?.authTime ?? entities?.RefreshToken?.authTime;
  return typeof authTime === 'number' ? authTime : undefined;
}

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

/**
 * The bank's OAuth 2.0 / OpenID Connect server (oidc-provider), its storage on PostgreSQL,
 * its login bound to the flow engine (an interaction is a flow: the browser goes to the SPA
 * with `?flowId=<interaction uid>`), and JWT access tokens for the bank's own APIs.
 */
export function createOidcProvider(
  config: Config,
  db: Database,
  keys: ServerKeys,
  options: {
    ciba: NonNullable<NonNullable<Configuration['features']>['ciba']>;
    /** Pay by bank (ADR 0023): the shop's public key and the consents its requests name. */
    payments?: { retailShopJwk: PublicSigningJwk; consents: PaymentConsentLookup };
    /** The credential issuer (ADR 0027): the credentials it issues and its c_nonce secret. */
    credentialIssuance?: { port: CredentialIssuancePort; nonceSecret: Buffer };
  },
): Provider {
  const site = `${config.publicUrl}${config.basePath}`;
  const siteOrigin = new URL(site).origin;
  const issuance = options.credentialIssuance;
  const credentialResource = credentialResourceOf(site);
  const { mcpResource, resourceOfClient, mcpServerInfo } = assistantResources(site, {
    tokenTtlSeconds: TOKEN_TTL_SECONDS,
  });
  // The scopes of the credential types (one each): a wallet's token may hold one of them.
  const credentialScopes = Object.values(issuance?.port.configurations ?? {})
    .map((configuration) => configuration.scope)
    .filter((scope): scope is string => typeof scope === 'string');

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

  /** The user type of this request's user (null before sign-in, or for no user at all). */
  async function userTypeOf(ctx: KoaContextWithOIDC): Promise<UserType | null> {
    const { entities, session } = ctx.oidc;
    const accountId =
      session?.accountId ?? entities.AuthorizationCode?.accountId ?? entities.Grant?.accountId;
    const user = accountId ? await userOf(ctx, accountId) : null;
    return user && isUserType(user.userType) ? user.userType : null;
  }

  const configuration: Configuration = {
    adapter: createOidcAdapterClass(db),
    clients: oauthClients(config, keys.secrets, {
      retailShopJwk: options.payments?.retailShopJwk,
      wallet: issuance !== undefined,
    }),
    // The published keys, the signing one first (the provider signs with the first that fits).
    // The provider reads them once: identity.module.ts builds another when they change (rotation).
    jwks: { keys: keys.signingKeys.publishedKeys() },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    cookies: {
      keys: [keys.secrets.sessionSecret],
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
      credential: OAUTH_PATHS.credential,
      challenge: OAUTH_PATHS.challenge,
      registration: OAUTH_PATHS.registration,
    },
    fetch: ownOriginUnguardedFetch(siteOrigin),
    pkce: { required: () => true },
    clientDefaults: ASSISTANT_CLIENT_DEFAULTS,
    clientBasedCORS: clientBasedCors(siteOrigin),
    // The authorization code flow only: no token ever travels in a front-channel URL (the
    // implicit and hybrid types oidc-provider offers by default are not announced either).
    responseTypes: ['code'],
    scopes: [...OIDC_SCOPES],
    // `scopes_supported` is global; which client may hold which scopes, and that the rest is
    // dropped, is in the API reference this names (oidc.docs.ts).
    discovery: { service_documentation: `${site}/api/docs` },
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
      // ADR 0028: a client with a `backchannel_logout_uri` gets a signed logout token when the
      // customer signs out here; the sessions service sends them for the other endings.
      backchannelLogout: { enabled: true },
      ciba: options.ciba,
      // An assistant registers itself (RFC 7591, as the MCP authorization spec asks; ADR 0029).
      registration: assistantRegistration,
      // ADR 0023: the payment consent in `authorization_details`, the shop held to FAPI 2.0
      // (PAR and DPoP are on by default; the shop's client metadata requires both).
      ...(options.payments
        ? {
            richAuthorizationRequests: richAuthorizationRequests(options.payments.consents),
            fapi: fapiForTheShop,
          }
        : {}),
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
        // A client that may hold no API scope (the retail checkout) never gets a token for them.
        defaultResource: (ctx, client) =>
          asksForIdentityOnly(ctx.oidc.params?.scope) ||
          scopesClientMayHold(client.clientId, null).length === 0
            ? undefined
            : resourceOfClient(client.clientId),
        useGrantedResource: () => true,
        // The API's scopes a request may get are those both its client and the signed-in
        // user's type may hold (client-scopes.rules.ts): others are dropped, not refused.
        // Before sign-in a browser client has none; a client-credentials client its own.
        getResourceServerInfo: async (ctx, resource, client) => {
          // The wallet's token for the credential endpoint (ADR 0027): opaque, as the provider's
          // own endpoint looks it up, and only the scope its pre-authorized code carries.
          if (issuance && resource === credentialResource) {
            return {
              scope: credentialScopes.join(' '),
              audience: credentialResource,
              accessTokenFormat: 'opaque',
              accessTokenTTL: CREDENTIAL_ACCESS_TOKEN_TTL_SECONDS,
            };
          }
          // `/mcp` takes a registered assistant's tokens, and the APIs never do (ADR 0029).
          if (resource !== resourceOfClient(client.clientId)) throw new errors.InvalidTarget();
          const userType = await userTypeOf(ctx);
          if (resource === mcpResource) return mcpServerInfo(client.clientId, userType);
          const scopes =
            userType === null && client.grantTypeAllowed('client_credentials')
              ? scopesClientMayHold(client.clientId, null)
              : userType === null
                ? []
                : scopesClientMayHold(client.clientId, userType);
          return {
            scope: scopes.join(' '),
            audience: API_AUDIENCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: TOKEN_TTL_SECONDS,
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      ClientCredentials: 10 * 60,
      // A transfer waits for the phone as long as a sign-in push does.
      BackchannelAuthenticationRequest: 2 * 60,
      IdToken: TOKEN_TTL_SECONDS,
      Interaction: FLOW_TTL_MS / 1000,
      Session: 8 * 60 * 60,
      Grant: 8 * 60 * 60,
    },
    interactions: {
      policy: loginPolicy(db),
      // The flow engine's id is the interaction's uid; the SPA opens the login modal for it.
      // Another application's consent is its own page: the customer is signed in
      // by then. The bank's own clients never need one (loadExistingGrant grants them).
      // A payment (authorization_details) has the bank's payment consent screen instead.
      url: (_ctx, interaction) =>
        interaction.prompt.name === 'consent' && interaction.params.authorization_details
          ? `${config.basePath}${PAYMENT_CONSENT_PAGE_PATH}?${OAUTH_CONSENT_INTERACTION_PARAM}=${encodeURIComponent(interaction.uid)}`
          : interaction.prompt.name === 'consent' &&
              needsConsent(String(interaction.params.client_id))
            ? `${config.basePath}${OAUTH_CONSENT_PAGE_PATH}?${OAUTH_CONSENT_INTERACTION_PARAM}=${encodeURIComponent(interaction.uid)}`
            : `${config.basePath}/?flowId=${encodeURIComponent(interaction.uid)}`,
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
    // First-party clients need no consent screen: the grant is what the client and the user's
    // type allow. Another application's grant also needs the customer's remembered consent
    // covering it; without one this answers no grant, and the consent prompt follows.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !session || !accountId) return undefined;
      // A payment's grant is made by its consent screen, for that one payment, never reused.
      if (ctx.oidc.params?.authorization_details !== undefined) {
        const grantId = ctx.oidc.result?.consent?.grantId;
        return grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      }
      const user = await userOf(ctx, accountId);
      if (!user || !isUserType(user.userType)) return undefined;
      const portalType = userTypeOfClient(client.clientId);
      if (portalType && portalType !== user.userType) {
        // Before an interaction: no grant, and the login policy asks who signs in
        // (login-policy.ts, a customer's session at a partner portal). After a sign-in in
        // this interaction: that user is not this portal's.
        if (!ctx.oidc.result?.login) return undefined;
        throw new errors.AccessDenied('this account cannot sign in to this portal');
      }
      const granted = grantedScopes(client.clientId, ctx.oidc.requestParamScopes, user.userType);
      if (needsConsent(client.clientId)) {
        const consent = await findClientConsent(db, accountId, client.clientId);
        if (!consent || !consentCovers(consent.scopes, [...granted.oidc, ...granted.api])) {
          return undefined;
        }
      }
      const oidcScopes = granted.oidc.join(' ');
      const resourceScopes = granted.api.join(' ');
      // Dropped OpenID scopes count as answered, or the provider would prompt for them.
      const droppedOidcScopes = granted.dropped.filter((scope) => OIDC_SCOPES.includes(scope));

      const resource = resourceOfClient(client.clientId);
      const grantId = session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (
        existing &&
        existing.getOIDCScope() === oidcScopes &&
        (existing.getResourceScope(resource) ?? '') === resourceScopes
      ) {
        return existing;
      }
      const grant =
        existing ?? new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope(oidcScopes);
      if (droppedOidcScopes.length > 0) grant.rejectOIDCScope(droppedOidcScopes.join(' '));
      if (resourceScopes) grant.addResourceScope(resource, resourceScopes);
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
        // When the person last signed in (not when this token was minted: a silent renewal
        // keeps it), for the step-up guard (identity/oauth/recent-authentication.ts).
        auth_time: authTimeOf(ctx),
        // The sign-in session (its uid) the token was issued in: its "last active".
        suid: 'sessionUid' in token ? token.sessionUid : undefined,
        // Who acts for the customer (RFC 8693 §4.1): the assistant, by its client id and the
        // name it registered, on each of its tokens for `/mcp` (ADR 0029).
        act: await actorOf(ctx, token),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderOidcErrorPage(out, site);
    },
  };

  if (issuance) {
    // Object.assign, not the literal: @types/oidc-provider 9.12 ties an enabled `openid4vci`
    // to a rich-authorization-requests helper shape the runtime (9.13) does not need; the
    // bank's credential types are asked for by scope (credential-configurations.ts).
    Object.assign(configuration.features ?? {}, {
      openid4vci: openid4vciFeature(issuance.port, issuance.nonceSecret),
    });
  }
  const provider = new Provider(site, configuration);
  // Behind TLS termination the provider must trust X-Forwarded-Proto to build https URLs.
  provider.proxy = config.publicUrl.startsWith('https://');
  // Its error descriptions may quote request values: keep them within RFC 6749 §5.2's characters.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status >= 400) ctx.body = withSafeOauthErrorTexts(ctx.body);
  });
  enforceSingleUse(provider, db);
  provider.use(sessionSeenRecorder(db));
  // A panel is told whether each issued token verifies against the keys in `/as/jwks`.
  provider.use(panelTraceRecorder(db, (kid) => keys.signingKeys.verificationKey(kid)));
  return provider;
}
