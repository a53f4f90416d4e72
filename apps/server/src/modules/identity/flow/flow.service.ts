import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FLOW_TTL_MS,
  IDENTITY_VERIFIED_ACR,
  MAX_MFA_DEVICES,
  OTP_MAX_ATTEMPTS,
  OTP_PATTERN,
  messages,
  riskPayloadSchema,
  type FlowDevice,
  type FlowResponse,
  type RiskPayload,
  type UserType,
} from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import { insertAuditEvent, type AuditEvent } from '../../audit/audit.store';
import type { SecurityNotices } from '../../messaging/security-notice.service';
import {
  findUserById,
  listMfaDevicesOf,
  recordTotpStep,
  updateMfaDeviceCounter,
  type MfaDeviceRow,
  type UserRow,
} from '../../directory/directory.store';
import type { MessagingService } from '../../messaging/messaging.service';
import type { OtpService } from '../credentials/otp.service';
import type { PasswordService } from '../credentials/password.service';
import type { PushService } from '../devices/push.service';
import type { SecretBox } from '../devices/secret-box';
import { acceptedTotpStep } from '../devices/totp.rules';
import type { AuthGuards } from '../oauth/access-token';
import type { InteractionPort } from '../oauth/interaction.port';
import type { RecentAuthentication } from '../oauth/recent-authentication';
import { isUnknownUsernameLimit } from '../risk/risk.rules';
import type { RiskService } from '../risk/risk.service';
import {
  authenticationOptions,
  checkAssertion,
  type WebAuthnRelyingParty,
} from '../devices/webauthn';
import { displayDevice } from './device-display.rules';
import { createIdentityVerificationSteps } from './identity-verification.steps';
import { shouldOfferPairing } from './pairing.rules';
import { createPairingSteps, type PairingStep } from './pairing.steps';
import { createRecoverySteps, type RecoveryStep } from './recovery.steps';
import { stepUpStartState } from './step-up.rules';
import {
  STEP_UP_COOKIE,
  assertStepUpBinding,
  newStepUpBinding,
  recordFinishedStepUp,
} from './step-up.steps';
import {
  INITIAL_FLOW_STATE,
  FIDO_DEVICE_TYPES,
  MESSAGE_OTP_DEVICE_TYPES,
  otpVerdictEvent,
  transition,
  type FlowEffect,
  type FlowEvent,
  type FlowState,
  type MachineDevice,
  type Transition,
} from './flow.rules';
import { occasionalSweep } from './expiry-sweep';
import {
  createFlow,
  deleteExpiredFlows,
  findFlow,
  saveFlowState,
  type StoredFlow,
} from './flow.store';

/** One step the browser asks for, its body already parsed with the contracts' schemas. */
export type FlowStep =
  | { kind: 'submitIdentifier'; identifier: string; riskPayload?: Record<string, unknown> }
  | {
      kind: 'checkUsernamePassword';
      username: string;
      password: string;
      rememberMyUsername?: boolean;
    }
  | { kind: 'authenticate' }
  | { kind: 'selectDevice'; deviceId: string; deviceProfile?: Record<string, unknown> }
  | { kind: 'submitDeviceProfile'; deviceProfile?: Record<string, unknown> }
  | { kind: 'checkOtp'; otp: string }
  | { kind: 'continueAuthentication' }
  | { kind: 'cancelAuthentication' }
  | { kind: 'checkAssertion'; assertion: Record<string, unknown> }
  | PairingStep
  | RecoveryStep;

