import type { FastifyInstance } from 'fastify';
// Brings in the plugin's typing of the route option `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import {
  DEMO_RESET_PATH,
  XSRF_HEADER,
  demoResetRequestSchema,
  demoResetResponseSchema,
  type DemoResetResponse,
} from '@anybank/contracts';
import { parseInput, INPUT_REFUSALS } from '../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../http/xsrf';
import type { PresenterGuard } from '../modules/identity';
import type { SeedResult } from './seed';
import { RATE_LIMIT_REFUSALS } from '../http/rate-limits';

/**
 * `POST /api/dev/demo-reset` — the scenario page's "Reset demo": the seed's reset
 * (`npm run seed -- --reset`) from the browser. Registered only while DEMO_TOOLS=on, and for
 * the presenter only: it resets everyone's demo, so it needs the presenter cookie (README
 * "Demo tools"); the anti-forgery header keeps a cross-site
 * form from firing it, the explicit `confirm` keeps a stray request from it, and the rate limit
 * keeps one address from resetting (and signing everyone out) over and over.
 */
export function registerDemoResetRoutes(
  app: FastifyInstance,
  deps: {
    presenter: PresenterGuard;
    /** The seed's reset, audited as `seed.reset` with the caller's address. */
    resetDemoData: (ip: string) => Promise<SeedResult>;
    rateLimit: { max: number; timeWindow: string };
  },
) {
  app.post(
    DEMO_RESET_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit: deps.rateLimit,
        docs: {
          summary: 'Restores the seeded demo data and signs everyone out (a demo tool, audited)',
          tag: 'demo',
          caller: 'xsrf',
          description: `What \`npm run seed -- --reset\` does: every demo user, account, device and consent as seeded, the outbox and audit log emptied, every sign-in ended. Needs the presenter cookie (\`POST /api/dev/presenter\`), the ${XSRF_HEADER} header and \`{"confirm": true}\`. Gone (404) with \`DEMO_TOOLS=off\`.`,
          body: demoResetRequestSchema,
          responses: {
            200: { description: 'The demo users seeded afresh.', schema: demoResetResponseSchema },
            400: { description: 'No `confirm: true`.', codes: INPUT_REFUSALS[400] },
            403: {
              description: `The ${XSRF_HEADER} header is missing, or (\`presenter_required\`) this browser holds no presenter cookie. Nothing changed.`,
              codes: [...XSRF_REFUSALS[403], 'presenter_required'],
            },
            429: {
              description: 'Too many resets from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request): Promise<DemoResetResponse> => {
      deps.presenter.requirePresenter(request);
      parseInput(demoResetRequestSchema, request.body);
      const { created } = await deps.resetDemoData(request.ip);
      return { users: created };
    },
  );
}
