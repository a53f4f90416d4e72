import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FLOW_ACTIONS,
  XSRF_HEADER,
  flowDeviceSchema,
  activateDeviceSchema,
  checkAssertionSchema,
  recoverAccountSchema,
  resetPasswordSchema,
  selectPairingMethodSchema,
  submitPairingTargetSchema,
  submitRecoveryUsernameSchema,
  FLOW_API_PATH,
  REMEMBER_ME_COOKIE,
  REMEMBERED_BROWSER_COOKIE,
  REMEMBERED_BROWSER_TTL_MS,
  continueAuthenticationSchema,
  VENDOR_STEPS,
  checkOtpSchema,
  checkUsernamePasswordSchema,
  selectDeviceSchema,
  submitIdentifierSchema,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import { sendApiError } from '../../../http/errors';
import { depthCheckedJsonParser } from '../../../http/json-body';
import { signInRateLimit } from '../../../http/rate-limits';
import { parseInput } from '../../../http/validation';
import type { AuthGuards } from '../oauth/access-token';
import {
  VENDOR_TYPE,
  actionQuerySchema,
  deviceProfileSchema,
  flowContextOf,
  paramsSchema,
  refusalWithFlow,
  stepOf,
} from './flow.request';
import type { FlowResult, FlowService } from './flow.service';
import { requireXsrfHeader } from '../../../http/xsrf';
import { flowAnswers, flowStepAnswers, pairingStartAnswers } from './flow.docs';
import { USER_TOKEN_REFUSALS } from '../../../http/access-token-refusals';

/**
 * `GET|POST /api/authn/flows/{flowId}` (document 1 §7). A thin adapter: the flow service
 * decides; this file parses, checks the anti-forgery header and writes the rememberMe cookie.
 */
export function registerFlowRoutes(
  app: FastifyInstance,
  deps: { config: Config; flows: FlowService; auth: AuthGuards },
) {
  const { config, flows, auth } = deps;
  const secure = config.publicUrl.startsWith('https://');
  const contextOf = (request: FastifyRequest, reply: FastifyReply) =>
    flowContextOf(config, auth, request, reply);

  // The vendor types are JSON: read by the same depth-checked parser as application/json
  // (http/json-body.ts); an empty body is a step without input.
  const parseJson = depthCheckedJsonParser(app);
  app.addContentTypeParser(VENDOR_TYPE, { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else parseJson(request, String(body), done);
  });

  /**
   * The flow's state (`created`: 201, a flow started), or its refusal in the one error body
   * with the state as `flow` (ADR 0025). The cookies a step sets go with either.
   */
  function send(request: FastifyRequest, reply: FastifyReply, result: FlowResult, created = false) {
    if (result.rememberUsername) {
      reply.setCookie(REMEMBER_ME_COOKIE, result.rememberUsername, {
        path: `${config.basePath}/`,
        sameSite: 'lax',
        secure,
        // Read by the modal to pre-fill the username: deliberately not HttpOnly. It holds
        // nothing but the username the person asked the bank to remember.
        httpOnly: false,
        maxAge: 60 * 60 * 24 * 90,
      });
    } else if (result.rememberUsername === null) {
      reply.clearCookie(REMEMBER_ME_COOKIE, { path: `${config.basePath}/` });
    }
    if (result.rememberedBrowserCookie) {
      // Random tokens whose hashes the server keeps, bound to the customer and
      // this browser's device id; HttpOnly: no script of the page ever reads them.
      reply.setCookie(REMEMBERED_BROWSER_COOKIE, result.rememberedBrowserCookie, {
        path: `${config.basePath}/`,
        sameSite: 'lax',
        secure,
        httpOnly: true,
        maxAge: Math.floor(REMEMBERED_BROWSER_TTL_MS / 1000),
      });
    }
    reply.header('Cache-Control', 'no-store');
    if (result.refusal) {
      return sendApiError(request, reply, refusalWithFlow(result.refusal, result.body));
    }
    return reply.status(created ? 201 : 200).send(result.body);
  }

  const limits = { rateLimit: signInRateLimit(config) };

  app.post(
    FLOW_API_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        ...limits,
        docs: {
          summary: 'Starts adding a sign-in method for the signed-in customer (profile page)',
          tag: 'sign-in',
          caller: 'bearer',
          description: `Needs the customer's access token and the ${XSRF_HEADER} header; answers a pairing flow bound to the token.`,
          responses: pairingStartAnswers,
        },
      },
    },
    async (request, reply) =>
      send(request, reply, await flows.startPairing(contextOf(request, reply)), true),
  );

  app.get(
    '/api/authn/devices',
    {
      config: {
        docs: {
          summary: 'The signed-in customer’s sign-in methods, as the login modal lists them',
          tag: 'sign-in',
          caller: 'bearer',
          responses: {
            200: {
              description: 'The devices.',
              schema: z.object({ devices: z.array(flowDeviceSchema) }),
            },
            401: { description: 'No valid customer token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'The token is not a customer’s.', codes: USER_TOKEN_REFUSALS[403] },
          },
        },
      },
    },
    async (request, reply) => ({
      devices: await flows.listDevices(contextOf(request, reply)),
    }),
  );

  app.get(
    `${FLOW_API_PATH}/:flowId`,
    {
      config: {
        ...limits,
        docs: {
          summary: 'Reads a sign-in flow (and notices a push answered on the phone)',
          tag: 'sign-in',
          caller: 'browser',
          params: { flowId: 'The flow id the authorization request’s interaction gave.' },
          responses: flowAnswers,
        },
      },
    },
    async (request, reply) => {
      const { flowId } = parseInput(paramsSchema, request.params);
      return send(request, reply, await flows.read(contextOf(request, reply), flowId));
    },
  );

  app.post(
    `${FLOW_API_PATH}/:flowId`,
    {
      preHandler: requireXsrfHeader,
      config: {
        ...limits,
        docs: {
          summary: 'Takes one step of a sign-in flow (document 1 §7)',
          tag: 'sign-in',
          caller: 'browser',
          description:
            'The step is named by a vendor content type (`application/vnd.{product}.{step}+json`: ' +
            `${VENDOR_STEPS.join(', ')}) or by \`?action=\` (${FLOW_ACTIONS.join(', ')}). ` +
            'The body is the step’s own; one of the shapes below.',
          query: actionQuerySchema,
          body: z.union([
            submitIdentifierSchema,
            checkUsernamePasswordSchema,
            selectDeviceSchema,
            checkOtpSchema,
            continueAuthenticationSchema,
            checkAssertionSchema,
            selectPairingMethodSchema,
            submitPairingTargetSchema,
            activateDeviceSchema,
            submitRecoveryUsernameSchema,
            recoverAccountSchema,
            resetPasswordSchema,
            deviceProfileSchema,
          ]),
          params: { flowId: 'The flow id the authorization request’s interaction gave.' },
          responses: flowStepAnswers,
        },
      },
    },
    async (request, reply) => {
      const { flowId } = parseInput(paramsSchema, request.params);
      const { action } = request.query as { action?: string };
      const step = stepOf(
        config.productId,
        request.headers['content-type'] ?? '',
        action,
        request.body,
      );
      return send(request, reply, await flows.step(contextOf(request, reply), flowId, step));
    },
  );
}
