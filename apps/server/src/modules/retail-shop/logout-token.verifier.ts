import {
  createRemoteJWKSet,
  customFetch,
  errors as joseErrors,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import { OAUTH_PATHS, RETAIL_SHOP_CLIENT_ID } from '@anybank/contracts';
import { checkLogoutClaims, type LogoutClaimsCheck } from './logout-token.rules';
import { fetchTrusting } from './trusted-fetch';

/** How far the shop accepts a logout token's clocks off from its own. */
const CLOCK_TOLERANCE_S = 30;

export type LogoutTokenVerifier = (token: string) => Promise<LogoutClaimsCheck>;

/**
 * The shop's check of a logout token from its bank (ADR 0028), over HTTP like every other call
 * it makes to the bank: the signature against the bank's published keys (`/as/jwks`, fetched
 * again for a key id it does not know), `typ: logout+jwt`, `iss` the bank, `aud` the shop's own
 * client id, `iat` and `exp`; then the claims (logout-token.rules.ts).
 */
export function createLogoutTokenVerifier(deps: {
  /** The bank's public address, its issuer. */
  bankUrl: string;
  bankCertificate?: string | undefined;
  /** Tests hand their own keys. */
  keys?: JWTVerifyGetKey;
}): LogoutTokenVerifier {
  const trusting =
    deps.bankCertificate && !deps.bankUrl.startsWith('http://')
      ? fetchTrusting(deps.bankCertificate)
      : null;
  const keys =
    deps.keys ??
    createRemoteJWKSet(new URL(`${deps.bankUrl}${OAUTH_PATHS.jwks}`), {
      ...(trusting
        ? {
            [customFetch]: (url: string, options: RequestInit) =>
              trusting(url, options as Parameters<typeof trusting>[1]),
          }
        : {}),
    });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: deps.bankUrl,
        audience: RETAIL_SHOP_CLIENT_ID,
        typ: 'logout+jwt',
        algorithms: ['ES256'],
        requiredClaims: ['iat', 'exp', 'jti'],
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      return checkLogoutClaims(payload);
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return { ok: false, reason: error.code };
      throw error;
    }
  };
}
