import {
  PAIRING_STATUSES,
  messages,
  type FlowStatus,
  type PairingMethod,
} from '@anybank/contracts';
import { finish, stay, type FlowState, type Transition } from './flow.state';

/**
 * Pairing another device after a sign-in (document 1 §4.4, tabs 8–12 and 15): choose a
 * method, give the e-mail or phone (checked for uniqueness), enter the code sent there — or
 * scan the authenticator app's key, or register a FIDO2 authenticator.
 */
export type PairingEvent =
  | { type: 'PAIRING_OFFERED' }
  | { type: 'PAIRING_LIMIT_REACHED' }
  | {
      type: 'PAIRING_METHOD_SELECTED';
      method: Exclude<PairingMethod, 'Mobile'>;
      /** For the authenticator app: its new secret, sealed; for FIDO2: the creation options. */
      totpSecretSealed?: string;
      webauthnOptions?: Record<string, unknown>;
    }
  | { type: 'PAIRING_TARGET_ACCEPTED'; target: string }
  | { type: 'PAIRING_TARGET_REFUSED'; message: string }
  | { type: 'DEVICE_ACTIVATED'; deviceId: string }
  | {
      type: 'ACTIVATION_REFUSED';
      message: string;
      fido?: 'fidoAlreadyRegistered' | 'fidoRegistrationError';
    }
  | { type: 'PAIRING_CANCELLED' };

const ACTIVATION_STATUSES: readonly FlowStatus[] = [
  'EMAIL_ACTIVATION_REQUIRED',
  'SMS_ACTIVATION_REQUIRED',
  'TOTP_ACTIVATION_REQUIRED',
  'FIDO2_ACTIVATION_REQUIRED',
];

export const PAIRING_ACCEPTS: Record<PairingEvent['type'], readonly FlowStatus[]> = {
  PAIRING_OFFERED: ['MFA_COMPLETED'],
  PAIRING_LIMIT_REACHED: ['DEVICE_PAIRING_METHOD_REQUIRED'],
  PAIRING_METHOD_SELECTED: ['DEVICE_PAIRING_METHOD_REQUIRED'],
  PAIRING_TARGET_ACCEPTED: ['EMAIL_PAIRING_TARGET_REQUIRED', 'SMS_PAIRING_TARGET_REQUIRED'],
  PAIRING_TARGET_REFUSED: ['EMAIL_PAIRING_TARGET_REQUIRED', 'SMS_PAIRING_TARGET_REQUIRED'],
  DEVICE_ACTIVATED: ACTIVATION_STATUSES,
  ACTIVATION_REFUSED: ACTIVATION_STATUSES,
  PAIRING_CANCELLED: PAIRING_STATUSES,
};

/** The offer is made to a user with a single second factor, once per sign-in (§4.4). */
export function shouldOfferPairing(state: FlowState, deviceCount: number): boolean {
  return deviceCount === 1 && state.pairedDeviceId === null;
}

const TARGET_STATUS: Record<'Email' | 'SMS', FlowStatus> = {
  Email: 'EMAIL_PAIRING_TARGET_REQUIRED',
  SMS: 'SMS_PAIRING_TARGET_REQUIRED',
};

export function pairingTransition(state: FlowState, event: PairingEvent): Transition {
  switch (event.type) {
    case 'PAIRING_OFFERED':
      return {
        state: { ...state, status: 'DEVICE_PAIRING_METHOD_REQUIRED', pairing: null },
        effects: [],
      };
    case 'PAIRING_LIMIT_REACHED':
      return stay(state, { code: 'pairing_device_limit' });
    case 'PAIRING_METHOD_SELECTED': {
      const pairing = {
        method: event.method,
        target: null,
        totpSecretSealed: event.totpSecretSealed ?? null,
      };
      if (event.method === 'AuthenticatorApp') {
        return { state: { ...state, status: 'TOTP_ACTIVATION_REQUIRED', pairing }, effects: [] };
      }
      if (event.method === 'FIDO2') {
        return {
          state: {
            ...state,
            status: 'FIDO2_ACTIVATION_REQUIRED',
            pairing,
            webauthnOptions: event.webauthnOptions ?? null,
          },
          effects: [],
        };
      }
      return { state: { ...state, status: TARGET_STATUS[event.method], pairing }, effects: [] };
    }
    case 'PAIRING_TARGET_ACCEPTED': {
      const email = state.status === 'EMAIL_PAIRING_TARGET_REQUIRED';
      return {
        state: {
          ...state,
          status: email ? 'EMAIL_ACTIVATION_REQUIRED' : 'SMS_ACTIVATION_REQUIRED',
          pairing: state.pairing ? { ...state.pairing, target: event.target } : null,
        },
        effects: [
          { type: 'SEND_PAIRING_CODE', channel: email ? 'email' : 'sms', target: event.target },
        ],
      };
    }
    case 'PAIRING_TARGET_REFUSED':
      return stay(state, { code: 'pairing_target_refused', message: event.message });
    case 'DEVICE_ACTIVATED':
      return {
        state: {
          ...state,
          status: 'MFA_COMPLETED',
          pairing: null,
          webauthnOptions: null,
          pairedDeviceId: event.deviceId,
        },
        effects: [],
      };
    case 'ACTIVATION_REFUSED':
      // A passkey's refusal is said in the FIDO words (document 1 §8); a code's, as checked.
      return stay(state, {
        code: 'pairing_activation_refused',
        message: event.fido ? messages.login[event.fido] : event.message,
      });
    case 'PAIRING_CANCELLED':
      return finish(state);
  }
}
