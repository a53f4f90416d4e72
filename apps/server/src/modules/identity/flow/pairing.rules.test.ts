import { describe, expect, it } from 'vitest';
import { INITIAL_FLOW_STATE, transition, type FlowState } from './flow.rules';
import { shouldOfferPairing } from './pairing.rules';

const signedIn: FlowState = {
  ...INITIAL_FLOW_STATE,
  userId: 'u1',
  username: 'amy.davis',
  hasRiskPayload: true,
  status: 'MFA_COMPLETED',
};
const at = (status: FlowState['status'], extra: Partial<FlowState> = {}): FlowState => ({
  ...signedIn,
  status,
  ...extra,
});
const emailPairing = { method: 'Email' as const, target: null, totpSecretSealed: null };

describe('pairing another device (§4.4)', () => {
  it('offers pairing to a user with a single method, once per sign-in', () => {
    expect(shouldOfferPairing(signedIn, 1)).toBe(true);
    expect(shouldOfferPairing(signedIn, 2)).toBe(false);
    expect(shouldOfferPairing({ ...signedIn, pairedDeviceId: 'd9' }, 1)).toBe(false);
    expect(transition(signedIn, { type: 'PAIRING_OFFERED' }).state.status).toBe(
      'DEVICE_PAIRING_METHOD_REQUIRED',
    );
  });

  // Each method's statuses are its factor's (document 1 §2.6); the machine goes where it leads.
  it.each([
    ['Email', 'EMAIL_PAIRING_TARGET_REQUIRED'],
    ['SMS', 'SMS_PAIRING_TARGET_REQUIRED'],
    ['AuthenticatorApp', 'TOTP_ACTIVATION_REQUIRED'],
    ['FIDO2', 'FIDO2_ACTIVATION_REQUIRED'],
  ] as const)('goes from choosing %s to %s', (method, status) => {
    const next = transition(at('DEVICE_PAIRING_METHOD_REQUIRED'), {
      type: 'PAIRING_METHOD_SELECTED',
      method,
      next: status,
      totpSecretSealed: 'sealed',
    });
    expect(next.state.status).toBe(status);
    expect(next.state.pairing?.method).toBe(method);
  });

  it('keeps the creation options a passkey pairing starts with', () => {
    const next = transition(at('DEVICE_PAIRING_METHOD_REQUIRED'), {
      type: 'PAIRING_METHOD_SELECTED',
      method: 'FIDO2',
      next: 'FIDO2_ACTIVATION_REQUIRED',
      webauthnOptions: { challenge: 'c-1' },
    });
    expect(next.state.webauthnOptions).toEqual({ challenge: 'c-1' });
  });

  it('answers MAXIMUM_ALLOWED_METHODS_LIMIT at the device limit', () => {
    const next = transition(at('DEVICE_PAIRING_METHOD_REQUIRED'), {
      type: 'PAIRING_LIMIT_REACHED',
    });
    expect(next.state.status).toBe('DEVICE_PAIRING_METHOD_REQUIRED');
    expect(next.error).toMatchObject({ code: 'pairing_device_limit' });
  });

  it('sends a code to an accepted e-mail target', () => {
    const next = transition(at('EMAIL_PAIRING_TARGET_REQUIRED', { pairing: emailPairing }), {
      type: 'PAIRING_TARGET_ACCEPTED',
      target: 'amy.work@example.com',
      activation: 'EMAIL_ACTIVATION_REQUIRED',
      channel: 'email',
    });
    expect(next.state).toMatchObject({
      status: 'EMAIL_ACTIVATION_REQUIRED',
      pairing: { target: 'amy.work@example.com' },
    });
    expect(next.effects).toEqual([
      { type: 'SEND_PAIRING_CODE', channel: 'email', target: 'amy.work@example.com' },
    ]);
  });

  it('keeps asking for a target that is taken or malformed', () => {
    const next = transition(at('SMS_PAIRING_TARGET_REQUIRED'), {
      type: 'PAIRING_TARGET_REFUSED',
      message: 'This device is already one of your sign-in methods.',
    });
    expect(next.state.status).toBe('SMS_PAIRING_TARGET_REQUIRED');
    expect(next.error).toMatchObject({
      code: 'pairing_target_refused',
      message: 'This device is already one of your sign-in methods.',
    });
  });

  it('completes with the paired device, and refuses a wrong code (pairing_activation_refused)', () => {
    const refused = transition(at('EMAIL_ACTIVATION_REQUIRED'), {
      type: 'ACTIVATION_REFUSED',
      message: 'Invalid code',
    });
    expect(refused.error).toMatchObject({
      code: 'pairing_activation_refused',
      message: 'Invalid code',
    });
    const done = transition(at('TOTP_ACTIVATION_REQUIRED'), {
      type: 'DEVICE_ACTIVATED',
      deviceId: 'd9',
    });
    expect(done.state).toMatchObject({
      status: 'MFA_COMPLETED',
      pairedDeviceId: 'd9',
      pairing: null,
    });
  });

  it.each([
    'DEVICE_PAIRING_METHOD_REQUIRED',
    'EMAIL_PAIRING_TARGET_REQUIRED',
    'SMS_ACTIVATION_REQUIRED',
    'TOTP_ACTIVATION_REQUIRED',
    'FIDO2_ACTIVATION_REQUIRED',
  ] as const)('cancels pairing at %s and finishes the sign-in', (status) => {
    const next = transition(at(status), { type: 'PAIRING_CANCELLED' });
    expect(next.state.status).toBe('RESUME');
    expect(next.effects).toEqual([{ type: 'FINISH_LOGIN' }]);
  });

  it('refuses pairing steps outside pairing', () => {
    expect(
      transition(at('OTP_REQUIRED'), { type: 'DEVICE_ACTIVATED', deviceId: 'd9' }).error,
    ).toMatchObject({ code: 'flow_step_not_possible' });
  });
});