export interface FlowCall {
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface FlowResult {
  httpStatus: number;
  body: FlowResponse;
  /** A username to remember in the rememberMe cookie; null forgets it; undefined leaves it. */
  rememberUsername?: string | null;
}

export interface FlowService {
  /**
   * A signed-in customer confirms it is them before a sensitive change (issue 12 §2): a
   * step-up flow bound to their token's grant and to this browser (`browserCookie`, to be set
   * HttpOnly by the route).
   */
  startStepUp(
    call: FlowCall,
    input: { riskPayload?: Record<string, unknown> },
  ): Promise<FlowResult & { browserCookie: string }>;
  /** A signed-in customer starts adding a device (profile page): a pairing flow of their own. */
  startPairing(call: FlowCall): Promise<FlowResult>;
  /** The signed-in customer's second factors, as the modal shows them. */
  listDevices(call: FlowCall): Promise<FlowDevice[]>;
  read(call: FlowCall, flowId: string): Promise<FlowResult>;
  step(call: FlowCall, flowId: string, step: FlowStep): Promise<FlowResult>;
}

const OTP_PURPOSE = 'signin';
/** The client id recorded for pairing flows started from the profile page. */
const PROFILE_PAIRING_CLIENT = 'profile';
/** The client id recorded for step-up flows. */
const STEP_UP_CLIENT = 'step-up';

export interface FlowServiceDeps {
  db: Database;
  interactions: InteractionPort;
  messaging: MessagingService;
  passwords: PasswordService;
  otp: OtpService;
  risk: RiskService;
  auth: AuthGuards;
  push: PushService;
  secrets: SecretBox;
  webauthn: WebAuthnRelyingParty;
  /** The user type a client signs in (partner portals), or null for any. */
  userTypeOfClient: (clientId: string) => UserType | null;
  isSelfServiceClient: (clientId: string) => boolean;
  /** Tells the account's owner of a password or sign-in method change, once it is committed. */
  notices: SecurityNotices;
  /** Adding a device is a sensitive change: a recent sign-in or step-up first (issue 12 §2). */
  recentAuth: RecentAuthentication;
  /** When a step-up is recorded (the guard compares with the same clock). */
  clock?: () => Date;
}

/**
 * The sign-in flow's use cases: reads the facts each step needs, asks the pure machine
 * (flow.rules.ts) for the next state, stores it, then carries out the effects — sending a
 * code, resuming the authorization. Nothing slow happens inside a database transaction.
 */
export function createFlowService(deps: FlowServiceDeps): FlowService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const pairing = createPairingSteps(deps);
  const recovery = createRecoverySteps(deps);
  const verification = createIdentityVerificationSteps(deps);

  const sweepExpiredFlows = occasionalSweep(() => deleteExpiredFlows(db));

  /**
   * A user's devices as this request read them: its step, its effects and its answer look at
   * the same rows, read once. Steps that add or change devices forget them (`forgetDevices`).
   */
  const devicesRead = new WeakMap<FlowCall, Map<string, Promise<MfaDeviceRow[]>>>();
  function devicesOf(call: FlowCall, userId: string): Promise<MfaDeviceRow[]> {
    let byUser = devicesRead.get(call);
    if (!byUser) {
      byUser = new Map();
      devicesRead.set(call, byUser);
    }
    let devices = byUser.get(userId);
    if (!devices) {
      devices = listMfaDevicesOf(db, userId);
      byUser.set(userId, devices);
    }
    return devices;
  }
  const forgetDevices = (call: FlowCall) => devicesRead.delete(call);

  /**
   * The devices usable at sign-in: codes by e-mail and SMS (with a target), the authenticator
   * app (with its sealed secret) and the phone app (once activated: it holds a key).
   */
  async function usableDevices(call: FlowCall, userId: string): Promise<MfaDeviceRow[]> {
    const devices = await devicesOf(call, userId);
    return devices.filter((device) => {
      if ((MESSAGE_OTP_DEVICE_TYPES as readonly string[]).includes(device.type))
        return Boolean(device.target);
      if (device.type === 'TOTP') return Boolean(device.secretEncrypted);
      if (device.type === 'iPhone') return Boolean(device.publicKey);
      // A passkey works only on the site it was made for (§4.5: the rpId must be this host).
      if ((FIDO_DEVICE_TYPES as readonly string[]).includes(device.type)) {
        return Boolean(device.credentialId) && device.rpId === deps.webauthn.rpId;
      }
      return false;
    });
  }
  const asMachine = (devices: MfaDeviceRow[]): MachineDevice[] =>
    devices.map((device) => ({ id: device.id, type: device.type as MachineDevice['type'] }));

  /** Another application asked for this sign-in (§2.5); never so for a profile pairing. */
  const selfService = (flow: StoredFlow) =>
    flow.state.purpose === 'sign-in' && deps.isSelfServiceClient(flow.clientId);

