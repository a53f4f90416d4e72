import type { FastifyInstance, FastifyReply } from 'fastify';
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
  VENDOR_STEPS,
  authenticateSchema,
  checkOtpSchema,
  checkUsernamePasswordSchema,
  selectDeviceSchema,
  submitIdentifierSchema,
  type VendorStep,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import { HttpError } from '../../../http/errors';
import { depthCheckedJsonParser } from '../../../http/json-body';
import { signInRateLimit } from '../../../http/rate-limits';
import { parseInput } from '../../../http/validation';
import type { FlowResult, FlowService, FlowStep } from './flow.service';
import { requireXsrfHeader } from './xsrf';

const paramsSchema = z.object({ flowId: z.string().min(8).max(128) });
const actionQuerySchema = z.object({ action: z.enum(FLOW_ACTIONS).optional() });
const deviceProfileSchema = z.object({
  signalsSdkDeviceProfile: z.record(z.string(), z.unknown()).optional(),
});
const VENDOR_TYPE = /^application\/vnd\.([a-z0-9]+)\.([A-Za-z]+)\+json$/;

/** The step a POST asks for: by its vendor content type, or by `?action=`. */
function stepOf(
  productId: string,
  contentType: string,
  action: string | undefined,
  body: unknown,
): FlowStep {
  const vendor = VENDOR_TYPE.exec(contentType);
  if (vendor) {
    const [, product, step] = vendor;
    if (product !== productId || !(VENDOR_STEPS as readonly string[]).includes(step ?? '')) {
      throw new HttpError(415, `Unknown sign-in step content type ${contentType}.`);
    }
    switch (step as VendorStep) {
      case 'submitIdentifier':
        return { kind: 'submitIdentifier', ...parseInput(submitIdentifierSchema, body) };
      case 'checkUsernamePassword':
        return { kind: 'checkUsernamePassword', ...parseInput(checkUsernamePasswordSchema, body) };
      case 'authenticate':
        parseInput(authenticateSchema, body ?? {});
        return { kind: 'authenticate' };
    }
  }
  switch (parseInput(actionQuerySchema, { action }).action) {
    case 'selectDevice': {
      const input = parseInput(selectDeviceSchema, body);
      return {
        kind: 'selectDevice',
        deviceId: input.deviceRef.id,
        deviceProfile: input.signalsSdkDeviceProfile,
      };
    }
    case 'submitDeviceProfile':
      return {
        kind: 'submitDeviceProfile',
        deviceProfile: parseInput(deviceProfileSchema, body ?? {}).signalsSdkDeviceProfile,
      };
    case 'checkOtp':
      return { kind: 'checkOtp', otp: parseInput(checkOtpSchema, body).otp };
    case 'continueAuthentication':
      return { kind: 'continueAuthentication' };
    case 'cancelAuthentication':
      return { kind: 'cancelAuthentication' };
    case 'checkAssertion':
      return {
        kind: 'checkAssertion',
        assertion: parseInput(checkAssertionSchema, body).assertion,
      };
    case 'selectPairingMethod':
      return {
        kind: 'selectPairingMethod',
        method: parseInput(selectPairingMethodSchema, body).devicePairingMethod.deviceType,
      };
    case 'submitPairingTarget':
      return { kind: 'submitPairingTarget', ...parseInput(submitPairingTargetSchema, body) };
    case 'activateDevice': {
      const input = parseInput(activateDeviceSchema, body);
      return { kind: 'activateDevice', otp: input.otp, attestation: input.attestation };
    }
    case 'cancelDevicePairing':
      return { kind: 'cancelDevicePairing' };
    case 'initiateAccountRecovery':
      return { kind: 'initiateAccountRecovery' };
    case 'submitRecoveryUsername':
      return { kind: 'submitRecoveryUsername', ...parseInput(submitRecoveryUsernameSchema, body) };
    case 'recoverAccount':
      return { kind: 'recoverAccount', ...parseInput(recoverAccountSchema, body) };
    case 'resetPassword':
      return { kind: 'resetPassword', ...parseInput(resetPasswordSchema, body) };
    case undefined:
      throw new HttpError(400, 'Say which step this is: a vendor content type or ?action=.');
  }
}

/**
 * `GET|POST /api/authn/flows/{flowId}` (document 1 §7). A thin adapter: the flow service
 * decides; this file parses, checks the anti-forgery header and writes the rememberMe cookie.
 */
export function registerFlowRoutes(
  app: FastifyInstance,
  deps: { config: Config; flows: FlowService },
) {
  const { config, flows } = deps;
  const secure = config.publicUrl.startsWith('https://');

  // The vendor types are JSON: read by the same depth-checked parser as application/json
  // (http/json-body.ts); an empty body is a step without input.
  const parseJson = depthCheckedJsonParser(app);
  app.addContentTypeParser(VENDOR_TYPE, { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else parseJson(request, String(body), done);
  });

  function send(reply: FastifyReply, result: FlowResult) {
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
    reply.header('Cache-Control', 'no-store');
    return reply.status(result.httpStatus).send(result.body);
  }

  const limits = { rateLimit: signInRateLimit(config) };
  const flowAnswers = {
    200: {
      description: 'The flow’s state: what the login modal shows next.',
      schema: flowResponseSchema,
    },
    400: {
      description: 'A step the flow refused, with the state it stays in.',
      schema: flowResponseSchema,
    },
    401: 'The flow is not this browser’s (no interaction cookie naming it).',
    404: 'No such flow, or it expired.',
    409: 'The flow has ended or moved on in another tab.',
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
            ...flowAnswers,
            401: 'No valid customer token; or `step_up_required` (with `methods`): a sign-in older than 5 minutes and no step-up since (docs/api-errors.md).',
            403: 'The header is missing.',
          },
        },
      },
    },
    async (request, reply) => send(reply, await flows.startPairing({ request, reply })),
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
          },
        },
      },
    },
    async (request, reply) => ({
      devices: await flows.listDevices({ request, reply }),
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
      return send(reply, await flows.read({ request, reply }, flowId));
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
            403: 'The anti-forgery header is missing.',
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
      return send(reply, await flows.step({ request, reply }, flowId, step));
    },
  );
}
