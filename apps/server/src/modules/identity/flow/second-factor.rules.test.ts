import { describe, expect, it } from 'vitest';
import {
  INITIAL_FLOW_STATE,
  otpVerdictEvent,
  transition,
  type FlowEvent,
  type MachineDevice,
} from './flow.rules';
import { accepted, at, email, iphone, sms } from './flow.rules.fixtures';

describe('sign-in flow transitions: the second factor', () => {
  it('continues after the device profile, selecting the device sent with it', () => {
    const next = transition(at('DEVICE_PROFILE_REQUIRED', { hasRiskPayload: false }), {
      type: 'DEVICE_PROFILE_ACCEPTED',
      devices: [email, sms],
      thenSelect: sms,
      nonce: 'push-1',
    });
    expect(next.state).toMatchObject({
      status: 'OTP_REQUIRED',
      selectedDeviceId: 'dev-sms',
      hasRiskPayload: true,
    });
    expect(next.effects).toEqual([{ type: 'SEND_OTP', deviceId: 'dev-sms' }]);
  });

  it('continues to device selection after a device profile alone', () => {
    const next = transition(at('DEVICE_PROFILE_REQUIRED', { hasRiskPayload: false }), {
      type: 'DEVICE_PROFILE_ACCEPTED',
      devices: [email, sms],
      thenSelect: null,
      nonce: 'push-1',
    });
    expect(next.state.status).toBe('DEVICE_SELECTION_REQUIRED');
  });

  it('sends a code to the selected device', () => {
    const next = transition(at('DEVICE_SELECTION_REQUIRED'), {
      type: 'DEVICE_SELECTED',
      device: sms,
      nonce: 'push-1',
    });
    expect(next.state).toMatchObject({ status: 'OTP_REQUIRED', selectedDeviceId: 'dev-sms' });
    expect(next.effects).toEqual([{ type: 'SEND_OTP', deviceId: 'dev-sms' }]);
  });

  it('restarts the device step on authenticate', () => {
    const next = transition(at('AUTHENTICATION_REQUIRED'), {
      type: 'AUTHENTICATE',
      devices: [email, sms],
      nonce: 'push-1',
    });
    expect(next.state.status).toBe('DEVICE_SELECTION_REQUIRED');
  });

  it('completes MFA on a correct code', () => {
    const next = transition(at('OTP_REQUIRED', { amr: ['pwd'] }), { type: 'OTP_ACCEPTED' });
    expect(next.state).toMatchObject({ status: 'MFA_COMPLETED', amr: ['pwd', 'otp'] });
  });

  it('keeps asking for the code after a wrong one', () => {
    const next = transition(at('OTP_REQUIRED'), { type: 'OTP_REJECTED', attemptsLeft: 3 });
    expect(next.state.status).toBe('OTP_REQUIRED');
    expect(next.error).toMatchObject({ code: 'wrong_otp' });
  });

  it('locks the code step after the attempt limit (otp_attempts_limit)', () => {
    const next = transition(at('OTP_REQUIRED'), { type: 'OTP_ATTEMPTS_EXCEEDED' });
    expect(next.state).toMatchObject({ status: 'OTP_REQUIRED', otpLocked: true });
    expect(next.error).toMatchObject({
      code: 'otp_attempts_limit',
    });
  });

  it('refuses an expired code', () => {
    const next = transition(at('OTP_REQUIRED'), { type: 'OTP_EXPIRED' });
    expect(next.error).toMatchObject({ code: 'otp_expired' });
  });

  it('resumes the authorization after MFA_COMPLETED', () => {
    const next = transition(at('MFA_COMPLETED'), { type: 'CONTINUE' });
    expect(next.state.status).toBe('RESUME');
    expect(next.effects).toEqual([{ type: 'FINISH_LOGIN' }]);
  });

  it('sends a push to a selected phone and waits for it', () => {
    const next = transition(at('DEVICE_SELECTION_REQUIRED'), {
      type: 'DEVICE_SELECTED',
      device: iphone,
      nonce: 'push-7',
    });
    expect(next.state).toMatchObject({
      status: 'PUSH_CONFIRMATION_WAITING',
      selectedDeviceId: 'dev-iphone',
      pushRequestId: 'push-7',
    });
    expect(next.effects).toEqual([
      { type: 'SEND_PUSH', deviceId: 'dev-iphone', pushRequestId: 'push-7' },
    ]);
  });

  it('asks a single phone straight away (§4.2)', () => {
    const next = transition(
      INITIAL_FLOW_STATE,
      accepted({ passwordRequired: false, devices: [iphone] }),
    );
    expect(next.state.status).toBe('PUSH_CONFIRMATION_WAITING');
  });

  it('selects a single authenticator app and sends nothing: the app makes the code', () => {
    const totp: MachineDevice = { id: 'dev-totp', type: 'TOTP', prompt: 'own-code' };
    const next = transition(at('USERNAME_PASSWORD_REQUIRED'), {
      type: 'PASSWORD_ACCEPTED',
      devices: [totp],
      nonce: 'push-1',
    });
    expect(next.state).toMatchObject({ status: 'OTP_REQUIRED', selectedDeviceId: 'dev-totp' });
    expect(next.effects).toEqual([]);
  });

  it.each([
    ['PUSH_APPROVED', 'MFA_COMPLETED'],
    ['PUSH_DENIED', 'PUSH_CONFIRMATION_REJECTED'],
    ['PUSH_EXPIRED', 'PUSH_CONFIRMATION_TIMED_OUT'],
  ] as const)('moves a waiting push on %s to %s', (event, status) => {
    const next = transition(at('PUSH_CONFIRMATION_WAITING', { pushRequestId: 'push-7' }), {
      type: event,
    });
    expect(next.state.status).toBe(status);
  });

  it('answers INVALID_ACTION_ID for a push request that does not exist', () => {
    const next = transition(at('PUSH_CONFIRMATION_WAITING'), { type: 'PUSH_UNKNOWN' });
    expect(next.error).toMatchObject({ code: 'push_unknown' });
  });

  it.each([
    'PUSH_CONFIRMATION_REJECTED',
    'PUSH_CONFIRMATION_TIMED_OUT',
    'PUSH_CONFIRMATION_WAITING',
  ] as const)('lets the user choose another way after %s', (status) => {
    const next = transition(at(status, { pushRequestId: 'push-7' }), {
      type: 'CANCEL',
      selfService: false,
    });
    expect(next.state).toMatchObject({ status: 'AUTHENTICATION_REQUIRED', pushRequestId: null });
  });
});

describe('what a code check means to the flow', () => {
  const accepted: FlowEvent = { type: 'IDENTITY_CODE_ACCEPTED' };
  it.each([
    [{ result: 'ok', userId: 'u1' }, accepted],
    [
      { result: 'invalid', attemptsLeft: 3 },
      { type: 'OTP_REJECTED', attemptsLeft: 3 },
    ],
    [{ result: 'attempts_exceeded' }, { type: 'OTP_ATTEMPTS_EXCEEDED' }],
    [{ result: 'expired' }, { type: 'OTP_EXPIRED' }],
    [{ result: 'not_found' }, { type: 'OTP_EXPIRED' }],
  ] as const)('%o becomes %o', (verdict, event) => {
    expect(otpVerdictEvent(verdict, accepted)).toEqual(event);
  });
});
