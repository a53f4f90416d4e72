import { IDENTITY_VERIFIED_ACR } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import type { AuditEvent } from '../../audit';
import type { Factors } from '../factors/factors';
import type { InteractionPort } from '../oauth/interaction.port';
import type { FlowEffect, FlowState } from './flow.rules';
import { factorCall, requireUserId, type FlowCall } from './flow.steps';
import type { StoredFlow } from './flow.store';
import type { IdentityVerificationSteps } from './identity-verification.steps';
import type { PairingSteps } from './pairing.steps';
import type { RecoverySteps } from './recovery.steps';
import { recordFinishedStepUp } from './step-up.steps';

/**
 * The security events a step's effects log: each AUDIT effect, and a finished sign-in. They
 * are written with the step's state (saveFlowState), or on their own when it stays as it was.
 */
/**
 * Steps that only ask (a passkey sign-in offered at the username prompt, a poll of the phone):
 * one that left the status as it was did nothing, and has nothing to trace. Every other step is
 * traced even when the status stays (a refused password is a refused factor, which the metrics
 * count from this trace, audit/audit-metrics.rules.ts).
 */
const ASKING_STEPS: ReadonlySet<string> = new Set(['startPasskeySignIn', 'poll']);

/**
 * The step as a "Behind the scenes" panel shows it (written only while one
 * watches): which call, the machine's event, and the status before and after.
 */
export function stepTraceOf(
  call: FlowCall,
  flow: StoredFlow,
  next: FlowState,
  step: { asked: string; event: string },
): AuditEvent[] {
  if (next.status === flow.state.status && ASKING_STEPS.has(step.asked)) return [];
  return [
    {
      type: 'flow.step',
      userId: next.userId ?? flow.state.userId ?? null,
      ip: call.context.ip,
      details: {
        flowId: flow.id,
        clientId: flow.clientId,
        // A sign-in, a step-up or a pairing: the panel tells them as different journeys.
        purpose: flow.state.purpose,
        step: step.asked,
        event: step.event,
        from: flow.state.status,
        to: next.status,
      },
    },
  ];
}

export function auditEventsOf(
  call: FlowCall,
  flow: StoredFlow,
  next: FlowState,
  effects: FlowEffect[],
): AuditEvent[] {
  const ip = call.context.ip;
  return effects.flatMap((effect): AuditEvent[] => {
    if (effect.type === 'FINISH_LOGIN') {
      return [
        {
          type: 'signin.succeeded',
          userId: next.userId,
          ip,
          details: {
            clientId: flow.clientId,
            amr: next.amr,
            // This browser (the hash of its HttpOnly device cookie): from now on a browser that
            // has signed in to the account, which other addresses' failures never refuse
            // (browser-device/known-browser.ts).
            device: call.context.deviceHash,
            // Which remembered browser stood in for the second factor.
            ...(next.rememberedBrowserId ? { rememberedBrowserId: next.rememberedBrowserId } : {}),
          },
        },
      ];
    }
    if (effect.type !== 'AUDIT') return [];
    return [
      {
        type: effect.event,
        userId: effect.userId ?? next.userId ?? flow.state.userId,
        ip,
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

export interface FlowEffectsDeps {
  db: Database;
  interactions: InteractionPort;
  factors: Factors;
  pairing: PairingSteps;
  recovery: RecoverySteps;
  verification: IdentityVerificationSteps;
  clock: () => Date;
}

/**
 * Carries out a transition's effects once its state is stored: the factor of the selected
 * device sends its code or push; pairing, recovery and identity verification send theirs; the
 * OAuth interaction is finished or aborted (answering the URL that resumes it). Logging is done
 * by then (auditEventsOf).
 */
export function createFlowEffects(deps: FlowEffectsDeps) {
  async function select(
    call: FlowCall,
    flow: StoredFlow,
    next: FlowState,
    deviceId: string,
    pushRequestId: string | null,
  ) {
    const device = await call.devices.selected(requireUserId(next), deviceId);
    const factor = device ? deps.factors.ofType(device.type) : null;
    if (!device || !factor) throw new DomainError('device_cannot_receive_codes');
    await factor.select(factorCall(call, { ...flow, state: next }), device, { pushRequestId });
  }

  return async function runEffects(
    call: FlowCall,
    flow: StoredFlow,
    next: FlowState,
    effects: FlowEffect[],
  ): Promise<string | undefined> {
    const { context } = call;
    let resumeUrl: string | undefined;
    for (const effect of effects) {
      switch (effect.type) {
        case 'SEND_OTP':
          await select(call, flow, next, effect.deviceId, null);
          break;
        case 'SEND_PUSH':
          await select(call, flow, next, effect.deviceId, effect.pushRequestId);
          break;
        case 'SEND_PAIRING_CODE':
          await deps.pairing.sendCode(flow, requireUserId(next), effect.target);
          break;
        case 'SEND_RECOVERY_CODE':
          await deps.recovery.sendRecoveryCode(effect.userId);
          break;
        case 'SEND_VERIFICATION_CODE':
          await deps.verification.sendCode(flow, requireUserId(next));
          break;
        case 'RECORD_STEP_UP':
          await recordFinishedStepUp(deps.db, next, context.ip, deps.clock());
          break;
        case 'MARK_IDENTITY_VERIFIED':
          await deps.verification.markVerified(flow, requireUserId(next), context.ip);
          break;
        case 'FINISH_LOGIN':
          resumeUrl = await deps.interactions.finishLogin(context.interaction, {
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
            context.interaction,
            'The sign-in was cancelled.',
          );
          break;
        case 'AUDIT':
          // Written with the step's state already (auditEventsOf).
          break;
      }
    }
    return resumeUrl;
  };
}
