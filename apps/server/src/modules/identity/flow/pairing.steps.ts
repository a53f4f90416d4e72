import { randomUUID } from 'node:crypto';
import {
  MAX_MFA_DEVICES,
  OTP_PATTERN,
  PAIRING_METHODS,
  emailSchema,
  messages,
  phoneSchema,
  type FlowResponse,
  type PairingMethod,
} from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import { insertAuditEvent } from '../../audit/audit.store';
import {
  findMfaDeviceByCredentialId,
  findUserById,
  insertMfaDevice,
  listMfaDevicesOf,
  type MfaDeviceRow,
} from '../../directory/directory.store';
import { toE164 } from '../../messaging/messaging.rules';
import type { MessagingService } from '../../messaging/messaging.service';
import type { SecurityNotices } from '../../messaging/security-notice.service';
import type { OtpService } from '../credentials/otp.service';
import type { SecretBox } from '../devices/secret-box';
import { acceptedTotpStep, newTotpSecret, totpKeyUri } from '../devices/totp.rules';
import {
  checkRegistration,
  registrationOptions,
  type WebAuthnRelyingParty,
} from '../devices/webauthn';
import { displayDevice } from './device-display.rules';
import type { FlowEvent, FlowState } from './flow.rules';
import type { StoredFlow } from './flow.store';

/** The pairing steps a browser can ask for (document 1 §3.2 pairing payloads). */
export type PairingStep =
  | { kind: 'selectPairingMethod'; method: PairingMethod }
  | { kind: 'submitPairingTarget'; email?: string; phone?: string }
  | { kind: 'activateDevice'; otp?: string; attestation?: Record<string, unknown> }
  | { kind: 'cancelDevicePairing' };

const PAIRING_PURPOSE = 'pairing';
const FIDO_NAMES: Record<string, { type: MfaDeviceRow['type']; name: string }> = {
  platform: { type: 'PLATFORM', name: 'This device (passkey)' },
  'cross-platform': { type: 'SECURITY_KEY', name: 'Security key' },
};

export interface PairingStepsDeps {
  db: Database;
  otp: OtpService;
  messaging: MessagingService;
  secrets: SecretBox;
  webauthn: WebAuthnRelyingParty;
  notices: SecurityNotices;
}

/**
 * The facts for pairing events (pairing.rules.ts decides): device limit, target format and
 * uniqueness, code or authenticator checks, and the device row written on success.
 */