  /** The flow this browser may use: its interaction cookie must name this very flow. */
  async function boundFlow(call: FlowCall, flowId: string): Promise<StoredFlow> {
    // Both at once: the flow row says whether a signed-in customer's token binds it (a profile
    // pairing); any other flow is bound by the browser's interaction cookie.
    const [existing, interaction] = await Promise.all([
      findFlow(db, flowId),
      deps.interactions.current(call.request, call.reply),
    ]);
    if (existing?.state.purpose === 'pairing') {
      const pairing = existing;
      // Adding a device from the profile: the signed-in customer's own token binds the flow.
      const principal = await deps.auth.requireCustomer(call.request);
      if (principal.userId !== pairing.state.userId)
        throw new HttpError(403, 'This is not your device pairing.');
      if (pairing.expiresAt.getTime() <= Date.now())
        throw new HttpError(410, messages.login.flowExpired);
      return pairing;
    }
    if (existing?.state.purpose === 'step-up') {
      const principal = await deps.auth.requireCustomer(call.request);
      assertStepUpBinding(existing.state, principal, call.request.cookies[STEP_UP_COOKIE]);
      if (existing.expiresAt.getTime() <= Date.now())
        throw new HttpError(410, messages.login.flowExpired);
      return existing;
    }
    if (!interaction || interaction.uid !== flowId) {
      throw new HttpError(
        403,
        'This sign-in belongs to another browser or has ended. Please sign in again.',
      );
    }
    if (existing) {
      if (existing.expiresAt.getTime() <= Date.now()) {
        throw new HttpError(410, messages.login.flowExpired);
      }
      return existing;
    }
    // The interaction exists and is this browser's: its flow starts now (a GET usually
    // comes first, but a POST straight away is the same browser in the same sign-in).
    await sweepExpiredFlows();
    return createFlow(db, {
      id: flowId,
      clientId: interaction.clientId,
      state: {
        ...INITIAL_FLOW_STATE,
        verifiedIdentityRequired: interaction.acrValues.includes(IDENTITY_VERIFIED_ACR),
      },
      expiresAt: new Date(interaction.expiresAt * 1000),
    });
  }

  async function riskDenial(
    username: string,
    payload: RiskPayload,
    call: FlowCall,
    user?: UserRow,
  ): Promise<string | null> {
    // The modal asked /api/riskEvaluation a moment ago and that call used up the admin's
    // one-shot override; here the engine only looks, so skipping that call gains nothing.
    const evaluation = await deps.risk.evaluate({
      username,
      riskPayload: payload,
      ip: call.request.ip,
      consumeOverride: false,
      ...(user ? { user } : {}),
    });
    if (evaluation.known === false || evaluation.result.level === 'LOW') return null;
    return messages.login.accessDenied(evaluation.result.recommendedAction);
  }

  function parseProfile(profile: Record<string, unknown> | undefined): RiskPayload | null {
    if (profile === undefined) return null;
    const parsed = riskPayloadSchema.safeParse(profile);
    if (!parsed.success)
      throw new HttpError(
        400,
        'The device profile is not readable. Please reload the page and try again.',
      );
    return parsed.data;
  }

