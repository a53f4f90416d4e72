import { randomUUID } from 'node:crypto';
import { FLOW_TTL_MS, MAX_MFA_DEVICES, type FlowDevice, type UserType } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent } from '../../audit';
import { findUserById, listMfaDevicesOf } from '../../directory';
import type { MessagingService } from '../../messaging';
import type { SecurityNotices } from '../../messaging';
import type { OtpService } from '../credentials/otp.service';
import type { ChallengeService } from '../challenge/challenge.service';
import type { PasswordService } from '../credentials/password.service';
import type { PushService } from '../devices/push.service';
import type { SecretBox } from '../devices/secret-box';
import type { WebAuthnRelyingParty } from '../devices/webauthn';
import type { Factors } from '../factors/factors';
import type { InteractionPort } from '../oauth/interaction.port';
import type { RecentAuthentication } from '../oauth/recent-authentication';
import type { RiskService } from '../risk/risk.service';
import { createFlowLoader } from './flow.binding';
import type { FlowContext } from './flow.context';
import { deviceReader } from './flow.devices';
import { auditEventsOf, createFlowEffects, stepTraceOf } from './flow.effects';
import { showPanelViewer } from './panel-viewer';
import { createFlowResponder, type FlowResult } from './flow.response';
import { parseProfile, riskDenial } from './flow.risk';
import { INITIAL_FLOW_STATE, transition, type FlowState, type Transition } from './flow.rules';
import {
  browserAsking,
  createFlowSteps,
  factorCall,
  type FlowCall,
  type FlowStep,
} from './flow.steps';
import type { RememberedBrowserService } from '../remembered-browsers/remembered-browser.service';
import { createFlow, saveFlowState, type StoredFlow } from './flow.store';
import { createIdentityVerificationSteps } from './identity-verification.steps';
import { createPairingSteps } from './pairing.steps';
import { createPasskeySignInSteps } from './passkey-sign-in.steps';
import { createRecoverySteps } from './recovery.steps';
import type { SessionsService } from '../oauth/sessions.service';
import { stepUpStartState } from './step-up.rules';
import { newStepUpBinding } from './step-up.steps';

export type { FlowResult } from './flow.response';
export type { FlowStep } from './flow.steps';

export interface FlowService {
  /**
   * A signed-in customer confirms it is them before a sensitive change: a
   * step-up flow bound to their token's grant and to this browser (`browserCookie`, to be set
   * HttpOnly by the route).
   */
  startStepUp(
    context: FlowContext,
    input: { riskPayload?: Record<string, unknown> },
  ): Promise<FlowResult & { browserCookie: string }>;
  /** A signed-in customer starts adding a device (profile page): a pairing flow of their own. */
  startPairing(context: FlowContext): Promise<FlowResult>;
  /** The signed-in customer's second factors, as the modal shows them. */
  listDevices(context: FlowContext): Promise<FlowDevice[]>;
  read(context: FlowContext, flowId: string): Promise<FlowResult>;
  step(context: FlowContext, flowId: string, step: FlowStep): Promise<FlowResult>;
}

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
  /** The challenge engine: the recovery and identity-verification codes (ADR 0026). */
  challenges: ChallengeService;
  risk: RiskService;
  push: PushService;
  secrets: SecretBox;
  webauthn: WebAuthnRelyingParty;
  /** The user type a client signs in (partner portals), or null for any. */
  userTypeOfClient: (clientId: string) => UserType | null;
  isSelfServiceClient: (clientId: string) => boolean;
  /** Tells the account's owner of a password or sign-in method change, once it is committed. */
  notices: SecurityNotices;
  /** Adding a device is a sensitive change: a recent sign-in or step-up first. */
  recentAuth: RecentAuthentication;
  /** The sign-in factors (identity/factors), built once (sign-in.module.ts). */
  factors: Factors;
  /** When a step-up is recorded (the guard compares with the same clock). */
  clock?: () => Date;
  /** Browsers that stand in for the second factor (remembered-browsers/). */
  rememberedBrowsers: RememberedBrowserService;
  /** A password reset ends the account's sessions (oauth/sessions.service.ts). */
  sessions?: Pick<SessionsService, 'endAllBut'>;
}

