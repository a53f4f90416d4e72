import { describe, expect, it } from 'vitest';
import { transition, type FlowState, type MachineDevice } from './flow.rules';
import { stepUpStartState } from './step-up.rules';
import { statusOfError } from '../../../http/error-status';
import type { Transition } from './flow.state';

/** A transition's refusal as the browser gets it: with the status the HTTP layer gives it. */
const answered = (result: Transition) =>
  result.error && { ...result.error, httpStatus: statusOfError(result.error.code) };

const BINDING = { grantHash: 'g', browserHash: 'b' };
const EMAIL: MachineDevice = { id: 'd-email', type: 'Email', prompt: 'sent-code' };
const PHONE: MachineDevice = { id: 'd-phone', type: 'iPhone', prompt: 'push' };

function start(signsInWithPassword: boolean): FlowState {
  return stepUpStartState({
    userId: 'u1',
    username: 'jane.doe',
    signsInWithPassword,
    binding: BINDING,
  });
}
const at = (status: FlowState['status'], extra: Partial<FlowState> = {}): FlowState => ({
  ...start(true),
  status,
  ...extra,
});

describe('the step-up flow', () => {
  it('starts at the password for a password user, with no identifier step', () => {
    expect(start(true)).toMatchObject({
      purpose: 'step-up',
      status: 'USERNAME_PASSWORD_REQUIRED',
      userId: 'u1',
      username: 'jane.doe',
      stepUp: BINDING,
    });
  });

  it('starts at the devices for a device user: one device gets its code at once', () => {
    const result = transition(start(false), { type: 'AUTHENTICATE', devices: [EMAIL], nonce: 'n' });
    expect(result.state).toMatchObject({ status: 'OTP_REQUIRED', selectedDeviceId: EMAIL.id });
    expect(result.effects).toEqual([{ type: 'SEND_OTP', deviceId: EMAIL.id }]);
    const several = transition(start(false), {
      type: 'AUTHENTICATE',
      devices: [EMAIL, PHONE],
      nonce: 'n',
    });
    expect(several.state.status).toBe('DEVICE_SELECTION_REQUIRED');
  });

  it('ends with a recorded step-up once the password is right: no second factor, no pairing offer', () => {
    const result = transition(start(true), {
      type: 'PASSWORD_ACCEPTED',
      devices: [EMAIL],
      nonce: 'n',
    });
    expect(result.state).toMatchObject({ status: 'RESUME', amr: ['pwd'] });
    expect(result.effects).toEqual([{ type: 'RECORD_STEP_UP' }]);
  });

  it.each([
    [
      'a right code',
      at('OTP_REQUIRED', { selectedDeviceId: EMAIL.id }),
      { type: 'OTP_ACCEPTED' },
      'otp',
    ],
    [
      'an approved push',
      at('PUSH_CONFIRMATION_WAITING', { pushRequestId: 'p' }),
      { type: 'PUSH_APPROVED' },
      'mfa',
    ],
    ['a passkey', at('ASSERTION_REQUIRED'), { type: 'ASSERTION_ACCEPTED' }, 'hwk'],
  ] as const)('ends with a recorded step-up after %s', (_name, state, event, amr) => {
    const result = transition(state, event);
    expect(result.state).toMatchObject({ status: 'RESUME', amr: [amr], pushRequestId: null });
    expect(result.effects).toEqual([{ type: 'RECORD_STEP_UP' }]);
  });

  it('keeps the sign-in’s refusals: a wrong password, a lock, a wrong code', () => {
    expect(transition(start(true), { type: 'PASSWORD_REJECTED' }).error?.code).toBe(
      'wrong_password',
    );
    expect(transition(start(true), { type: 'PASSWORD_LOCKED' }).error?.code).toBe('account_locked');
    const wrong = transition(at('OTP_REQUIRED'), { type: 'OTP_REJECTED', attemptsLeft: 2 });
    expect(wrong.state).toMatchObject({ status: 'OTP_REQUIRED', codeFailures: 1 });
    expect(wrong.effects).toEqual([{ type: 'AUDIT', event: 'otp.failed' }]);
  });

  it('lets the customer choose a device instead of the password', () => {
    const other = transition(start(true), { type: 'CANCEL', selfService: false });
    expect(other.state.status).toBe('AUTHENTICATION_REQUIRED');
    expect(other.effects).toEqual([]);
  });

  it.each([
    ['an identifier', { type: 'IDENTIFIER_UNKNOWN' }, 'USERNAME_PASSWORD_REQUIRED'],
    ['a recovery', { type: 'RECOVERY_STARTED' }, 'USERNAME_PASSWORD_REQUIRED'],
    ['a forced password change', { type: 'PASSWORD_MUST_CHANGE' }, 'USERNAME_PASSWORD_REQUIRED'],
  ] as const)('refuses %s, staying where it is', (_name, event, status) => {
    const result = transition(at(status), event);
    expect(result.state.status).toBe(status);
    expect(answered(result)).toMatchObject({ httpStatus: 409, code: 'flow_step_not_possible' });
    expect(result.effects).toEqual([]);
  });
});