  async function eventFor(call: FlowCall, flow: StoredFlow, step: FlowStep): Promise<FlowEvent> {
    const { state } = flow;
    switch (step.kind) {
      case 'submitIdentifier': {
        // The risk rules run before anything depends on whether the username exists: under an
        // address block (or past the unknown-username rate) every username gets one answer.
        const payload = parseProfile(step.riskPayload);
        const evaluation = await deps.risk.evaluate({
          username: step.identifier,
          riskPayload: payload,
          ip: call.request.ip,
          // The modal's /api/riskEvaluation used up the admin's one-shot override already.
          consumeOverride: false,
        });
        if (evaluation.known === 'unsaid') {
          if (isUnknownUsernameLimit(evaluation.result)) {
            throw new HttpError(429, evaluation.result.recommendedAction);
          }
          return {
            type: 'RISK_DENIED',
            message: messages.login.accessDenied(evaluation.result.recommendedAction),
          };
        }
        if (!evaluation.known) return { type: 'IDENTIFIER_UNKNOWN', identifier: step.identifier };
        const { user } = evaluation;
        const portalType = deps.userTypeOfClient(flow.clientId);
        if (portalType && portalType !== user.userType)
          return { type: 'IDENTIFIER_WRONG_USER_TYPE' };
        // Without a browser profile the admin's override waits for the device-profile step.
        if (payload && evaluation.result.level !== 'LOW') {
          return {
            type: 'RISK_DENIED',
            message: messages.login.accessDenied(evaluation.result.recommendedAction),
          };
        }
        return {
          type: 'IDENTIFIER_ACCEPTED',
          userId: user.id,
          username: user.uid,
          passwordRequired:
            user.authnPreference === 'Password' || user.passwordHash === null
              ? user.passwordHash !== null
              : false,
          hasRiskPayload: payload !== null,
          identityVerified: user.identityVerified,
          devices: asMachine(await usableDevices(call, user.id)),
          nonce: randomUUID(),
        };
      }
      case 'checkUsernamePassword': {
        if (step.username !== state.username) {
          throw new HttpError(400, 'The username does not match this sign-in. Please start again.');
        }
        const check = await deps.passwords.checkPassword(step.username, step.password, {
          ip: call.request.ip,
        });
        if (check.ok && check.user.passwordMustChange) return { type: 'PASSWORD_MUST_CHANGE' };
        if (check.ok)
          return {
            type: 'PASSWORD_ACCEPTED',
            devices: asMachine(await usableDevices(call, check.user.id)),
            nonce: randomUUID(),
          };
        return check.reason === 'locked'
          ? { type: 'PASSWORD_LOCKED' }
          : { type: 'PASSWORD_REJECTED' };
      }
      case 'authenticate':
        return {
          type: 'AUTHENTICATE',
          devices: asMachine(await usableDevices(call, requireUserId(state))),
          nonce: randomUUID(),
        };
      case 'submitDeviceProfile':
      case 'selectDevice': {
        const devices = await usableDevices(call, requireUserId(state));
        const chosen =
          step.kind === 'selectDevice'
            ? (devices.find((device) => device.id === step.deviceId) ?? null)
            : null;
        if (step.kind === 'selectDevice' && !chosen) {
          throw new HttpError(
            400,
            'That sign-in method is not one of yours. Please choose from the list.',
          );
        }
        if (state.status === 'DEVICE_PROFILE_REQUIRED') {
          const profile = parseProfile(step.deviceProfile);
          if (!profile)
            throw new HttpError(
              400,
              'This step needs the device profile (signalsSdkDeviceProfile).',
            );
          const denial = await riskDenial(state.username ?? '', profile, call);
          if (denial) return { type: 'RISK_DENIED', message: denial };
          return {
            type: 'DEVICE_PROFILE_ACCEPTED',
            devices: asMachine(devices),
            thenSelect: chosen ? (asMachine([chosen])[0] ?? null) : null,
            nonce: randomUUID(),
          };
        }
        if (!chosen)
          throw new HttpError(
            409,
            `This step is not possible while the sign-in is at ${state.status}.`,
          );
        return {
          type: 'DEVICE_SELECTED',
          device: { id: chosen.id, type: chosen.type as MachineDevice['type'] },
          nonce: randomUUID(),
        };
      }
      case 'checkOtp': {
        if (state.status === 'IDENTITY_VERIFICATION_REQUIRED') {
          return verification.eventFor(flow, state, step.otp, call.request.ip);
        }
        if (state.status === 'OTP_REQUIRED' && state.otpLocked)
          return { type: 'OTP_ATTEMPTS_EXCEEDED' };
        if (state.status !== 'OTP_REQUIRED' || !state.selectedDeviceId)
          return { type: 'OTP_ACCEPTED' };
        if (!OTP_PATTERN.test(step.otp)) {
          throw new HttpError(400, messages.validation.codeSixDigits, [
            { field: 'otp', message: messages.validation.codeSixDigits },
          ]);
        }
        const device = (await usableDevices(call, requireUserId(state))).find(
          (candidate) => candidate.id === state.selectedDeviceId,
        );
        if (device?.type === 'TOTP') return totpEvent(state, device, step.otp);
        const verdict = await deps.otp.verify({
          purpose: OTP_PURPOSE,
          reference: `${flow.id}:${state.selectedDeviceId}`,
          code: step.otp,
          ip: call.request.ip,
        });
        return otpVerdictEvent(verdict, { type: 'OTP_ACCEPTED' });
      }
      case 'continueAuthentication': {
        if (state.status === 'SUCCESSFUL_PASSWORD_RESET') return { type: 'RECOVERY_FINISHED' };
        // One second factor only: offer to add another before going on (§4.4, tab 8). Only
        // then are the devices counted: 'Not now' on that offer goes on without reading them.
        if (
          state.status === 'MFA_COMPLETED' &&
          state.userId &&
          shouldOfferPairing(state, (await devicesOf(call, state.userId)).length)
        ) {
          return { type: 'PAIRING_OFFERED' };
        }
        return { type: 'CONTINUE' };
      }
      case 'cancelAuthentication':
        return { type: 'CANCEL', selfService: selfService(flow) };
      case 'checkAssertion':
        return assertionEvent(call, state, step.assertion);
      case 'resetPassword':
        if (state.status !== 'PASSWORD_RESET_REQUIRED') return { type: 'NEW_PASSWORD_REFUSED' };
        if (!(await recovery.resetPassword(state, step.newPassword, call.request.ip)))
          return { type: 'NEW_PASSWORD_REFUSED' };
        return {
          type: 'NEW_PASSWORD_ACCEPTED',
          devices: asMachine(await usableDevices(call, requireUserId(state))),
          nonce: randomUUID(),
        };
      case 'initiateAccountRecovery':
      case 'submitRecoveryUsername':
      case 'recoverAccount': {
        const event = await recovery.eventFor(state, step, call.request.ip);
        forgetDevices(call);
        return event;
      }
      case 'selectPairingMethod':
      case 'submitPairingTarget':
      case 'activateDevice':
      case 'cancelDevicePairing': {
        // Pairing adds a device: the answer must list it.
        const event = await pairing.eventFor(flow, step, call.request.ip);
        forgetDevices(call);
        return event;
      }
    }
    throw new HttpError(400, 'Unknown sign-in step.');
  }

