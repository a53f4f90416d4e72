import { describe, expect, it } from 'vitest';
import type { FlowStatus } from '@anybank/contracts';
import { answered, at } from './flow.rules.fixtures';
import { transition, type FlowState } from './flow.rules';

/** The sign-in machine's part for a recovery code instead of the second factor. */
describe('signing in with a recovery code (the machine)', () => {
  it.each([
    ['DEVICE_SELECTION_REQUIRED'],
    ['OTP_REQUIRED'],
    ['PUSH_CONFIRMATION_WAITING'],
    ['PUSH_CONFIRMATION_REJECTED'],
    ['PUSH_CONFIRMATION_TIMED_OUT'],
    ['ASSERTION_REQUIRED'],
  ] as const)('at %s, choosing a recovery code asks for it and lets the device go', (status) => {
    const from = at(status, { selectedDeviceId: 'dev-email', pushRequestId: 'push-1' });
    const next = transition(from, { type: 'RECOVERY_CODE_CHOSEN' });
    expect(next.error).toBeUndefined();
    expect(next.state).toMatchObject({
      status: 'SIGN_IN_RECOVERY_CODE_REQUIRED',
      selectedDeviceId: null,
      pushRequestId: null,
    });
    expect(next.effects).toEqual([]);
  });

  it.each<[string, FlowStatus, Partial<FlowState>]>([
    ['before the password', 'USERNAME_PASSWORD_REQUIRED', {}],
    ['before the device profile’s risk check', 'DEVICE_PROFILE_REQUIRED', {}],
    ['once the second factor is done', 'MFA_COMPLETED', {}],
    ['in a step-up', 'DEVICE_SELECTION_REQUIRED', { purpose: 'step-up' }],
    ['in a pairing from the profile', 'DEVICE_SELECTION_REQUIRED', { purpose: 'pairing' }],
  ])('refuses a recovery code %s', (_when, status, extra) => {
    const from = at(status, extra);
    const next = transition(from, { type: 'RECOVERY_CODE_CHOSEN' });
    expect(next.state).toBe(from);
    expect(answered(next)).toMatchObject({ code: 'flow_step_not_possible', httpStatus: 409 });
  });

  it('completes the second factor with a right code, keeping how many are left for the answer', () => {
    const next = transition(at('SIGN_IN_RECOVERY_CODE_REQUIRED', { amr: ['pwd'] }), {
      type: 'RECOVERY_CODE_ACCEPTED',
      left: 9,
    });
    expect(next.state).toMatchObject({
      status: 'MFA_COMPLETED',
      amr: ['pwd', 'otp'],
      recoveryCodesLeft: 9,
    });
  });

  it.each([
    [
      { type: 'RECOVERY_CODE_REJECTED', attemptsLeft: 3 } as const,
      { code: 'wrong_recovery_code', httpStatus: 400 },
    ],
    [
      { type: 'RECOVERY_CODE_ATTEMPTS_EXCEEDED' } as const,
      { code: 'recovery_code_attempts_limit', httpStatus: 400 },
    ],
  ])('stays at the code after %o, refusing it', (event, refusal) => {
    const from = at('SIGN_IN_RECOVERY_CODE_REQUIRED');
    const next = transition(from, event);
    expect(next.state).toBe(from);
    expect(answered(next)).toMatchObject(refusal);
  });

  it('does not take a code answer anywhere but at the code', () => {
    const from = at('OTP_REQUIRED', { selectedDeviceId: 'dev-email' });
    const next = transition(from, { type: 'RECOVERY_CODE_ACCEPTED', left: 9 });
    expect(next.state).toBe(from);
    expect(answered(next)).toMatchObject({ code: 'flow_step_not_possible' });
  });

  it('goes back to the choice of devices when the customer chooses another way', () => {
    const next = transition(at('SIGN_IN_RECOVERY_CODE_REQUIRED'), {
      type: 'CANCEL',
      selfService: false,
    });
    expect(next.state.status).toBe('AUTHENTICATION_REQUIRED');
  });
});
