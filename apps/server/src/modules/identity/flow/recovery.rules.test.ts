import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_MAX_REFUSALS } from '@anybank/contracts';
import { INITIAL_FLOW_STATE, transition, type FlowState } from './flow.rules';
import { recoveryAddressOf, type RecentEmailChange } from './recovery.rules';
import { statusOfError } from '../../../http/error-status';
import type { Transition } from './flow.state';

/** A transition's refusal as the browser gets it: with the status the HTTP layer gives it. */
const answered = (result: Transition) =>
  result.error && { ...result.error, httpStatus: statusOfError(result.error.code) };

const at = (status: FlowState['status'], extra: Partial<FlowState> = {}): FlowState => ({
  ...INITIAL_FLOW_STATE,
  hasRiskPayload: true,
  status,
  ...extra,
});

describe('forgot password and a password that must change', () => {
  it('asks for the username when recovery starts, from either first step', () => {
    for (const status of ['IDENTIFIER_REQUIRED', 'USERNAME_PASSWORD_REQUIRED'] as const) {
      expect(
        transition(at(status, { userId: 'u1' }), { type: 'RECOVERY_STARTED' }).state,
      ).toMatchObject({ status: 'ACCOUNT_RECOVERY_USERNAME_REQUIRED', userId: null });
    }
  });

  it('sends a recovery code to a known user, and answers the same for an unknown one', () => {
    const known = transition(at('ACCOUNT_RECOVERY_USERNAME_REQUIRED'), {
      type: 'RECOVERY_USERNAME_SUBMITTED',
      userId: 'u1',
      username: 'jane.doe',
    });
    expect(known.state.status).toBe('RECOVERY_CODE_REQUIRED');
    expect(known.effects).toEqual([{ type: 'SEND_RECOVERY_CODE', userId: 'u1' }]);
    const unknown = transition(at('ACCOUNT_RECOVERY_USERNAME_REQUIRED'), {
      type: 'RECOVERY_USERNAME_SUBMITTED',
      userId: null,
      username: 'ghost',
    });
    expect(unknown.state.status).toBe('RECOVERY_CODE_REQUIRED');
    expect(unknown.effects).toEqual([]);
  });

  it('resets on a right code, fails the flow on a wrong one, and keeps the step for a weak password', () => {
    expect(
      transition(at('RECOVERY_CODE_REQUIRED'), { type: 'RECOVERY_ACCEPTED' }).state.status,
    ).toBe('SUCCESSFUL_PASSWORD_RESET');
    const wrong = transition(at('RECOVERY_CODE_REQUIRED'), { type: 'RECOVERY_REFUSED' });
    expect(wrong.state.status).toBe('FAILED');
    expect(wrong.error).toMatchObject({ code: 'recovery_failed' });
    const weak = transition(at('RECOVERY_CODE_REQUIRED'), { type: 'NEW_PASSWORD_REFUSED' });
    expect(weak.state.status).toBe('RECOVERY_CODE_REQUIRED');
    expect(weak.error).toMatchObject({ code: 'password_policy' });
  });

  it.each([
    ['RECOVERY_CODE_REQUIRED', 0, 'RECOVERY_CODE_REQUIRED'],
    ['RECOVERY_CODE_REQUIRED', NEW_PASSWORD_MAX_REFUSALS - 2, 'RECOVERY_CODE_REQUIRED'],
    ['RECOVERY_CODE_REQUIRED', NEW_PASSWORD_MAX_REFUSALS - 1, 'FAILED'],
    ['PASSWORD_RESET_REQUIRED', 0, 'PASSWORD_RESET_REQUIRED'],
    ['PASSWORD_RESET_REQUIRED', NEW_PASSWORD_MAX_REFUSALS - 1, 'FAILED'],
  ] as const)(
    'at %s after %i refused new passwords, one more leaves it at %s',
    (status, before, after) => {
      const result = transition(at(status, { userId: 'u1', newPasswordRefusals: before }), {
        type: 'NEW_PASSWORD_REFUSED',
      });
      expect(result.state).toMatchObject({ status: after, newPasswordRefusals: before + 1 });
      if (after === 'FAILED') {
        expect(result.error).toMatchObject({
          code: 'new_password_attempts_limit',
        });
        expect(result.effects).toEqual([{ type: 'AUDIT', event: 'signin.failed' }]);
      }
    },
  );

  it('remembers a right recovery code that came with a refused password, and forgets it on a restart', () => {
    const refused = transition(at('RECOVERY_CODE_REQUIRED', { userId: 'u1' }), {
      type: 'NEW_PASSWORD_REFUSED',
      recoveryCodeVerified: true,
    }).state;
    expect(refused.recoveryCodeVerified).toBe(true);
    const again = transition(refused, { type: 'NEW_PASSWORD_REFUSED' }).state;
    expect(again.recoveryCodeVerified).toBe(true);
    const restarted = transition(
      { ...again, status: 'USERNAME_PASSWORD_REQUIRED' },
      {
        type: 'RECOVERY_STARTED',
      },
    ).state;
    expect(restarted.recoveryCodeVerified).toBeUndefined();
    expect(restarted.newPasswordRefusals).toBeUndefined();
  });

  it('starts the sign-in over after a successful reset', () => {
    expect(
      transition(at('SUCCESSFUL_PASSWORD_RESET', { userId: 'u1' }), { type: 'RECOVERY_FINISHED' })
        .state,
    ).toMatchObject({ status: 'IDENTIFIER_REQUIRED', userId: null });
  });

  it('keeps what the authorization asked for (a verified identity) through a recovery', () => {
    const started = transition(
      at('USERNAME_PASSWORD_REQUIRED', {
        userId: 'u1',
        verifiedIdentityRequired: true,
        identityVerified: true,
      }),
      { type: 'RECOVERY_STARTED' },
    ).state;
    expect(started).toMatchObject({ verifiedIdentityRequired: true, identityVerified: false });
    const finished = transition(
      { ...started, status: 'SUCCESSFUL_PASSWORD_RESET' },
      { type: 'RECOVERY_FINISHED' },
    ).state;
    expect(finished).toMatchObject({
      status: 'IDENTIFIER_REQUIRED',
      verifiedIdentityRequired: true,
      identityVerified: false,
    });
  });

  it('asks a user whose password must change for a new one, then goes on to the second factor', () => {
    const asked = transition(at('USERNAME_PASSWORD_REQUIRED', { userId: 'u1' }), {
      type: 'PASSWORD_MUST_CHANGE',
    });
    expect(asked.state.status).toBe('PASSWORD_RESET_REQUIRED');
    const next = transition(asked.state, {
      type: 'NEW_PASSWORD_ACCEPTED',
      devices: [
        { id: 'd1', type: 'Email', prompt: 'sent-code' },
        { id: 'd2', type: 'SMS', prompt: 'sent-code' },
      ],
      nonce: 'n',
    });
    expect(next.state.status).toBe('DEVICE_SELECTION_REQUIRED');
  });

  it('asks for a FIDO assertion when an authenticator is chosen, and completes when it verifies', () => {
    const asked = transition(at('DEVICE_SELECTION_REQUIRED', { userId: 'u1' }), {
      type: 'DEVICE_SELECTED',
      device: { id: 'k1', type: 'FIDO2', prompt: 'assertion' },
      nonce: 'challenge-1',
    });
    expect(asked.state).toMatchObject({
      status: 'ASSERTION_REQUIRED',
      selectedDeviceId: 'k1',
      webauthnOptions: { challenge: 'challenge-1' },
    });
    expect(transition(asked.state, { type: 'ASSERTION_REFUSED' }).error).toMatchObject({
      code: 'passkey_not_verified',
    });
    expect(transition(asked.state, { type: 'ASSERTION_ACCEPTED' }).state).toMatchObject({
      status: 'MFA_COMPLETED',
      amr: ['hwk'],
    });
  });

  it('refuses a cloned authenticator with its own message, stays, and audits the device', () => {
    const asked = at('ASSERTION_REQUIRED', { userId: 'u1', selectedDeviceId: 'k1' });
    const cloned = transition(asked, {
      type: 'ASSERTION_CLONED',
      deviceId: 'k1',
      deviceType: 'SECURITY_KEY',
    });
    expect(cloned.state.status).toBe('ASSERTION_REQUIRED');
    expect(answered(cloned)).toMatchObject({
      httpStatus: 400,
      code: 'passkey_cloned',
    });
    expect(cloned.effects).toEqual([
      {
        type: 'AUDIT',
        event: 'device.clone_suspected',
        deviceId: 'k1',
        deviceType: 'SECURITY_KEY',
      },
    ]);
  });
});

describe('where a recovery code goes after an e-mail change', () => {
  const HOLD = 24 * 60 * 60 * 1000;
  const NOW = new Date('2026-11-26T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 60 * 60 * 1000);
  const change = (previousValue: string, hours: number, previousTaken = false) => ({
    previousValue,
    confirmedAt: hoursAgo(hours),
    previousTaken,
  });

  it.each([
    ['no change', [], 'new@example.com'],
    ['a change an hour ago', [change('old@example.com', 1)], 'old@example.com'],
    ['a change 25 hours ago', [change('old@example.com', 25)], 'new@example.com'],
    [
      'two changes today: the address before the first',
      [change('second@example.com', 1), change('first@example.com', 3)],
      'first@example.com',
    ],
    [
      'a change whose previous address is now another account’s',
      [change('old@example.com', 1, true)],
      'new@example.com',
    ],
  ] as const)('with %s it goes to the right address', (_name, changes, expected) => {
    expect(
      recoveryAddressOf('new@example.com', changes as unknown as RecentEmailChange[], NOW, HOLD),
    ).toBe(expected);
  });
});
