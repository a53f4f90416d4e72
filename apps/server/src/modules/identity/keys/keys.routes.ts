import type { FastifyInstance } from 'fastify';
import {
  SIGNING_KEY_ROTATION_PATH,
  signingKeyRotationResponseSchema,
  type SigningKeyRotationResponse,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import type { AuthGuards } from '../oauth/access-token';
import { rotateSigningKey, type SigningKeyRing } from './keys.service';
import type { PresenterGuard } from './presenter';
import { RATE_LIMIT_REFUSALS } from '../../../http/rate-limits';
import { USER_TOKEN_REFUSALS } from '../../../http/access-token-refusals';

/**
 * The demo admin's key rotation (ADR 0017), for the presenter (README "Demo tools"), as
 * `npm run keys:rotate` does it: a new signing
 * key signs from now on, the previous one stays in `/as/jwks` until its tokens have expired.
 * Earlier tokens keep working, so a rotation signs nobody out. A few per minute per address:
 * each one leaves a key published for half an hour.
 */
export function registerSigningKeyRoutes(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'rateLimitPerMinute'>;
    db: Database;
    auth: AuthGuards;
    presenter: PresenterGuard;
    signingKeys: Pick<SigningKeyRing, 'rotate'>;
  },
) {
  app.post(
    SIGNING_KEY_ROTATION_PATH,
    {
      config: {
        rateLimit: {
          max: Math.max(1, Math.floor(deps.config.rateLimitPerMinute / 60)),
          timeWindow: '1 minute',
        },
        docs: {
          summary: 'Demo admin: rotates the token signing key (earlier tokens stay valid)',
          tag: 'admin',
          caller: 'bearer',
          responses: {
            200: {
              description:
                'The new key signs; the previous one stays published until the time given.',
              schema: signingKeyRotationResponseSchema,
            },
            401: { description: 'No valid customer token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description:
                'Not a customer’s token, or (`presenter_required`) no presenter cookie in this browser. Nothing changed.',
              codes: [...USER_TOKEN_REFUSALS[403], 'presenter_required'],
            },
            429: {
              description: 'Too many rotations from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request): Promise<SigningKeyRotationResponse> => {
      const principal = await deps.auth.requireCustomer(request);
      // The signing key is everyone's: the presenter's browser only (README "Demo tools").
      deps.presenter.requirePresenter(request);
      const result = await rotateSigningKey(
        { db: deps.db, signingKeys: deps.signingKeys },
        { via: 'admin API', userId: principal.userId, ip: request.ip },
      );
      return {
        ...result,
        previousKeysPublishedUntil: result.previousKeysPublishedUntil?.toISOString() ?? null,
      };
    },
  );
}
