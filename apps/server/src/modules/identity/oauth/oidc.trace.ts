import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../../db/database';
import { currentInspectorId, insertAuditEvent, type AuditEvent } from '../../audit';

/** A compact JWS split for a panel: its header and claims, and what its signature signs. */
function tokenParts(kind: string, jws: unknown) {
  if (typeof jws !== 'string') return [];
  const [header, payload] = jws.split('.');
  if (!header || !payload) return [];
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  try {
    // The signature stays out: without it the token is no use to anyone who reads the log.
    return [
      {
        kind,
        header: decode(header),
        claims: decode(payload),
        signingInput: `${header}.${payload}`,
      },
    ];
  } catch {
    return [];
  }
}

const words = (value: unknown) => (typeof value === 'string' && value ? value.split(' ') : []);

/** What one OAuth server answer means to a panel, or null for answers it does not show. */
function traceOf(ctx: KoaContextWithOIDC): AuditEvent | null {
  const { route, params, client } = ctx.oidc;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (route === 'authorization' && ctx.status < 400) {
    return {
      type: 'oauth.authorization_requested',
      ip: ctx.ip,
      details: {
        clientId: params?.client_id ?? null,
        responseType: params?.response_type ?? null,
        scopes: words(params?.scope),
        codeChallengeMethod: params?.code_challenge_method ?? null,
        acrValues: words(params?.acr_values),
        redirectUri: params?.redirect_uri ?? null,
        prompt: params?.prompt ?? null,
      },
    };
  }
  if (route === 'token' && ctx.status === 200) {
    const issued = [
      ...tokenParts('ID token', body.id_token),
      ...tokenParts('access token', body.access_token),
    ];
    const sub = issued.map((token) => token.claims.sub).find((value) => typeof value === 'string');
    return {
      type: 'token.issued',
      userId: typeof sub === 'string' && /^[0-9a-f-]{36}$/.test(sub) ? sub : null,
      ip: ctx.ip,
      details: {
        clientId: client?.clientId ?? null,
        grantType: params?.grant_type ?? null,
        scope: body.scope ?? null,
        expiresIn: body.expires_in ?? null,
        tokens: [
          ...issued.map((token) => `an ${token.kind}`),
          ...(body.refresh_token ? ['a refresh token'] : []),
        ],
        issued,
      },
    };
  }
  if (route === 'backchannel_authentication' && ctx.status === 200) {
    return {
      type: 'ciba.requested',
      ip: ctx.ip,
      details: {
        clientId: client?.clientId ?? null,
        authReqId: body.auth_req_id ?? null,
        expiresIn: body.expires_in ?? null,
        bindingMessage: params?.binding_message ?? null,
      },
    };
  }
  return null;
}

/**
 * The OAuth server's part of a watched browser's story (the authorization request,
 * the tokens issued, a CIBA request), told to its "Behind the scenes" panel. Does nothing when
 * no panel watches; never fails the answer it describes.
 *
 * The event is written while the answer goes out, not before it: the answer is final here, the
 * panel reads a moment later anyway, and a watched sign-in should not wait for its own
 * narration (ADR 0021: what an open panel costs). The insert keeps the request's panel (it
 * starts in the request's context) and, on PGlite's one connection, its place in the queue.
 */
export function panelTraceRecorder(db: Database) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    if (!currentInspectorId() || !(ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)) return;
    const told = (error: unknown) => ctx.oidc.provider.emit('server_error', ctx, error);
    try {
      const trace = traceOf(ctx);
      if (trace) insertAuditEvent(db, trace).catch(told);
    } catch (error) {
      told(error);
    }
  };
}
