import { MAX_MFA_DEVICES, messages, type FlowResponse } from '@anybank/contracts';
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
  | { kind: 'selectPairingMethod'; method: string }
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

  function pairingOf(method: string | undefined): FactorPairing {
    const pairing = method === undefined ? null : factors.pairingOf(method);
    if (!pairing) throw new DomainError('pairing_method_not_here');
    return pairing;
  }

  /** The pairing under way: the method chosen at this flow's status. */
  function chosenPairing(state: FlowState): FactorPairing {
    if (!state.pairing) throw new DomainError('pairing_method_required');
    return pairingOf(state.pairing.method);
  }

  async function selectMethod(state: FlowState, method: string): Promise<FlowEvent> {
    const devices = await listMfaDevicesOf(db, userIdOf(state));
    if (devices.length >= MAX_MFA_DEVICES) return { type: 'PAIRING_LIMIT_REACHED' };
    const pairing = pairingOf(method);
    // The phone app's factor is chosen nowhere here: it pairs itself (devices/mobile.service.ts).
    if (!pairing.statuses) throw new DomainError('pairing_method_not_here');
    const next = pairing.statuses.target ?? pairing.statuses.activation;
    return { type: 'PAIRING_METHOD_SELECTED', method, next, ...pairing.start() };
  }

  async function submitTarget(
    state: FlowState,
    step: { email?: string; phone?: string },
  ): Promise<FlowEvent> {
    const pairing = chosenPairing(state);
    const parsed = pairing.target?.parse(step);
    if (!parsed || !pairing.target || !pairing.statuses) {
      throw new DomainError('pairing_method_required');
    }
    if ('refused' in parsed) return { type: 'PAIRING_TARGET_REFUSED', message: parsed.refused };
    const { target } = parsed;
    const devices = await listMfaDevicesOf(db, userIdOf(state));
    if (devices.some((device) => device.target?.toLowerCase() === target)) {
      return { type: 'PAIRING_TARGET_REFUSED', message: messages.login.duplicateDevice };
    }
    return {
      type: 'PAIRING_TARGET_ACCEPTED',
      target,
      activation: pairing.statuses.activation,
      channel: pairing.target.channel,
    };
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

    async sendCode(flow: StoredFlow, userId: string, target: string) {
      const targetPart = chosenPairing(flow.state).target;
      if (!targetPart) throw new DomainError('pairing_method_required');
      await targetPart.sendCode(flow, userId, target);
    },

    /** What the pairing statuses show: the methods, the key to scan, the creation options. */
    async responseFields(state: FlowState): Promise<Partial<FlowResponse>> {
      const userId = state.userId;
      if (!userId) return {};
      switch (state.status) {
        case 'DEVICE_PAIRING_METHOD_REQUIRED':
          return {
            devicePairingMethods: factors
              .pairings()
              .map(({ method, label, listed }) => ({ deviceType: method, label, listed })),
          };
        case 'MFA_COMPLETED': {
          if (!state.pairedDeviceId) return {};
          const device = (await listMfaDevicesOf(db, userId)).find(
            (candidate) => candidate.id === state.pairedDeviceId,
          );
          return device ? { pairedDevice: factors.display(device) } : {};
        }
        default:
          // An activation the method draws itself: the key to scan, the creation options.
          return state.pairing &&
            state.status === pairingOf(state.pairing.method).statuses?.activation
            ? pairingOf(state.pairing.method).responseFields(state, userId)
            : {};
      }
    },
  };
}

export type PairingSteps = ReturnType<typeof createPairingSteps>;