  /** The authenticator app's code: right within ±1 step, newer than the last one used. */
  async function totpEvent(
    state: FlowState,
    device: MfaDeviceRow,
    code: string,
  ): Promise<FlowEvent> {
    const secret = deps.secrets.open(device.secretEncrypted ?? '');
    const step = acceptedTotpStep(secret, code, Date.now(), device.lastTotpStep);
    if (step !== null && (await recordTotpStep(db, device.id, step)))
      return { type: 'OTP_ACCEPTED' };
    if (state.codeFailures + 1 >= OTP_MAX_ATTEMPTS) return { type: 'OTP_ATTEMPTS_EXCEEDED' };
    return { type: 'OTP_REJECTED', attemptsLeft: OTP_MAX_ATTEMPTS - state.codeFailures - 1 };
  }

  /** A FIDO2 assertion for the selected authenticator, against the flow's challenge. */
  async function assertionEvent(
    call: FlowCall,
    state: FlowState,
    assertion: Record<string, unknown>,
  ): Promise<FlowEvent> {
    if (state.status !== 'ASSERTION_REQUIRED') return { type: 'ASSERTION_REFUSED' };
    const device = (await usableDevices(call, requireUserId(state))).find(
      (candidate) => candidate.id === state.selectedDeviceId,
    );
    if (!device?.credentialId || !device.publicKey) return { type: 'ASSERTION_REFUSED' };
    const check = await checkAssertion(
      deps.webauthn,
      assertion,
      String(state.webauthnOptions?.challenge ?? ''),
      {
        credentialId: device.credentialId,
        publicKey: device.publicKey,
        signCount: device.signCount,
      },
    );
    if (!check.ok) {
      return check.reason === 'counter'
        ? { type: 'ASSERTION_CLONED', deviceId: device.id, deviceType: device.type }
        : { type: 'ASSERTION_REFUSED' };
    }
    await updateMfaDeviceCounter(db, device.id, check.newCounter);
    return { type: 'ASSERTION_ACCEPTED' };
  }

