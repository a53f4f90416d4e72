import { OAUTH_PATHS } from '@anybank/contracts';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../../db/database';
import { claimingPushedRequest, firstUseOf } from './oidc.adapter';

/**
 * The OAuth server's single-use values, each used once whatever the timing (docs/security.md,
 * "Pay by bank"; RFC 9449 §11.1, RFC 9126 §7.3, RFC 6749 §4.1.2 and §10.5):
 *
 * - a `jti` (DPoP proofs at the provider and at the bank's APIs, `private_key_jwt` client
 *   assertions) is recorded by one insert that only its first use wins (oidc.adapter.ts
 *   `firstUseOf`), where the library read and then wrote;
 * - a pushed `request_uri` is claimed by the first authorization request that names it: another
 *   browser (or the same one again) is answered `invalid_request_uri`;
 * - an authorization code whose exchange is refused as `invalid_grant` (a wrong PKCE verifier,
 *   another redirect URI) is used up by that refusal: whoever tried with a stolen code leaves
 *   nothing to try again, and the later exchange with the right verifier is refused as a reused
 *   code, which revokes what the grant issued. A code redeemed twice at once is decided by the
 *   adapter's conditional `consume`.
 */
export function enforceSingleUse(provider: Provider, db: Database): void {
  provider.ReplayDetection.unique = (iss, jti, exp) => firstUseOf(db, iss, jti, exp);

  provider.use((ctx, next) =>
    ctx.path === OAUTH_PATHS.authorization ? claimingPushedRequest(next) : next(),
  );

  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
    if (oidc?.route !== 'token' || ctx.status !== 400) return;
    if ((ctx.body as { error?: unknown } | undefined)?.error !== 'invalid_grant') return;
    const { params, client } = oidc;
    const value = params?.code;
    if (params?.grant_type !== 'authorization_code' || typeof value !== 'string' || !client) {
      return;
    }
    const code = await provider.AuthorizationCode.find(value, { ignoreExpiration: true });
    // Only the client the code was issued to spends it, as only it could have redeemed it.
    // (`consumed` is in the stored code; the library's types leave it out.)
    const consumed = (code as { consumed?: unknown } | undefined)?.consumed;
    if (!code || code.clientId !== client.clientId || consumed) return;
    await code.consume().catch(() => undefined);
  });
}
