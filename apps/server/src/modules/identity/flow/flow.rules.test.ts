import { describe, expect, it } from 'vitest';
import { FLOW_STATUSES } from '@anybank/contracts';
import {
  INITIAL_FLOW_STATE,
  accepts,
  otpVerdictEvent,
  transition,
  type FlowEvent,
  type FlowState,
  type MachineDevice,
} from './flow.rules';

const email: MachineDevice = { id: 'dev-email', type: 'Email' };
const sms: MachineDevice = { id: 'dev-sms', type: 'SMS' };
const iphone: MachineDevice = { id: 'dev-iphone', type: 'iPhone' };

const identified: FlowState = {
  ...INITIAL_FLOW_STATE,
  userId: 'user-1',
  username: 'jane.doe',
  hasRiskPayload: true,
};
const at = (status: FlowState['status'], extra: Partial<FlowState> = {}): FlowState => ({
  ...identified,
  status,
  ...extra,
});
const accepted = (
  overrides: Partial<Extract<FlowEvent, { type: 'IDENTIFIER_ACCEPTED' }>> = {},
): FlowEvent => ({
  type: 'IDENTIFIER_ACCEPTED',
  userId: 'user-1',
  username: 'jane.doe',
  passwordRequired: true,
  hasRiskPayload: true,
  identityVerified: false,
  devices: [email, sms],
  nonce: 'push-1',
  ...overrides,
});