  /** While the phone is asked, each read looks at the push request's answer. */
  async function pushEvent(state: FlowState): Promise<FlowEvent | null> {
    if (state.status !== 'PUSH_CONFIRMATION_WAITING') return null;
    const status = state.pushRequestId ? await deps.push.statusOf(state.pushRequestId) : null;
    switch (status) {
      case 'pending':
        return null;
      case 'approved':
        return { type: 'PUSH_APPROVED' };
      case 'denied':
        return { type: 'PUSH_DENIED' };
      case 'expired':
        return { type: 'PUSH_EXPIRED' };
      case null:
        return { type: 'PUSH_UNKNOWN' };
    }
  }

  async function sendPush(
    call: FlowCall,
    userId: string,
    deviceId: string,
    pushRequestId: string,
    stepUp: boolean,
  ) {
    const agent = String(call.request.headers['user-agent'] ?? 'an unknown browser').slice(0, 120);
    await deps.push.send({
      id: pushRequestId,
      userId,
      deviceId,
      kind: 'signin',
      context: {
        // A step-up is not a sign-in: the phone says what it approves.
        title: stepUp ? 'Confirm a change to your AnyBank account?' : 'Sign in to AnyBank?',
        details: { From: agent, 'IP address': call.request.ip, Time: new Date().toUTCString() },
      },
    });
  }

  async function sendCode(call: FlowCall, flow: StoredFlow, userId: string, deviceId: string) {
    const device = (await usableDevices(call, userId)).find(
      (candidate) => candidate.id === deviceId,
    );
    if (!device?.target) throw new HttpError(400, 'That sign-in method cannot receive codes.');
    const code = await deps.otp.issue({
      userId,
      purpose: OTP_PURPOSE,
      reference: `${flow.id}:${device.id}`,
    });
    const text = `Your AnyBank sign-in code is ${code}. It expires in 5 minutes. AnyBank will never ask you for this code.`;
    await deps.messaging.send(
      device.type === 'Email'
        ? {
            channel: 'email',
            to: device.target,
            subject: 'Your AnyBank sign-in code',
            body: text,
            code,
          }
        : { channel: 'sms', to: device.target, body: text, code },
    );
  }

  /**
   * The security events a step's effects log: each AUDIT effect, and a finished sign-in. They
   * are written with the step's state (saveFlowState), or on their own when it stays as it was.
   */
  function auditEventsOf(
    call: FlowCall,
    flow: StoredFlow,
    next: FlowState,
    effects: FlowEffect[],
  ): AuditEvent[] {
    return effects.flatMap((effect): AuditEvent[] => {
      if (effect.type === 'FINISH_LOGIN') {
        return [
          {
            type: 'signin.succeeded',
            userId: next.userId,
            ip: call.request.ip,
            details: { clientId: flow.clientId, amr: next.amr },
          },
        ];
      }
      if (effect.type !== 'AUDIT') return [];
      return [
        {
          type: effect.event,
          userId: next.userId ?? flow.state.userId,
          ip: call.request.ip,
          details: {
            flowId: flow.id,
            uid: effect.uid ?? next.username ?? flow.state.username,
            ...(effect.deviceId ? { deviceId: effect.deviceId } : {}),
            ...(effect.deviceType ? { deviceType: effect.deviceType } : {}),
          },
        },
      ];
    });
  }

