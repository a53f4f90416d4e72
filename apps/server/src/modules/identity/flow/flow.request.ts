import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FLOW_ACTIONS,
  activateDeviceSchema,
  checkAssertionSchema,
  passkeySignInSchema,
  recoverAccountSchema,
  resetPasswordSchema,
  selectPairingMethodSchema,
  submitPairingTargetSchema,
  submitRecoveryUsernameSchema,
  VENDOR_STEPS,
  authenticateSchema,
  checkOtpSchema,
  checkUsernamePasswordSchema,
  selectDeviceSchema,
  submitIdentifierSchema,
  checkRecoveryCodeSchema,
  apiErrorMessage,
  REMEMBERED_BROWSER_COOKIE,
  continueAuthenticationSchema,
  type VendorStep,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import { DomainError } from '../../../domain-error';
import { parseInput } from '../../../http/validation';
import type { AuthGuards } from '../oauth/access-token';
import { interactionHandle } from '../oauth/interaction.port';
import type { FlowContext } from './flow.context';
import type { FlowResult, FlowStep } from './flow.service';
import { STEP_UP_COOKIE } from './step-up.steps';
import { browserDeviceHash } from '../browser-device/browser-device';

/**
 * What a request to the flow API says, read by the routes (flow.routes.ts, step-up.routes.ts):
 * its step (by vendor content type or `?action=`), its context for the use cases, and its
 * answer's status. The HTTP side of the flow; the use cases never see it.
 */

export const paramsSchema = z.object({ flowId: z.string().min(8).max(128) });
export const actionQuerySchema = z.object({ action: z.enum(FLOW_ACTIONS).optional() });
export const deviceProfileSchema = z.object({
  signalsSdkDeviceProfile: z.record(z.string(), z.unknown()).optional(),
});
export const VENDOR_TYPE = /^application\/vnd\.([a-z0-9]+)\.([A-Za-z]+)\+json$/;

/** The step a POST asks for: by its vendor content type, or by `?action=`. */
export function stepOf(
  productId: string,
  contentType: string,
  action: string | undefined,
  body: unknown,
): FlowStep {
  const vendor = VENDOR_TYPE.exec(contentType);
  if (vendor) {
    const [, product, step] = vendor;
    if (product !== productId || !(VENDOR_STEPS as readonly string[]).includes(step ?? '')) {
      throw new DomainError('flow_step_content_type_unknown', {
        message: apiErrorMessage('flow_step_content_type_unknown', contentType),
      });
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
      return {
        kind: 'continueAuthentication',
        rememberBrowser:
          parseInput(continueAuthenticationSchema, body ?? {}).rememberBrowser === true,
      };
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
    // The username field's passkey suggestion (options, then the answer).
    case 'startPasskeySignIn':
      return { kind: 'startPasskeySignIn' };
    case 'signInWithPasskey': {
      const input = parseInput(passkeySignInSchema, body);
      return {
        kind: 'signInWithPasskey',
        assertion: input.assertion,
        riskPayload: input.riskPayload,
      };
    }
    case 'useRecoveryCode':
      return { kind: 'useRecoveryCode' };
    case 'checkRecoveryCode':
      return {
        kind: 'checkRecoveryCode',
        code: parseInput(checkRecoveryCodeSchema, body).recoveryCode,
      };
    case undefined:
      throw new DomainError('flow_step_unnamed');
  }
}

/**
 * What the flow's use cases know of a request (flow.context.ts): no Fastify past this point.
 * The principal is asked only by the flows a token binds (a profile pairing, a step-up).
 */
export function flowContextOf(
  config: Pick<Config, 'basePath' | 'publicUrl'>,
  auth: AuthGuards,
  request: FastifyRequest,
  reply: FastifyReply,
): FlowContext {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    interaction: interactionHandle(request, reply),
    principal: () => auth.requireCustomer(request),
    stepUpCookie: request.cookies[STEP_UP_COOKIE],
    rememberedBrowserCookie: request.cookies[REMEMBERED_BROWSER_COOKIE],
    // The whole site's cookie (every page signs in), Secure behind https.
    deviceHash: browserDeviceHash(request, reply, {
      path: `${config.basePath}/`,
      secure: config.publicUrl.startsWith('https://'),
    }),
  };
}

/**
 * A refused step as the one error body answers it (ADR 0025): the refusal's code and message,
 * and the flow's state after it (`flow`), from which the login modal shows the step again.
 */
export function refusalWithFlow(refusal: DomainError, flow: FlowResult['body']): DomainError {
  return new DomainError(refusal.code, {
    message: refusal.message,
    extra: { ...refusal.extra, flow },
  });
}