describe('sign-in flow transitions', () => {
  it('asks a Password user for the password after the identifier', () => {
    const next = transition(INITIAL_FLOW_STATE, accepted());
    expect(next.state).toMatchObject({
      status: 'USERNAME_PASSWORD_REQUIRED',
      userId: 'user-1',
      username: 'jane.doe',
    });
    expect(next.effects).toEqual([]);
  });

  it('gives a Device user no password step: straight to the device step', () => {
    const next = transition(
      INITIAL_FLOW_STATE,
      accepted({ passwordRequired: false, devices: [email, iphone] }),
    );
    expect(next.state.status).toBe('DEVICE_SELECTION_REQUIRED');
  });

  it('answers an unknown username with FAILED and restarts at IDENTIFIER_REQUIRED', () => {
    const next = transition(INITIAL_FLOW_STATE, { type: 'IDENTIFIER_UNKNOWN' });
    expect(next.state).toEqual(INITIAL_FLOW_STATE);
    expect(next.error).toMatchObject({
      code: 'INVALID_USERNAME',
      adapter: 'IDFirst',
      responseStatus: 'FAILED',
    });
  });

  it('refuses a user of another type on a partner portal', () => {
    const next = transition(INITIAL_FLOW_STATE, { type: 'IDENTIFIER_WRONG_USER_TYPE' });
    expect(next.state).toEqual(INITIAL_FLOW_STATE);
    expect(next.error).toMatchObject({ code: 'WRONG_USER_TYPE', httpStatus: 403 });
  });

  it('fails the flow when the risk is not LOW', () => {
    const next = transition(INITIAL_FLOW_STATE, {
      type: 'RISK_DENIED',
      message: 'Access Denied: blocked',
    });
    expect(next.state.status).toBe('FAILED');
    expect(next.error).toMatchObject({
      code: 'RISK_DENIED',
      message: 'Access Denied: blocked',
      httpStatus: 403,
    });
    expect(next.effects).toEqual([{ type: 'AUDIT', event: 'risk.denied' }]);
  });

  it('selects a single OTP device for the user and sends its code (§4.2)', () => {
    const next = transition(at('USERNAME_PASSWORD_REQUIRED'), {
      type: 'PASSWORD_ACCEPTED',
      devices: [email],
      nonce: 'push-1',
    });
    expect(next.state).toMatchObject({
      status: 'OTP_REQUIRED',
      selectedDeviceId: 'dev-email',
      amr: ['pwd'],
    });
    expect(next.effects).toEqual([{ type: 'SEND_OTP', deviceId: 'dev-email' }]);
  });

  it('lets the user choose among several devices after the password', () => {
    const next = transition(at('USERNAME_PASSWORD_REQUIRED'), {
      type: 'PASSWORD_ACCEPTED',
      devices: [email, sms],
      nonce: 'push-1',
    });
    expect(next.state.status).toBe('DEVICE_SELECTION_REQUIRED');
    expect(next.effects).toEqual([]);
  });

  it('asks for the device profile when the identifier came without a risk payload', () => {
    const next = transition(at('USERNAME_PASSWORD_REQUIRED', { hasRiskPayload: false }), {
      type: 'PASSWORD_ACCEPTED',
      devices: [email],
      nonce: 'push-1',
    });
    expect(next.state.status).toBe('DEVICE_PROFILE_REQUIRED');
  });

  it('keeps the password step on a wrong password, with a VALIDATION_ERROR', () => {
    const state = at('USERNAME_PASSWORD_REQUIRED');
    const next = transition(state, { type: 'PASSWORD_REJECTED' });
    expect(next.state).toBe(state);
    expect(next.error).toMatchObject({
      httpStatus: 401,
      code: 'VALIDATION_ERROR',
      userMessage: 'incorrectPassword',
    });
  });

  it('keeps the password step when the username is locked, with the lockout message', () => {
    const next = transition(at('USERNAME_PASSWORD_REQUIRED'), { type: 'PASSWORD_LOCKED' });
    expect(next.state.status).toBe('USERNAME_PASSWORD_REQUIRED');
    expect(next.error).toMatchObject({
      httpStatus: 423,
      userMessage: 'lockedOut',
      message: 'Authentication Failed',
    });
  });

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
    expect(next.error).toMatchObject({ code: 'INVALID_OTP', userMessage: 'incorrectOtp' });
  });

  it('locks the code step after the attempt limit (OTP_ATTEMPTS_LIMIT)', () => {
    const next = transition(at('OTP_REQUIRED'), { type: 'OTP_ATTEMPTS_EXCEEDED' });
    expect(next.state).toMatchObject({ status: 'OTP_REQUIRED', otpLocked: true });
    expect(next.error).toMatchObject({
      code: 'OTP_ATTEMPTS_LIMIT',
      userMessage: 'otpAttemptsLimit',
    });
  });

  it('refuses an expired code', () => {
    const next = transition(at('OTP_REQUIRED'), { type: 'OTP_EXPIRED' });
    expect(next.error).toMatchObject({ code: 'OTP_EXPIRED', userMessage: 'expiredOtp' });
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
    const totp: MachineDevice = { id: 'dev-totp', type: 'TOTP' };
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
    expect(next.error).toMatchObject({ code: 'INVALID_ACTION_ID' });
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

  it('lets an identified user on the bank site choose another way after cancelling', () => {
    const next = transition(at('OTP_REQUIRED', { selectedDeviceId: 'dev-sms' }), {
      type: 'CANCEL',
      selfService: false,
    });
    expect(next.state).toMatchObject({ status: 'AUTHENTICATION_REQUIRED', selectedDeviceId: null });
    expect(next.effects).toEqual([]);
  });

  it('returns a self-service sign-in to its application with access_denied on cancel', () => {
    const next = transition(at('OTP_REQUIRED'), { type: 'CANCEL', selfService: true });
    expect(next.state.status).toBe('FAILED');
    expect(next.effects).toEqual([{ type: 'ABORT_LOGIN' }]);
  });

  it('aborts a sign-in cancelled before anyone was identified', () => {
    const next = transition(INITIAL_FLOW_STATE, { type: 'CANCEL', selfService: false });
    expect(next.effects).toEqual([{ type: 'ABORT_LOGIN' }]);
  });

  it.each(FLOW_STATUSES.filter((status) => status !== 'OTP_REQUIRED'))(
    'refuses a code while the flow is at %s',
    (status) => {
      const next = transition(at(status), { type: 'OTP_ACCEPTED' });
      expect(next.state.status).toBe(status);
      expect(next.error).toMatchObject({ code: 'INVALID_REQUEST', httpStatus: 409 });
    },
  );

  it('accepts nothing once the flow has resumed or failed (single use)', () => {
    for (const status of ['RESUME', 'FAILED'] as const) {
      for (const event of ['CONTINUE', 'CANCEL', 'IDENTIFIER_ACCEPTED', 'OTP_ACCEPTED'] as const) {
        expect(accepts(status, event)).toBe(false);
      }
    }
  });
});

