import { PAIRING_STATUSES, messages, type FlowStatus } from '@anybank/contracts';
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
      /** The method's key in the pairing list (its factor's `pairing.method`). */
      method: string;
      /** Where the method leads (its factor's pairing statuses): its target, or its activation. */
      next: FlowStatus;
      /** For the authenticator app: its new secret, sealed; for FIDO2: the creation options. */
      totpSecretSealed?: string;
      webauthnOptions?: Record<string, unknown>;
    }
  | {
      type: 'PAIRING_TARGET_ACCEPTED';
      target: string;
      /** The status asking for the code sent there, and the channel it goes by. */
      activation: FlowStatus;
      channel: 'email' | 'sms';
    }
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
      // A passkey's pairing starts with the creation options the browser signs.
      const webauthn = event.webauthnOptions ? { webauthnOptions: event.webauthnOptions } : {};
      return { state: { ...state, status: event.next, pairing, ...webauthn }, effects: [] };
    }
    case 'PAIRING_TARGET_ACCEPTED':
      return {
        state: {
          ...state,
          status: event.activation,
          pairing: state.pairing ? { ...state.pairing, target: event.target } : null,
        },
        effects: [{ type: 'SEND_PAIRING_CODE', channel: event.channel, target: event.target }],
      };
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