  /** Carries out the effects other than logging (auditEventsOf): that is done by then. */
  async function runEffects(
    call: FlowCall,
    flow: StoredFlow,
    next: FlowState,
    effects: FlowEffect[],
  ) {
    let resumeUrl: string | undefined;
    for (const effect of effects) {
      switch (effect.type) {
        case 'SEND_OTP':
          await sendCode(call, flow, requireUserId(next), effect.deviceId);
          break;
        case 'SEND_PAIRING_CODE':
          await pairing.sendCode(flow, requireUserId(next), effect.channel, effect.target);
          break;
        case 'SEND_RECOVERY_CODE':
          await recovery.sendRecoveryCode(effect.userId);
          break;
        case 'SEND_VERIFICATION_CODE':
          await verification.sendCode(flow, requireUserId(next));
          break;
        case 'RECORD_STEP_UP':
          await recordFinishedStepUp(db, next, call.request.ip, clock());
          break;
        case 'MARK_IDENTITY_VERIFIED':
          await verification.markVerified(flow, requireUserId(next), call.request.ip);
          break;
        case 'SEND_PUSH':
          await sendPush(
            call,
            requireUserId(next),
            effect.deviceId,
            effect.pushRequestId,
            next.purpose === 'step-up',
          );
          break;
        case 'FINISH_LOGIN':
          resumeUrl = await deps.interactions.finishLogin(call.request, call.reply, {
            accountId: requireUserId(next),
            amr: next.amr,
            // Said only when this very sign-in asked for it and the identity is verified.
            ...(next.verifiedIdentityRequired && next.identityVerified
              ? { acr: IDENTITY_VERIFIED_ACR }
              : {}),
          });
          break;
        case 'ABORT_LOGIN':
          resumeUrl = await deps.interactions.abort(
            call.request,
            call.reply,
            'The sign-in was cancelled.',
          );
          break;
        case 'AUDIT':
          // Written with the step's state already (auditEventsOf).
          break;
      }
    }
    return resumeUrl;
  }

  async function respond(
    call: FlowCall,
    flow: StoredFlow,
    result: Transition,
    resumeUrl?: string,
  ): Promise<FlowResult> {
    const { state, error } = result;
    const body: FlowResponse = {
      id: flow.id,
      status: error?.responseStatus ?? state.status,
      selfService: selfService(flow),
    };
    if (state.username) body.username = state.username;
    if (resumeUrl) body.resumeUrl = resumeUrl;
    if (
      state.userId &&
      [
        'DEVICE_SELECTION_REQUIRED',
        'DEVICE_PROFILE_REQUIRED',
        'OTP_REQUIRED',
        'PUSH_CONFIRMATION_WAITING',
        'ASSERTION_REQUIRED',
      ].includes(state.status)
    ) {
      const rows = await usableDevices(call, state.userId);
      const devices = rows.map(displayDevice);
      if (state.status === 'ASSERTION_REQUIRED') {
        const credential = rows.find((row) => row.id === state.selectedDeviceId)?.credentialId;
        body.publicKeyCredentialRequestOptions = await authenticationOptions(
          deps.webauthn,
          credential ? [credential] : [],
          String(state.webauthnOptions?.challenge ?? ''),
        );
      }
      if (
        ['OTP_REQUIRED', 'PUSH_CONFIRMATION_WAITING', 'ASSERTION_REQUIRED'].includes(state.status)
      ) {
        const selected = devices.find((device) => device.id === state.selectedDeviceId);
        if (selected) body.selectedDevice = selected;
      } else {
        body.devices = devices;
      }
    }
    Object.assign(body, await pairing.responseFields(state));
    if (state.status === 'IDENTITY_VERIFICATION_REQUIRED' && state.userId) {
      body.verificationTarget = await verification.targetOf(state.userId);
    }
    if (error) {
      const userMessage = messages.login[error.userMessage];
      Object.assign(body, {
        code: error.code,
        message: error.message,
        userMessage,
        details: [{ code: error.detailCode ?? error.code, message: error.message, userMessage }],
        ...(error.adapter ? { adapter: error.adapter } : {}),
      });
    }
    return { httpStatus: error?.httpStatus ?? 200, body };
  }

