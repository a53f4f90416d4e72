import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STEP_UP_PATH, XSRF_HEADER } from '@anybank/contracts';
import type { Config } from '../../../config';
import { signInRateLimit } from '../../../http/rate-limits';
import { parseInput } from '../../../http/validation';
import type { AuthGuards } from '../oauth/access-token';
import { sendApiError } from '../../../http/errors';
import { stepUpStartAnswers } from './flow.docs';
import { flowContextOf, refusalWithFlow } from './flow.request';
import type { FlowService } from './flow.service';
import { STEP_UP_COOKIE } from './step-up.steps';
import { requireXsrfHeader } from '../../../http/xsrf';

const startSchema = z.object({
  /** The browser's risk profile, as the sign-in's identifier step takes it. */
  riskPayload: z.record(z.string(), z.unknown()).optional(),
});

/**
 * `POST /api/authn/step-up`: the signed-in customer confirms it is them before a
 * sensitive change. Answers a flow of the sign-in flow API (its steps go to
 * `/api/authn/flows/{id}`), bound to the token's grant and to this browser by an HttpOnly cookie.
 */
export function registerStepUpRoutes(
  app: FastifyInstance,
  deps: { config: Config; flows: FlowService; auth: AuthGuards },
) {
  const { config, flows, auth } = deps;
  app.post(
    STEP_UP_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit: signInRateLimit(config),
        docs: {
          summary: 'Starts a step-up: the signed-in customer confirms it is them',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            `Needs the customer's access token and the ${XSRF_HEADER} header. Answers a flow at the ` +
            'password (customers who sign in with one) or at their devices; its steps are the sign-in ' +
            'flow API’s. When it ends (status RESUME), sensitive changes are allowed for 5 minutes ' +
            'to this sign-in. Sets an HttpOnly cookie binding the flow to this browser.',
          body: startSchema,
          responses: stepUpStartAnswers,
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(startSchema, request.body ?? {});
      const { browserCookie, body, refusal } = await flows.startStepUp(
        flowContextOf(config, auth, request, reply),
        input,
      );
      reply.setCookie(STEP_UP_COOKIE, browserCookie, {
        path: `${config.basePath}/api/authn/`,
        sameSite: 'strict',
        secure: config.publicUrl.startsWith('https://'),
        httpOnly: true,
        maxAge: 30 * 60,
      });
      reply.header('Cache-Control', 'no-store');
      if (refusal) return sendApiError(request, reply, refusalWithFlow(refusal, body));
      // A flow started: 201 (a step-up starts at the password or at the user's devices).
      return reply.status(201).send(body);
    },
  );
}
