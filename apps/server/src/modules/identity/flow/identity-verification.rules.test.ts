import { describe, expect, it } from 'vitest';
import { FLOW_STATUSES } from '@anybank/contracts';
import {
  INITIAL_FLOW_STATE,
  accepts,
  transition,
  type FlowEvent,
  type FlowState,
} from './flow.rules';
import { accepted, answered, at } from './flow.rules.fixtures';

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
    [{ type: 'OTP_REJECTED', attemptsLeft: 2 }, 'wrong_otp', {}],
    [{ type: 'OTP_ATTEMPTS_EXCEEDED' }, 'otp_attempts_limit', { otpLocked: true }],
    [{ type: 'OTP_EXPIRED' }, 'otp_expired', {}],
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
      expect(answered(next)).toMatchObject({ code: 'flow_step_not_possible', httpStatus: 409 });
    },
  );

  it('accepts no sign-in code at the verification step (the two codes are not interchangeable)', () => {
    expect(accepts('IDENTITY_VERIFICATION_REQUIRED', 'OTP_ACCEPTED')).toBe(false);
  });
});
