import { describe, expect, it } from 'vitest';
import { INITIAL_FLOW_STATE, transition, type FlowEvent, type FlowState } from './flow.rules';
import { answered, at } from './flow.rules.fixtures';

const atUsername: FlowState = { ...INITIAL_FLOW_STATE, hasRiskPayload: false };
const asked: FlowState = {
  ...atUsername,
  webauthnOptions: { challenge: 'nonce-1', discoverable: true },
};
const signedIn: FlowEvent = {
  type: 'PASSKEY_SIGN_IN_ACCEPTED',
  userId: 'user-9',
  username: 'pat.key',
  identityVerified: true,
};
const recovering = (status: FlowState['status'], extra: Partial<FlowState> = {}) =>
  at(status, { passkeyRecovery: true, ...extra });

describe('sign-in flow transitions: passkeys first', () => {
  it.each<[string, FlowState, FlowEvent, Partial<FlowState>]>([
    [
      'the username field asks for passkey options: a challenge is kept, the username still asked',
      atUsername,
      { type: 'PASSKEY_CHALLENGE_ISSUED', nonce: 'nonce-2' },
      {
        status: 'IDENTIFIER_REQUIRED',
        userId: null,
        webauthnOptions: { challenge: 'nonce-2', discoverable: true },
      },
    ],
    [
      'asking again replaces the challenge: an older answer no longer verifies',
      asked,
      { type: 'PASSKEY_CHALLENGE_ISSUED', nonce: 'nonce-3' },
      { webauthnOptions: { challenge: 'nonce-3', discoverable: true } },
    ],
    [
      'a verified passkey signs its owner in with no password and no second factor',
      asked,
      signedIn,
      {
        status: 'MFA_COMPLETED',
        userId: 'user-9',
        username: 'pat.key',
        identityVerified: true,
        hasRiskPayload: true,
        webauthnOptions: null,
        amr: ['hwk', 'user', 'mfa'],
      },
    ],
    [
      'a passkey that does not verify keeps the username step and uses up the challenge',
      asked,
      { type: 'PASSKEY_SIGN_IN_REFUSED' },
      { status: 'IDENTIFIER_REQUIRED', userId: null, webauthnOptions: null },
    ],
    [
      'a HIGH risk at the passkey sign-in still denies',
      asked,
      { type: 'RISK_DENIED', message: 'Access Denied: Block' },
      { status: 'FAILED', userId: null },
    ],
    [
      'a passkey-only account’s right recovery code asks for a new passkey, not a password',
      recovering('RECOVERY_CODE_REQUIRED'),
      { type: 'PASSKEY_RECOVERY_VERIFIED', nonce: 'nonce-4', pairingMethod: 'FIDO2' },
      {
        status: 'FIDO2_ACTIVATION_REQUIRED',
        pairing: { method: 'FIDO2', target: null, totpSecretSealed: null },
        webauthnOptions: { challenge: 'nonce-4' },
        passkeyRecovery: true,
      },
    ],
    [
      'the new passkey ends the recovery without signing in',
      recovering('FIDO2_ACTIVATION_REQUIRED', {
        pairing: { method: 'FIDO2', target: null, totpSecretSealed: null },
      }),
      { type: 'DEVICE_ACTIVATED', deviceId: 'dev-new' },
      { status: 'SUCCESSFUL_PASSWORD_RESET', pairing: null, passkeyRecovery: true, amr: [] },
    ],
    [
      'cancelling the new passkey starts the sign-in again: the code alone never signs in',
      recovering('FIDO2_ACTIVATION_REQUIRED'),
      { type: 'PAIRING_CANCELLED' },
      { status: 'IDENTIFIER_REQUIRED', userId: null, pairing: null },
    ],
    [
      'after the new passkey, continuing goes back to the username',
      recovering('SUCCESSFUL_PASSWORD_RESET'),
      { type: 'RECOVERY_FINISHED' },
      { status: 'IDENTIFIER_REQUIRED', userId: null, pairing: null },
    ],
  ])('%s', (_name, from, event, expected) => {
    const next = transition(from, event);
    expect(next.state).toMatchObject(expected);
    // Back at the username, the next forgot password is weighed afresh.
    if (next.state.status === 'IDENTIFIER_REQUIRED')
      expect(next.state.passkeyRecovery).toBeUndefined();
  });

  it.each<[string, FlowState, FlowEvent]>([
    ['a passkey sign-in once the username was given', at('USERNAME_PASSWORD_REQUIRED'), signedIn],
    [
      'passkey options in the middle of a code',
      at('OTP_REQUIRED'),
      { type: 'PASSKEY_CHALLENGE_ISSUED', nonce: 'n' },
    ],
    [
      'a passkey sign-in in a step-up',
      at('AUTHENTICATION_REQUIRED', { purpose: 'step-up' }),
      signedIn,
    ],
    [
      'a new passkey instead of a password reset code',
      at('ACCOUNT_RECOVERY_USERNAME_REQUIRED'),
      { type: 'PASSKEY_RECOVERY_VERIFIED', nonce: 'n', pairingMethod: 'FIDO2' },
    ],
  ])('refuses %s as a step the status does not take (409)', (_name, from, event) => {
    const next = transition(from, event);
    expect(next.state).toBe(from);
    expect(answered(next)).toMatchObject({ code: 'flow_step_not_possible', httpStatus: 409 });
  });

  it('refuses a passkey that does not verify with the FIDO message and a 400', () => {
    expect(answered(transition(asked, { type: 'PASSKEY_SIGN_IN_REFUSED' }))).toMatchObject({
      code: 'passkey_not_verified',
      httpStatus: 400,
    });
  });

  it('refuses a copy of a passkey (its counter went back) and audits it for the owner', () => {
    const next = transition(asked, {
      type: 'PASSKEY_SIGN_IN_CLONED',
      userId: 'user-9',
      deviceId: 'dev-key',
      deviceType: 'PLATFORM',
    });
    expect(next.state).toMatchObject({ status: 'IDENTIFIER_REQUIRED', userId: null });
    expect(answered(next)).toMatchObject({
      code: 'passkey_cloned',
      httpStatus: 400,
    });
    expect(next.effects).toEqual([
      {
        type: 'AUDIT',
        event: 'device.clone_suspected',
        userId: 'user-9',
        deviceId: 'dev-key',
        deviceType: 'PLATFORM',
      },
    ]);
  });

  it('records a failed passkey sign-in in the audit log', () => {
    expect(transition(asked, { type: 'PASSKEY_SIGN_IN_REFUSED' }).effects).toEqual([
      { type: 'AUDIT', event: 'signin.failed' },
    ]);
  });

  it('marks a passkey-only account’s forgot password as a passkey recovery', () => {
    const next = transition(at('ACCOUNT_RECOVERY_USERNAME_REQUIRED'), {
      type: 'RECOVERY_USERNAME_SUBMITTED',
      userId: 'user-9',
      username: 'pat.key',
      passkeyOnly: true,
    });
    expect(next.state).toMatchObject({ status: 'RECOVERY_CODE_REQUIRED', passkeyRecovery: true });
    expect(next.effects).toEqual([{ type: 'SEND_RECOVERY_CODE', userId: 'user-9' }]);
  });
});