export function createPairingSteps(deps: PairingStepsDeps) {
  const { db } = deps;

  function userIdOf(state: FlowState): string {
    if (!state.userId) throw new HttpError(409, 'Please sign in first.');
    return state.userId;
  }

  async function selectMethod(state: FlowState, method: PairingMethod): Promise<FlowEvent> {
    const userId = userIdOf(state);
    const devices = await listMfaDevicesOf(db, userId);
    if (devices.length >= MAX_MFA_DEVICES) return { type: 'PAIRING_LIMIT_REACHED' };
    switch (method) {
      case 'Mobile':
        throw new HttpError(
          400,
          'The phone app pairs itself: open it and activate it with your password.',
        );
      case 'AuthenticatorApp':
        return {
          type: 'PAIRING_METHOD_SELECTED',
          method,
          totpSecretSealed: deps.secrets.seal(newTotpSecret()),
        };
      case 'FIDO2':
        return {
          type: 'PAIRING_METHOD_SELECTED',
          method,
          webauthnOptions: { challenge: randomUUID() },
        };
      case 'Email':
      case 'SMS':
        return { type: 'PAIRING_METHOD_SELECTED', method };
    }
  }

  async function submitTarget(
    state: FlowState,
    step: { email?: string; phone?: string },
  ): Promise<FlowEvent> {
    const email = state.status === 'EMAIL_PAIRING_TARGET_REQUIRED';
    const parsed = email
      ? emailSchema.safeParse(step.email ?? '')
      : phoneSchema.safeParse(step.phone ?? '');
    if (!parsed.success) {
      return {
        type: 'PAIRING_TARGET_REFUSED',
        message: email ? messages.validation.emailInvalid : messages.validation.phoneFormat,
      };
    }
    const target = email ? parsed.data.toLowerCase() : toE164(parsed.data);
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
    const { state } = flow;
    const userId = userIdOf(state);
    const pairing = state.pairing;
    if (!pairing) throw new HttpError(409, 'Please choose a device to pair first.');
    if (pairing.method === 'FIDO2') {
      const nonce = String(state.webauthnOptions?.challenge ?? '');
      const check = await checkRegistration(deps.webauthn, step.attestation, nonce);
      if (!check.ok)
        return {
          type: 'ACTIVATION_REFUSED',
          message: messages.login.fidoRegistrationError,
          fido: 'fidoRegistrationError',
        };
      // A credential belongs to one person: registered anywhere already means refused.
      if (await findMfaDeviceByCredentialId(db, check.credential.credentialId))
        return {
          type: 'ACTIVATION_REFUSED',
          message: messages.login.fidoAlreadyRegistered,
          fido: 'fidoAlreadyRegistered',
        };
      const kind = FIDO_NAMES[check.attachment ?? ''] ?? {
        type: 'FIDO2',
        name: 'FIDO2 authenticator',
      };
      return addDevice(
        userId,
        {
          type: kind.type,
          name: kind.name,
          credentialId: check.credential.credentialId,
          publicKey: check.credential.publicKey,
          signCount: check.credential.signCount,
          rpId: deps.webauthn.rpId,
        },
        ip,
      );
    }
    const code = step.otp ?? '';
    if (!OTP_PATTERN.test(code))
      return { type: 'ACTIVATION_REFUSED', message: messages.validation.codeSixDigits };
    if (pairing.method === 'AuthenticatorApp') {
      const secret = deps.secrets.open(pairing.totpSecretSealed ?? '');
      const stepAccepted = acceptedTotpStep(secret, code, Date.now(), null);
      if (stepAccepted === null)
        return {
          type: 'ACTIVATION_REFUSED',
          message: 'That code is not right. Check the time on your phone and try the newest code.',
        };
      return addDevice(
        userId,
        {
          type: 'TOTP',
          name: 'Authenticator app',
          secretEncrypted: pairing.totpSecretSealed,
          lastTotpStep: stepAccepted,
        },
        ip,
      );
    }
    const verdict = await deps.otp.verify({
      purpose: PAIRING_PURPOSE,
      reference: `${flow.id}:${pairing.target}`,
      code,
    });
    if (verdict.result !== 'ok')
      return { type: 'ACTIVATION_REFUSED', message: messages.login.incorrectOtp };
    return addDevice(
      userId,
      {
        type: pairing.method === 'Email' ? 'Email' : 'SMS',
        name: pairing.method === 'Email' ? 'Email' : 'SMS',
        target: pairing.target,
      },
      ip,
    );
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
      const code = await deps.otp.issue({
        userId,
        purpose: PAIRING_PURPOSE,
        reference: `${flow.id}:${target}`,
      });
      const body = `Your AnyBank code to add this ${channel === 'email' ? 'e-mail address' : 'phone'} as a sign-in method is ${code}. It expires in 5 minutes.`;
      await deps.messaging.send(
        channel === 'email'
          ? { channel, to: target, subject: 'Add a sign-in method to AnyBank', body, code }
          : { channel, to: target, body, code },
      );
    },

    /** What the pairing statuses show: the methods, the key to scan, the creation options. */
    async responseFields(state: FlowState): Promise<Partial<FlowResponse>> {
      const userId = state.userId;
      if (!userId) return {};
      switch (state.status) {
        case 'DEVICE_PAIRING_METHOD_REQUIRED':
          return { devicePairingMethods: PAIRING_METHODS.map((deviceType) => ({ deviceType })) };
        case 'TOTP_ACTIVATION_REQUIRED': {
          const secret = deps.secrets.open(state.pairing?.totpSecretSealed ?? '');
          return { pairingKey: secret, keyUri: totpKeyUri(secret, state.username ?? 'AnyBank') };
        }
        case 'FIDO2_ACTIVATION_REQUIRED': {
          const user = await findUserById(db, userId);
          const existing = (await listMfaDevicesOf(db, userId)).flatMap((device) =>
            device.credentialId ? [device.credentialId] : [],
          );
          const options = await registrationOptions(
            deps.webauthn,
            {
              id: userId,
              uid: user?.uid ?? '',
              displayName: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
            },
            existing,
            String(state.webauthnOptions?.challenge ?? ''),
          );
          return { publicKeyCredentialCreationOptions: options };
        }
        case 'MFA_COMPLETED': {
          if (!state.pairedDeviceId) return {};
          const device = (await listMfaDevicesOf(db, userId)).find(
            (candidate) => candidate.id === state.pairedDeviceId,
          );
          return device ? { pairedDevice: displayDevice(device) } : {};
        }
        default:
          return {};
      }
    },
  };
}

export type PairingSteps = ReturnType<typeof createPairingSteps>;
