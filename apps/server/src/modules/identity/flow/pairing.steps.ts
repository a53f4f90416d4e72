import {
  MAX_MFA_DEVICES,
  PAIRING_METHODS,
  messages,
  type FlowResponse,
  type PairingMethod,
} from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent } from '../../audit';
import { insertMfaDevice, listMfaDevicesOf } from '../../directory';
import type { SecurityNotices } from '../../messaging';
import type { FactorPairing, Factors } from '../factors/factors';
import type { FlowEvent, FlowState } from './flow.rules';
import type { StoredFlow } from './flow.store';

/** The pairing steps a browser can ask for (document 1 §3.2 pairing payloads). */
export type PairingStep =
  | { kind: 'selectPairingMethod'; method: PairingMethod }
  | { kind: 'submitPairingTarget'; email?: string; phone?: string }
  | { kind: 'activateDevice'; otp?: string; attestation?: Record<string, unknown> }
  | { kind: 'cancelDevicePairing' };

export interface PairingStepsDeps {
  db: Database;
  factors: Factors;
  notices: SecurityNotices;
}

/**
 * The facts for pairing events (pairing.rules.ts decides): the device limit and the target's
 * uniqueness here, each kind's own part (its target's format, its code, its authenticator's
 * registration) in its factor (identity/factors), and the device row written on success.
 */
export function createPairingSteps(deps: PairingStepsDeps) {
  const { db, factors } = deps;

  function userIdOf(state: FlowState): string {
    if (!state.userId) throw new DomainError('pairing_sign_in_required');
    return state.userId;
  }

  function pairingOf(method: PairingMethod): FactorPairing {
    const pairing = factors.pairingOf(method);
    if (!pairing) throw new DomainError('pairing_method_not_here');
    return pairing;
  }

  async function selectMethod(state: FlowState, method: PairingMethod): Promise<FlowEvent> {
    const devices = await listMfaDevicesOf(db, userIdOf(state));
    if (devices.length >= MAX_MFA_DEVICES) return { type: 'PAIRING_LIMIT_REACHED' };
    // The phone app's factor refuses here: it pairs itself (devices/mobile.service.ts).
    const started = pairingOf(method).start();
    return {
      type: 'PAIRING_METHOD_SELECTED',
      method: method as Exclude<PairingMethod, 'Mobile'>,
      ...started,
    };
  }

  async function submitTarget(
    state: FlowState,
    step: { email?: string; phone?: string },
  ): Promise<FlowEvent> {
    const method = state.status === 'EMAIL_PAIRING_TARGET_REQUIRED' ? 'Email' : 'SMS';
    const parsed = pairingOf(method).target?.parse(step);
    if (!parsed) throw new DomainError('pairing_method_required');
    if ('refused' in parsed) return { type: 'PAIRING_TARGET_REFUSED', message: parsed.refused };
    const { target } = parsed;
    const devices = await listMfaDevicesOf(db, userIdOf(state));
    if (devices.some((device) => device.target?.toLowerCase() === target)) {
      return { type: 'PAIRING_TARGET_REFUSED', message: messages.login.duplicateDevice };
    }
    return { type: 'PAIRING_TARGET_ACCEPTED', target };
  }

  async function addDevice(
    userId: string,
    row: Omit<Parameters<typeof insertMfaDevice>[1], 'userId'>,
    ip: string | null,
  ): Promise<FlowEvent> {
    if ((await listMfaDevicesOf(db, userId)).length >= MAX_MFA_DEVICES)
      return { type: 'PAIRING_LIMIT_REACHED' };
    const change = await db.transaction(async (tx) => {
      const added = await insertMfaDevice(tx, { ...row, userId });
      const event = {
        type: 'device.added',
        userId,
        ip,
        details: { deviceId: added.id, deviceType: added.type, via: 'pairing' },
      } as const;
      await insertAuditEvent(tx, event);
      return event;
    });
    await deps.notices.tell(change);
    return { type: 'DEVICE_ACTIVATED', deviceId: change.details.deviceId };
  }

  async function activate(
    flow: StoredFlow,
    step: { otp?: string; attestation?: Record<string, unknown> },
    ip: string | null,
  ): Promise<FlowEvent> {
    const userId = userIdOf(flow.state);
    const pairing = flow.state.pairing;
    if (!pairing) throw new DomainError('pairing_method_required');
    const result = await pairingOf(pairing.method).activate({ flow, userId, pairing }, step);
    if ('refused' in result) {
      return {
        type: 'ACTIVATION_REFUSED',
        message: result.refused,
        ...(result.fido ? { fido: result.fido } : {}),
      };
    }
    return addDevice(userId, result.device, ip);
  }

  return {
    eventFor(flow: StoredFlow, step: PairingStep, ip: string | null): Promise<FlowEvent> {
      switch (step.kind) {
        case 'selectPairingMethod':
          return selectMethod(flow.state, step.method);
        case 'submitPairingTarget':
          return submitTarget(flow.state, step);
        case 'activateDevice':
          return activate(flow, step, ip);
        case 'cancelDevicePairing':
          return Promise.resolve({ type: 'PAIRING_CANCELLED' });
      }
    },

    async sendCode(flow: StoredFlow, userId: string, channel: 'email' | 'sms', target: string) {
      const targetPart = pairingOf(channel === 'email' ? 'Email' : 'SMS').target;
      if (!targetPart) throw new DomainError('pairing_method_required');
      await targetPart.sendCode(flow, userId, target);
    },

    /** What the pairing statuses show: the methods, the key to scan, the creation options. */
    async responseFields(state: FlowState): Promise<Partial<FlowResponse>> {
      const userId = state.userId;
      if (!userId) return {};
      switch (state.status) {
        case 'DEVICE_PAIRING_METHOD_REQUIRED':
          return { devicePairingMethods: PAIRING_METHODS.map((deviceType) => ({ deviceType })) };
        case 'TOTP_ACTIVATION_REQUIRED':
          return pairingOf('AuthenticatorApp').responseFields(state, userId);
        case 'FIDO2_ACTIVATION_REQUIRED':
          return pairingOf('FIDO2').responseFields(state, userId);
        case 'MFA_COMPLETED': {
          if (!state.pairedDeviceId) return {};
          const device = (await listMfaDevicesOf(db, userId)).find(
            (candidate) => candidate.id === state.pairedDeviceId,
          );
          return device ? { pairedDevice: factors.display(device) } : {};
        }
        default:
          return {};
      }
    },
  };
}

export type PairingSteps = ReturnType<typeof createPairingSteps>;
