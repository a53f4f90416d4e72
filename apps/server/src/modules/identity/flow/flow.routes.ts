import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FLOW_ACTIONS,
  XSRF_HEADER,
  flowDeviceSchema,
  flowResponseSchema,
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
import { depthCheckedJsonParser } from '../../../http/json-body';
import { signInRateLimit } from '../../../http/rate-limits';
import { parseInput } from '../../../http/validation';
import type { AuthGuards } from '../oauth/access-token';
import {
  VENDOR_TYPE,
  actionQuerySchema,
  deviceProfileSchema,
  flowAnswerStatus,
  flowContextOf,
  paramsSchema,
  stepOf,
} from './flow.request';
import type { FlowResult, FlowService } from './flow.service';
import { requireXsrfHeader } from '../../../http/xsrf';

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

  /** `created`: a flow started, 201 even when it starts at a refusal (the device limit). */
  function send(reply: FastifyReply, result: FlowResult, created = false) {
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
      // Issue 14 §3: random tokens whose hashes the server keeps, bound to the customer and
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
    return reply.status(created ? 201 : flowAnswerStatus(result)).send(result.body);
  }

  const limits = { rateLimit: signInRateLimit(config) };
  // Every status these routes answer (a test fails on an undeclared one): the flow's own
  // refusals carry a flow response (their status: `flowErrorStatus`, http/error-status.ts);
  // the others the one error body.
  const refused = (description: string) => ({ description, schema: flowResponseSchema });
  const flowAnswers = {
    200: {
      description: 'The flow’s state: what the login modal shows next.',
      schema: flowResponseSchema,
    },
    400: refused(
      'A step the flow refused (a wrong code, an unknown username, a refused target…), with the state it stays in; or input that is not the step’s (`invalid_input`, `otp_format`, `device_not_yours`…).',
    ),
    401: 'A wrong password (`VALIDATION_ERROR`, detail `INVALID_CREDENTIALS`, in a flow response); or, for a profile pairing or a step-up, no valid customer token.',
    403: 'The flow is not this browser’s (`flow_not_yours`: no interaction cookie naming it), not this customer’s pairing or step-up; or the risk rules or the portal refuse the user (`RISK_DENIED`, `WRONG_USER_TYPE`, in a flow response).',
    409: 'The flow has ended (`flow_ended`), moved on in another tab (`flow_moved_on`), or is not at a status that takes this step (`INVALID_REQUEST`, in a flow response).',
    410: 'The flow is past its 30 minutes (`flow_expired`).',
    423: 'The username is locked after too many wrong passwords (`ACCOUNT_LOCKED`, in a flow response).',
    429: 'Too many sign-in calls from this address.',
  };

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
          responses: {
            201: {
              description:
                'The pairing flow, at its methods; at the 5-device limit it carries `MAXIMUM_ALLOWED_METHODS_LIMIT`.',
              schema: flowResponseSchema,
            },
            401: 'No valid customer token; or `step_up_required` (with `methods`): a sign-in older than 5 minutes and no step-up since (docs/api-errors.md).',
            403: 'The anti-forgery header is missing, or the token is not a customer’s.',
            415: 'A body that is not JSON.',
            429: 'Too many sign-in calls from this address.',
          },
        },
      },
    },
    async (request, reply) =>
      send(reply, await flows.startPairing(contextOf(request, reply)), true),
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
            401: 'No valid customer token.',
            403: 'The token is not a customer’s.',
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
      return send(reply, await flows.read(contextOf(request, reply), flowId));
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
          responses: {
            ...flowAnswers,
            403: `${flowAnswers[403]} Or the ${XSRF_HEADER} header is missing.`,
            413: 'The body is too large.',
            415: 'An unknown step content type.',
            429: 'Too many sign-in calls from this address, or (identifier step) too many unknown usernames named from it in the last minute: the same answer for every username.',
          },
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
      return send(reply, await flows.step(contextOf(request, reply), flowId, step));
    },
  );
}
