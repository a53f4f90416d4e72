import { describe, expect, it } from 'vitest';
import { FLOW_STATUSES } from '@anybank/contracts';
import { INITIAL_FLOW_STATE, accepts, transition } from './flow.rules';
import { accepted, answered, at, email, iphone, sms } from './flow.rules.fixtures';

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
    expect(answered(next)).toMatchObject({ code: 'wrong_user_type', httpStatus: 403 });
  });

  it('fails the flow when the risk is not LOW', () => {
    const next = transition(INITIAL_FLOW_STATE, {
      type: 'RISK_DENIED',
      message: 'Access Denied: blocked',
    });
    expect(next.state.status).toBe('FAILED');
    expect(answered(next)).toMatchObject({
      code: 'risk_denied',
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

  it('keeps the password step on a wrong password (wrong_password, 401)', () => {
    const state = at('USERNAME_PASSWORD_REQUIRED');
    const next = transition(state, { type: 'PASSWORD_REJECTED' });
    expect(next.state).toBe(state);
    expect(answered(next)).toMatchObject({
      httpStatus: 401,
      code: 'wrong_password',
    });
  });

  it('keeps the password step when the username is locked, with the lockout message', () => {
    const next = transition(at('USERNAME_PASSWORD_REQUIRED'), { type: 'PASSWORD_LOCKED' });
    expect(next.state.status).toBe('USERNAME_PASSWORD_REQUIRED');
    expect(answered(next)).toMatchObject({
      httpStatus: 423,
      code: 'account_locked',
    });
  });
});

describe('sign-in flow transitions: cancelling, and single use', () => {
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
      expect(answered(next)).toMatchObject({ code: 'flow_step_not_possible', httpStatus: 409 });
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