  return {
    async startStepUp(call, input) {
      const principal = await deps.auth.requireCustomer(call.request);
      const user = await findUserById(db, principal.userId);
      if (!user) throw new HttpError(401, 'Your session has ended. Please sign in again.');
      // The same risk rule as at sign-in, when the page sends the browser's profile.
      const payload = parseProfile(input.riskPayload);
      const denial = payload ? await riskDenial(user.uid, payload, call, user) : null;
      if (denial) throw new HttpError(403, denial);
      const { cookie, binding } = newStepUpBinding(principal);
      const methods = await deps.recentAuth.stepUpMethodsFor(user.id);
      const state = stepUpStartState({
        userId: user.id,
        username: user.uid,
        signsInWithPassword: methods.includes('password'),
        binding,
      });
      const flow = await createFlow(db, {
        id: randomUUID(),
        clientId: STEP_UP_CLIENT,
        state,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      });
      // A device user goes straight to their device (a code is sent, or the choice shown).
      let result: Transition = { state, effects: [] };
      if (state.status === 'AUTHENTICATION_REQUIRED') {
        result = transition(state, {
          type: 'AUTHENTICATE',
          devices: asMachine(await usableDevices(call, user.id)),
          nonce: randomUUID(),
        });
        if (!(await saveFlowState(db, flow, result.state))) {
          throw new HttpError(409, 'Please start again.');
        }
        await runEffects(call, flow, result.state, result.effects);
      }
      const answer = await respond(call, flow, result);
      return { ...answer, httpStatus: 201, browserCookie: cookie };
    },

    async startPairing(call) {
      const principal = await deps.auth.requireCustomer(call.request);
      await deps.recentAuth.requireRecentAuthentication(principal);
      const user = await findUserById(db, principal.userId);
      if (!user) throw new HttpError(401, 'Your session has ended. Please sign in again.');
      const state: FlowState = {
        ...INITIAL_FLOW_STATE,
        status: 'DEVICE_PAIRING_METHOD_REQUIRED',
        purpose: 'pairing',
        userId: user.id,
        username: user.uid,
        hasRiskPayload: true,
      };
      const flow = await createFlow(db, {
        id: randomUUID(),
        clientId: PROFILE_PAIRING_CLIENT,
        state,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      });
      const atLimit = (await listMfaDevicesOf(db, user.id)).length >= MAX_MFA_DEVICES;
      const answer = await respond(
        call,
        flow,
        atLimit ? transition(state, { type: 'PAIRING_LIMIT_REACHED' }) : { state, effects: [] },
      );
      return { ...answer, httpStatus: 201 };
    },

    async listDevices(call) {
      const principal = await deps.auth.requireCustomer(call.request);
      return (await listMfaDevicesOf(db, principal.userId)).map(displayDevice);
    },

    async read(call, flowId) {
      const flow = await boundFlow(call, flowId);
      const pushed = await pushEvent(flow.state);
      if (!pushed) return respond(call, flow, { state: flow.state, effects: [] });
      const result = transition(flow.state, pushed);
      // A concurrent poll may have moved it already: then this one answers what it found.
      if (result.state !== flow.state && !(await saveFlowState(db, flow, result.state))) {
        const current = await boundFlow(call, flowId);
        return respond(call, current, { state: current.state, effects: [] });
      }
      // Only this read moved the flow on: a step-up approved on the phone is recorded now.
      await runEffects(call, flow, result.state, result.effects);
      return respond(call, flow, result);
    },

    async step(call, flowId, step) {
      const flow = await boundFlow(call, flowId);
      if (flow.state.status === 'RESUME' || flow.state.status === 'FAILED') {
        throw new HttpError(409, 'This sign-in has ended. Please sign in again.');
      }
      const event = await eventFor(call, flow, step);
      const result = transition(flow.state, event);
      const audit = auditEventsOf(call, flow, result.state, result.effects);
      if (result.state === flow.state) {
        for (const entry of audit) await insertAuditEvent(db, entry);
      } else if (!(await saveFlowState(db, flow, result.state, audit))) {
        throw new HttpError(
          409,
          'This sign-in moved on in another tab. Please continue there or start again.',
        );
      }
      // Committed by now: a suspected copy of a passkey is told to its owner.
      for (const entry of audit) await deps.notices.tell(entry);
      const resumeUrl = await runEffects(call, flow, result.state, result.effects);
      const answer = await respond(call, flow, result, resumeUrl);
      if (step.kind === 'checkUsernamePassword' && event.type === 'PASSWORD_ACCEPTED') {
        answer.rememberUsername = step.rememberMyUsername ? step.username : null;
      }
      return answer;
    },
  };
}

function requireUserId(state: FlowState): string {
  if (!state.userId) throw new HttpError(409, 'Please enter your username first.');
  return state.userId;
}

export { findUserById };
