import { hkdfSync, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { WIDGET_TOKEN_TTL_SECONDS, type WidgetTokenResponse } from '@anybank/contracts';
import type { Config } from '../../config';

/** The only scope a widget token carries: the public policies, nothing about any user. */
export const WIDGET_SCOPE = 'widget';
const WIDGET_AUDIENCE = 'anybank-orchestration-widget';
const WIDGET_TOKEN_TYPE = 'widget+jwt';

export interface WidgetTokens {
  /** A new token for the company's public policies (registration, username recovery, QR). */
  issue(companyId: string): Promise<WidgetTokenResponse>;
  /** True when the token is a live widget token of this company. */
  verify(token: string, companyId: string): Promise<boolean>;
}

/**
 * Widget tokens: JWTs (HS256) with a key derived by HKDF from the server's signing secret
 * (random, kept in the database, or SIGNING_SECRET), so every instance
 * accepts every other's tokens and nothing is stored. Their own key, audience and `typ` keep
 * them apart from the bank's access tokens (ES256): neither is accepted in place of the other.
 */
export function createWidgetTokens(
  config: Pick<Config, 'publicUrl' | 'basePath'> & { signingSecret: string },
  clock: () => Date = () => new Date(),
): WidgetTokens {
  const key = new Uint8Array(
    hkdfSync('sha256', config.signingSecret, 'anybank-orchestration', 'widget-token-hs256-v1', 32),
  );
  const issuer = `${config.publicUrl}${config.basePath}`;

  return {
    async issue(companyId) {
      const now = Math.floor(clock().getTime() / 1000);
      const token = await new SignJWT({ scope: WIDGET_SCOPE })
        .setProtectedHeader({ alg: 'HS256', typ: WIDGET_TOKEN_TYPE })
        .setIssuer(issuer)
        .setAudience(WIDGET_AUDIENCE)
        .setSubject(companyId)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + WIDGET_TOKEN_TTL_SECONDS)
        .sign(key);
      return { access_token: token, token_type: 'Bearer', expires_in: WIDGET_TOKEN_TTL_SECONDS };
    },

    async verify(token, companyId) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience: WIDGET_AUDIENCE,
          subject: companyId,
          algorithms: ['HS256'],
          typ: WIDGET_TOKEN_TYPE,
          currentDate: clock(),
          requiredClaims: ['exp', 'iat'],
        });
        return payload.scope === WIDGET_SCOPE;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return false;
        throw error;
      }
    },
  };
}
