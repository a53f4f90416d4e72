import { randomBytes } from 'node:crypto';
import { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import {
  API_AUDIENCE,
  ASSISTANT_CLIENT_ID_PREFIX,
  MCP_PATH,
  isRegisteredAssistant,
  type UserType,
} from '@anybank/contracts';
import { scopesClientMayHold } from './client-scopes.rules';

/**
 * What a self-registering application (an assistant, ADR 0029; RFC 7591) may register: a public
 * client (no secret, PKCE, which the provider requires of every client) using the authorization
 * code grant and nothing else (the bank issues no refresh tokens). Anything else is refused, not adjusted, so the
 * application learns what it got. What it may then hold is the assistant scopes alone
 * (client-scopes.rules.ts), each after the customer's consent.
 */
export function assistantRegistrationProblem(body: Record<string, unknown>): string | null {
  const listOf = (value: unknown, fallback: string[]) =>
    Array.isArray(value) ? value.map(String) : fallback;
  if ((body.token_endpoint_auth_method ?? 'client_secret_basic') !== 'none') {
    return 'token_endpoint_auth_method must be none (a public client)';
  }
  const grantTypes = listOf(body.grant_types, ['authorization_code']);
  if (!grantTypes.every((type) => type === 'authorization_code')) {
    return 'grant_types may name authorization_code only';
  }
  if (!listOf(body.response_types, ['code']).every((type) => type === 'code')) {
    return 'response_types may name code only';
  }
  if (typeof body.client_name !== 'string' || body.client_name.trim() === '') {
    return 'client_name is required: the customer is told who asks';
  }
  // The bank posts logout tokens only to the applications it registered itself (ADR 0028):
  // a self-registered one would have it post a customer's `sub` and `sid` to a host of its
  // choosing.
  if (body.backchannel_logout_uri !== undefined) {
    return 'backchannel_logout_uri is not offered to self-registered clients';
  }
  return null;
}

/**
 * Open Dynamic Client Registration (RFC 7591), as the MCP authorization spec asks of the
 * server an assistant meets (ADR 0029). No initial access token and no registration access
 * token (a client cannot read or change itself afterwards). A registered client's id starts
 * `assistant-`, which is what client-scopes.rules.ts knows it by.
 */
export const assistantRegistration: NonNullable<Configuration['features']>['registration'] = {
  enabled: true,
  initialAccessToken: false,
  issueRegistrationAccessToken: false,
  idFactory: (ctx) => {
    const body = (ctx.oidc.body ?? {}) as Record<string, unknown>;
    const problem = assistantRegistrationProblem(body);
    if (problem) throw new errors.InvalidClientMetadata(problem);
    // The scopes an assistant asks to register are the resource's (its metadata lists them),
    // which the provider's client schema does not know: what it may hold is
    // client-scopes.rules.ts's answer, whatever it registers, so the claim is not kept.
    delete body.scope;
    return `${ASSISTANT_CLIENT_ID_PREFIX}${randomBytes(16).toString('base64url')}`;
  },
};

/**
 * What a client that registers itself gets unless it says: the only ID token algorithm the
 * bank signs with, and the code flow alone. The bank's own clients name theirs
 * (oauth.clients.ts).
 */
export const ASSISTANT_CLIENT_DEFAULTS: Configuration['clientDefaults'] = {
  grant_types: ['authorization_code'],
  response_types: ['code'],
  id_token_signed_response_alg: 'ES256',
  token_endpoint_auth_method: 'none',
};

/**
 * The `act` claim (RFC 8693 §4.1) of an assistant's access token: who acts for the customer,
 * by its client id and the name it registered; undefined for any other client's token.
 */
export async function actorOf(
  ctx: KoaContextWithOIDC,
  token: Parameters<NonNullable<Configuration['extraTokenClaims']>>[1],
): Promise<{ sub: string; client_name: string } | undefined> {
  const clientId = 'clientId' in token ? token.clientId : undefined;
  if (typeof clientId !== 'string' || !isRegisteredAssistant(clientId)) return undefined;
  const client = await ctx.oidc.provider.Client.find(clientId);
  return { sub: clientId, client_name: client?.clientName ?? clientId };
}

/**
 * The MCP server's resource (RFC 8707; ADR 0029): a registered assistant's tokens are for it
 * alone, and no other client's are. Its tokens are JWTs (the MCP server checks them as the APIs
 * check theirs, audience aside), with the assistant scopes a customer may give it.
 */
export function assistantResources(site: string, options: { tokenTtlSeconds: number }) {
  const mcpResource = `${site}${MCP_PATH}`;
  return {
    mcpResource,
    resourceOfClient: (clientId: string) =>
      isRegisteredAssistant(clientId) ? mcpResource : API_AUDIENCE,
    mcpServerInfo: (clientId: string, userType: UserType | null) => ({
      scope: userType === 'customer' ? scopesClientMayHold(clientId, userType).join(' ') : '',
      audience: mcpResource,
      accessTokenFormat: 'jwt' as const,
      accessTokenTTL: options.tokenTtlSeconds,
      jwt: { sign: { alg: 'ES256' as const } },
    }),
  };
}
