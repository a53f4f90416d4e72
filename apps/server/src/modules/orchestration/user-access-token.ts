import { importJWK, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import { API_AUDIENCE, isUserType, type UserType } from '@anybank/contracts';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import { deriveSigningJwk } from '../identity/oauth/oidc.keys';
import { userTypeClaim } from '../identity/oauth/oidc.provider';

/** The user a policy acts on, as their own access token proves it. */
export interface PolicyUser {
  userId: string;
  userType: UserType;
  grantId: string;
  scopes: ReadonlySet<string>;
}

export type UserTokenVerifier = (token: string) => Promise<PolicyUser>;

const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';

/**
 * Checks a user's access token that arrives in a policy's body (`accessToken`, document 2 §7)
 * rather than in the Authorization header. The same checks as the API guards
 * (identity/oauth/access-token.ts), built from the same pieces: the provider's derived ES256
 * key, issuer, the API audience, `at+jwt`, and a grant that is still live (signed-out tokens
 * are refused).
 */
export function createUserTokenVerifier(
  config: Config,
  provider: Pick<Provider, 'Grant'>,
): UserTokenVerifier {
  const { kty, crv, x, y } = deriveSigningJwk(config.signingSecret);
  const keyPromise = importJWK({ kty, crv, x, y }, 'ES256');
  const issuer = `${config.publicUrl}${config.basePath}`;

  async function verifySignature(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, await keyPromise, {
        issuer,
        audience: API_AUDIENCE,
        algorithms: ['ES256'],
        typ: 'at+jwt',
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new HttpError(401, SIGN_IN_AGAIN);
      throw error;
    }
  }

  return async (token) => {
    if (!/^[A-Za-z0-9_.-]+$/.test(token)) throw new HttpError(401, SIGN_IN_AGAIN);
    const payload = await verifySignature(token);
    const grantId = typeof payload.gid === 'string' ? payload.gid : null;
    if (!grantId || !(await provider.Grant.find(grantId))) throw new HttpError(401, SIGN_IN_AGAIN);
    const userType = payload[userTypeClaim(config)];
    if (typeof payload.sub !== 'string' || !isUserType(userType)) {
      throw new HttpError(401, SIGN_IN_AGAIN);
    }
    return {
      userId: payload.sub,
      userType,
      grantId,
      scopes: new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []),
    };
  };
}
