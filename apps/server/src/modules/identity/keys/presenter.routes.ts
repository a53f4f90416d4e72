import type { FastifyInstance } from 'fastify';
// Brings in the plugin's typing of the route option `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import {
  PRESENTER_PATH,
  XSRF_HEADER,
  presenterRequestSchema,
  presenterStatusSchema,
  type PresenterStatus,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../../http/xsrf';
import type { PresenterGuard } from './presenter';
import { PRESENTER_COOKIE, PRESENTER_COOKIE_TTL_SECONDS } from './presenter.rules';
import { RATE_LIMIT_REFUSALS } from '../../../http/rate-limits';

/**
 * `GET/POST/DELETE /api/dev/presenter`: a browser gives the presenter secret once and keeps an
 * HttpOnly presenter cookie (README "Demo tools"). Registered only while DEMO_TOOLS=on, like
 * the tools it opens. A few tries per minute per address: the secret is 32 random bytes, and
 * every wrong one is audited.
 */
export function registerPresenterRoutes(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'publicUrl' | 'basePath' | 'rateLimitPerMinute'>;
    presenter: PresenterGuard;
  },
) {
  const cookie = {
    path: `${deps.config.basePath}/`,
    // Only the bank's own pages send it: no other site's request carries it.
    sameSite: 'strict' as const,
    secure: deps.config.publicUrl.startsWith('https://'),
    httpOnly: true,
    maxAge: PRESENTER_COOKIE_TTL_SECONDS,
  };
  const status = {
    200: { description: 'Whether this browser is the presenter’s.', schema: presenterStatusSchema },
  };

  app.get(
    PRESENTER_PATH,
    {
      config: {
        docs: {
          summary: 'Demo tools: whether this browser holds the presenter cookie',
          tag: 'demo',
          caller: 'anyone',
          responses: status,
        },
      },
    },
    (request): PresenterStatus => ({ presenter: deps.presenter.isPresenter(request) }),
  );

  app.post(
    PRESENTER_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit: {
          max: Math.max(3, Math.floor(deps.config.rateLimitPerMinute / 60)),
          timeWindow: '1 minute',
        },
        docs: {
          summary: 'Demo tools: gives the presenter secret; sets the presenter cookie (audited)',
          tag: 'demo',
          caller: 'xsrf',
          description: `The secret printed in the start banner (or PRESENTER_SECRET). Right: an HttpOnly, SameSite=Strict presenter cookie for a week, which the tools that change the demo for everyone (branding, Reset demo, key rotation) ask for. Each try is audited. Needs the ${XSRF_HEADER} header. Gone (404) with \`DEMO_TOOLS=off\`.`,
          body: presenterRequestSchema,
          responses: {
            ...status,
            400: {
              description: 'No `secret`, or one longer than 200 characters.',
              codes: INPUT_REFUSALS[400],
            },
            401: {
              description: 'Not the presenter secret; no cookie is set.',
              codes: ['presenter_secret_wrong'],
            },
            403: {
              description: `The ${XSRF_HEADER} header is missing.`,
              codes: XSRF_REFUSALS[403],
            },
            429: {
              description: 'Too many tries from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply): Promise<PresenterStatus> => {
      const { secret } = parseInput(presenterRequestSchema, request.body);
      const value = await deps.presenter.admit(secret, request.ip);
      reply.setCookie(PRESENTER_COOKIE, value, cookie);
      return { presenter: true };
    },
  );

  app.delete(
    PRESENTER_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        docs: {
          summary: 'Demo tools: forgets the presenter cookie in this browser',
          tag: 'demo',
          caller: 'xsrf',
          responses: {
            204: 'Forgotten.',
            403: {
              description: `The ${XSRF_HEADER} header is missing.`,
              codes: XSRF_REFUSALS[403],
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.clearCookie(PRESENTER_COOKIE, { path: cookie.path });
      return reply.status(204).send();
    },
  );
}