describe('the identity verification step of a sign-in that needs a verified identity (ADR 0015)', () => {
  /** The credit-card application's sign-in: its authorization asked for a verified identity. */
  const forCreditCard = (status: FlowState['status'], extra: Partial<FlowState> = {}) =>
    at(status, { verifiedIdentityRequired: true, ...extra });
  const verificationAsked = {
    status: 'IDENTITY_VERIFICATION_REQUIRED',
    effects: [{ type: 'SEND_VERIFICATION_CODE' }],
  };
  const resumed = { status: 'RESUME', effects: [{ type: 'FINISH_LOGIN' }] };

  it.each<[string, FlowState, FlowEvent, { status: string; effects: unknown[] }]>([
    [
      'an unverified user, after MFA',
      forCreditCard('MFA_COMPLETED'),
      { type: 'CONTINUE' },
      verificationAsked,
    ],
    [
      "an unverified user who answers 'Not now' to the pairing offer",
      forCreditCard('DEVICE_PAIRING_METHOD_REQUIRED'),
      { type: 'CONTINUE' },
      verificationAsked,
    ],
    [
      'an unverified user who cancels a device pairing',
      forCreditCard('EMAIL_PAIRING_TARGET_REQUIRED', {
        pairing: { method: 'Email', target: null, totpSecretSealed: null },
      }),
      { type: 'PAIRING_CANCELLED' },
      verificationAsked,
    ],
    [
      'a verified user: no extra step',
      forCreditCard('MFA_COMPLETED', { identityVerified: true }),
      { type: 'CONTINUE' },
      resumed,
    ],
    [
      'an unverified user signing in for anything else: no extra step',
      at('MFA_COMPLETED'),
      { type: 'CONTINUE' },
      resumed,
    ],
  ])('%s', (_case, state, event, expected) => {
    const next = transition(state, event);
    expect(next.state.status).toBe(expected.status);
    expect(next.effects).toEqual(expected.effects);
    expect(next.error).toBeUndefined();
  });

  it('never asks a profile pairing (a signed-in customer adding a device) to verify', () => {
    const next = transition(
      forCreditCard('DEVICE_PAIRING_METHOD_REQUIRED', { purpose: 'pairing' }),
      { type: 'CONTINUE' },
    );
    expect(next.state.status).toBe('RESUME');
    expect(next.effects).toEqual([]);
  });

  it('takes the identity from the user record at the identifier step', () => {
    const start = { ...INITIAL_FLOW_STATE, verifiedIdentityRequired: true };
    expect(transition(start, accepted({ identityVerified: true })).state).toMatchObject({
      identityVerified: true,
      verifiedIdentityRequired: true,
    });
    expect(transition(start, accepted()).state.identityVerified).toBe(false);
  });

  it.each([
    ['an unknown username', { type: 'IDENTIFIER_UNKNOWN' }],
    ['a user of another type', { type: 'IDENTIFIER_WRONG_USER_TYPE' }],
  ] as const)('keeps asking for a verified identity after %s restarts the flow', (_case, event) => {
    const next = transition({ ...INITIAL_FLOW_STATE, verifiedIdentityRequired: true }, event);
    expect(next.state).toEqual({ ...INITIAL_FLOW_STATE, verifiedIdentityRequired: true });
  });

  it('sets the flag, then resumes, on the right code', () => {
    const next = transition(forCreditCard('IDENTITY_VERIFICATION_REQUIRED'), {
      type: 'IDENTITY_CODE_ACCEPTED',
    });
    expect(next.state).toMatchObject({ status: 'RESUME', identityVerified: true });
    expect(next.effects).toEqual([{ type: 'MARK_IDENTITY_VERIFIED' }, { type: 'FINISH_LOGIN' }]);
  });

  it('starts the step with no code failures and no lock left from the sign-in codes', () => {
    const next = transition(forCreditCard('MFA_COMPLETED', { otpLocked: true, codeFailures: 4 }), {
      type: 'CONTINUE',
    });
    expect(next.state).toMatchObject({ otpLocked: false, codeFailures: 0 });
  });

  it.each([
    [{ type: 'OTP_REJECTED', attemptsLeft: 2 }, 'INVALID_OTP', {}],
    [{ type: 'OTP_ATTEMPTS_EXCEEDED' }, 'OTP_ATTEMPTS_LIMIT', { otpLocked: true }],
    [{ type: 'OTP_EXPIRED' }, 'OTP_EXPIRED', {}],
  ] as const)('keeps asking, unverified, after %o (%s)', (event, code, flags) => {
    const next = transition(forCreditCard('IDENTITY_VERIFICATION_REQUIRED'), event);
    expect(next.state).toMatchObject({
      status: 'IDENTITY_VERIFICATION_REQUIRED',
      identityVerified: false,
      ...flags,
    });
    expect(next.error?.code).toBe(code);
    expect(next.effects).not.toContainEqual({ type: 'MARK_IDENTITY_VERIFIED' });
  });

  it('ends the sign-in with access_denied when the user cancels the verification', () => {
    const next = transition(forCreditCard('IDENTITY_VERIFICATION_REQUIRED'), {
      type: 'CANCEL',
      selfService: false,
    });
    expect(next.state.status).toBe('FAILED');
    expect(next.effects).toEqual([{ type: 'ABORT_LOGIN' }]);
  });

  it.each(FLOW_STATUSES.filter((status) => status !== 'IDENTITY_VERIFICATION_REQUIRED'))(
    'refuses a verification code while the flow is at %s',
    (status) => {
      const next = transition(forCreditCard(status), { type: 'IDENTITY_CODE_ACCEPTED' });
      expect(next.state.status).toBe(status);
      expect(next.error).toMatchObject({ code: 'INVALID_REQUEST', httpStatus: 409 });
    },
  );

  it('accepts no sign-in code at the verification step (the two codes are not interchangeable)', () => {
    expect(accepts('IDENTITY_VERIFICATION_REQUIRED', 'OTP_ACCEPTED')).toBe(false);
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
