import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../../db/database';
import { currentInspectorId, insertAuditEvent, type AuditEvent } from '../../audit';
import { checkTokenSignature, type PublishedKeyOf } from './token-signature-check';

/**
 * A compact JWS split for a panel: its header and claims, what its signature signs, and
 * whether that signature verifies against the published keys (checked here, on the server).
 */
async function tokenParts(kind: string, jws: unknown, publishedKeyOf: PublishedKeyOf) {
  if (typeof jws !== 'string') return [];
  const [header, payload] = jws.split('.');
  if (!header || !payload) return [];
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  let parts: { header: Record<string, unknown>; claims: Record<string, unknown> };
  try {
    parts = { header: decode(header), claims: decode(payload) };
  } catch {
    return [];
  }
  // The signature stays out: without it the token is no use to anyone who reads the log.
  return [
    {
      kind,
      ...parts,
      signingInput: `${header}.${payload}`,
      // Not named `signature`: that key is a secret's, which a panel never sees (redactDetails).
      signatureCheck: await checkTokenSignature(jws, publishedKeyOf),
    },
  ];
}

const words = (value: unknown) => (typeof value === 'string' && value ? value.split(' ') : []);

/** What one OAuth server answer means to a panel, or null for answers it does not show. */
async function traceOf(
  ctx: KoaContextWithOIDC,
  publishedKeyOf: PublishedKeyOf,
): Promise<AuditEvent | null> {
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
      ...(await tokenParts('ID token', body.id_token, publishedKeyOf)),
      ...(await tokenParts('access token', body.access_token, publishedKeyOf)),
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
 * starts in the request's context); the tokens' signatures are checked before it (~0.2 ms).
 */
export function panelTraceRecorder(db: Database, publishedKeyOf: PublishedKeyOf) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    if (!currentInspectorId() || !(ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)) return;
    const told = (error: unknown) => ctx.oidc.provider.emit('server_error', ctx, error);
    // Not awaited: the answer goes out while its tokens' signatures are checked for the panel.
    void traceOf(ctx, publishedKeyOf)
      .then((trace) => (trace ? insertAuditEvent(db, trace) : undefined))
      .catch(told);
  };
}