/**
 * The sign-in flow's use cases, as one orchestration: load the flow (flow.binding.ts) → turn
 * the request into an event through the device's factor (flow.steps.ts, identity/factors) →
 * `transition` (the pure machine, flow.rules.ts) → save → run the effects (flow.effects.ts) →
 * answer (flow.response.ts). Nothing slow happens inside a database transaction.
 */
export function createFlowService(deps: FlowServiceDeps): FlowService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const { factors } = deps;
  const pairing = createPairingSteps({ db, factors, notices: deps.notices });
  const recovery = createRecoverySteps(deps);
  const verification = createIdentityVerificationSteps(deps);
  const passkeySignIn = createPasskeySignInSteps(deps);
  /** Another application asked for this sign-in (§2.5); never so for a profile pairing. */
  const selfService = (flow: StoredFlow) =>
    flow.state.purpose === 'sign-in' && deps.isSelfServiceClient(flow.clientId);
  const boundFlow = createFlowLoader(deps);
  const steps = createFlowSteps({
    ...deps,
    factors,
    pairing,
    recovery,
    verification,
    passkeySignIn,
    selfService,
  });
  const runEffects = createFlowEffects({
    ...deps,
    factors,
    pairing,
    recovery,
    verification,
    clock,
  });
  const respond = createFlowResponder({
    factors,
    pairing,
    verification,
    selfService,
    webauthn: deps.webauthn,
  });

  const callOf = (context: FlowContext): FlowCall => ({
    context,
    devices: deviceReader(db, factors),
  });

  const startedFlow = (clientId: string, state: FlowState) =>
    createFlow(db, {
      id: randomUUID(),
      clientId,
      state,
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    });

  return {
    async startStepUp(context, input) {
      const call = callOf(context);
      const principal = await context.principal();
      const user = await findUserById(db, principal.userId);
      if (!user) throw new DomainError('session_ended');
      // The same risk rule as at sign-in, when the page sends the browser's profile.
      const payload = parseProfile(input.riskPayload);
      const denial = payload
        ? await riskDenial(deps.risk, {
            username: user.uid,
            payload,
            ip: context.ip,
            deviceHash: context.deviceHash,
            user,
          })
        : null;
      if (denial) throw new DomainError('step_up_risk_denied', { message: denial });
      const { cookie, binding } = newStepUpBinding(principal);
      const methods = await deps.recentAuth.stepUpMethodsFor(user.id);
      const state = stepUpStartState({
        userId: user.id,
        username: user.uid,
        signsInWithPassword: methods.includes('password'),
        binding,
      });
      const flow = await startedFlow(STEP_UP_CLIENT, state);
      // A device user goes straight to their device (a code is sent, or the choice shown).
      let result: Transition = { state, effects: [] };
      if (state.status === 'AUTHENTICATION_REQUIRED') {
        result = transition(state, {
          type: 'AUTHENTICATE',
          devices: await call.devices.machine(user.id),
          nonce: randomUUID(),
        });
        if (!(await saveFlowState(db, flow, result.state))) {
          throw new DomainError('flow_restart_required');
        }
        showPanelViewer(result.state);
        await runEffects(call, flow, result.state, result.effects);
      }
      return { ...(await respond(call, flow, result)), browserCookie: cookie };
    },

    async startPairing(context) {
      const principal = await context.principal();
      // A new device or passkey is a new way in: a step-up made for it, not a fresh token.
      await deps.recentAuth.requireStepUpForChange(principal);
      const user = await findUserById(db, principal.userId);
      if (!user) throw new DomainError('session_ended');
      const state: FlowState = {
        ...INITIAL_FLOW_STATE,
        status: 'DEVICE_PAIRING_METHOD_REQUIRED',
        purpose: 'pairing',
        userId: user.id,
        username: user.uid,
        hasRiskPayload: true,
      };
      const flow = await startedFlow(PROFILE_PAIRING_CLIENT, state);
      const atLimit = (await listMfaDevicesOf(db, user.id)).length >= MAX_MFA_DEVICES;
      return respond(
        callOf(context),
        flow,
        atLimit ? transition(state, { type: 'PAIRING_LIMIT_REACHED' }) : { state, effects: [] },
      );
    },

    async listDevices(context) {
      const principal = await context.principal();
      // The list on Personal Details also says when each device last signed them in; a held
      // new contact says from when it signs in, the one it replaces until when.
      const now = clock();
      return (await listMfaDevicesOf(db, principal.userId))
        .filter((row) => row.inUseUntil === null || row.inUseUntil > now)
        .map((row) => ({
          ...factors.display(row),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
          ...(row.inUseFrom && row.inUseFrom > now
            ? { inUseFrom: row.inUseFrom.toISOString() }
            : {}),
          ...(row.inUseUntil ? { inUseUntil: row.inUseUntil.toISOString() } : {}),
        }));
    },

    async read(context, flowId) {
      const call = callOf(context);
      const flow = await boundFlow(context, flowId);
      showPanelViewer(flow.state);
      // While the phone is asked, each read looks at its answer (the asked device's factor).
      const asked =
        flow.state.status === 'PUSH_CONFIRMATION_WAITING' && flow.state.userId
          ? await call.devices.selected(flow.state.userId, flow.state.selectedDeviceId)
          : undefined;
      const pushed = asked
        ? await factors.ofType(asked.type)?.verify(factorCall(call, flow), { kind: 'poll' })
        : flow.state.status === 'PUSH_CONFIRMATION_WAITING'
          ? { type: 'PUSH_UNKNOWN' as const }
          : null;
      if (!pushed) return respond(call, flow, { state: flow.state, effects: [] });
      const result = transition(flow.state, pushed);
      const trace = stepTraceOf(call, flow, result.state, { asked: 'poll', event: pushed.type });
      // A concurrent poll may have moved it already: then this one answers what it found.
      if (result.state !== flow.state && !(await saveFlowState(db, flow, result.state, trace))) {
        const current = await boundFlow(context, flowId);
        return respond(call, current, { state: current.state, effects: [] });
      }
      // Only this read moved the flow on: a step-up approved on the phone is recorded now.
      showPanelViewer(result.state);
      await runEffects(call, flow, result.state, result.effects);
      return respond(call, flow, result);
    },

    async step(context, flowId, step) {
      const call = callOf(context);
      const flow = await boundFlow(context, flowId);
      showPanelViewer(flow.state);
      if (flow.state.status === 'RESUME' || flow.state.status === 'FAILED') {
        throw new DomainError('flow_ended');
      }
      const event = await steps.eventFor(call, flow, step);
      const result = transition(flow.state, event);
      const audit = auditEventsOf(call, flow, result.state, result.effects);
      const trace = stepTraceOf(call, flow, result.state, { asked: step.kind, event: event.type });
      if (result.state === flow.state) {
        for (const entry of [...audit, ...trace]) await insertAuditEvent(db, entry);
      } else if (!(await saveFlowState(db, flow, result.state, [...audit, ...trace]))) {
        throw new DomainError('flow_moved_on');
      }
      // Committed by now: a suspected copy of a passkey is told to its owner.
      showPanelViewer(result.state);
      for (const entry of audit) await deps.notices.tell(entry);
      const resumeUrl = await runEffects(call, flow, result.state, result.effects);
      const answer = await respond(call, flow, result, resumeUrl);
      answer.rememberedBrowserCookie = await deps.rememberedBrowsers.afterStep(
        result.state,
        result.effects,
        browserAsking(context),
      );
      if (step.kind === 'checkUsernamePassword' && event.type === 'PASSWORD_ACCEPTED') {
        answer.rememberUsername = step.rememberMyUsername ? step.username : null;
      }
      return answer;
    },
  };
}
