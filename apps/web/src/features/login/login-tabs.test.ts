import { describe, expect, it } from 'vitest';
import { FLOW_STATUSES, messages } from '@anybank/contracts';
import type { FlowStatus } from '@anybank/contracts';
import type { FlowAnswer } from '../../lib/flow-answer';
import { initialLoginState, loginReducer, NO_FLAGS } from './login-state';
import type { LoginFlags } from './login-state';
import { LOGIN_TAB_NUMBER, LOGIN_TABS, tabFor, tabNameFor } from './login-tabs';
import { EMAIL_DEVICE } from './login.fixtures';

const flow = (status: FlowStatus, extra: Partial<FlowAnswer> = {}): FlowAnswer => ({
  id: 'flow-1',
  status,
  ...extra,
});

describe('tab names', () => {
  it('gives every name one of the 19 numbered tabs of §2.4', () => {
    for (const number of Object.values(LOGIN_TAB_NUMBER)) expect(LOGIN_TABS[number]).toBeTruthy();
    expect(new Set(Object.values(LOGIN_TAB_NUMBER)).size).toBe(19);
  });

  it.each([
    ['IDENTIFIER_REQUIRED', 'identifier'],
    ['USERNAME_PASSWORD_REQUIRED', 'password'],
    ['DEVICE_SELECTION_REQUIRED', 'deviceSelection'],
    ['OTP_REQUIRED', 'otp'],
    ['PUSH_CONFIRMATION_WAITING', 'push'],
    ['ASSERTION_REQUIRED', 'assertion'],
    ['PASSWORD_RESET_REQUIRED', 'newPassword'],
    ['FIDO2_ACTIVATION_REQUIRED', 'passkeyRegistration'],
    ['FAILED', 'failure'],
  ] as const)('names the tab of %s %s', (status, name) => {
    expect(tabNameFor(flow(status), NO_FLAGS)).toBe(name);
  });

  it('numbers each status as its name says', () => {
    for (const status of FLOW_STATUSES) {
      expect(tabFor(flow(status), NO_FLAGS)).toBe(
        LOGIN_TAB_NUMBER[tabNameFor(flow(status), NO_FLAGS)],
      );
    }
  });

  it("asks a step-up's password on tab 1, never the username", () => {
    expect(tabNameFor(flow('USERNAME_PASSWORD_REQUIRED'), NO_FLAGS, 'step-up')).toBe(
      'stepUpPassword',
    );
    expect(tabNameFor(flow('USERNAME_PASSWORD_REQUIRED'), NO_FLAGS, 'sign-in')).toBe('password');
    expect(tabNameFor(flow('OTP_REQUIRED'), NO_FLAGS, 'step-up')).toBe('otp');
  });
});

describe("the modal's state", () => {
  it('starts a pairing from the profile page at the device types', () => {
    expect(initialLoginState(true).flags.addingDevice).toBe(true);
    expect(initialLoginState(false).flags).toEqual(NO_FLAGS);
  });

  it('changes only the flags named', () => {
    const state = loginReducer(initialLoginState(true), {
      type: 'flags',
      flags: { pushFailed: true },
    });
    expect(state.flags).toEqual({ ...NO_FLAGS, addingDevice: true, pushFailed: true });
    expect(loginReducer(state, { type: 'busy', busy: true })).toEqual({ ...state, busy: true });
  });
});

describe('login tabs', () => {
  it('numbers the tabs 1 to 19, each with its purpose', () => {
    expect(Object.keys(LOGIN_TABS).map(Number)).toEqual(
      Array.from({ length: 19 }, (_, index) => index + 1),
    );
  });

  it.each([
    ['IDENTIFIER_REQUIRED', 1],
    ['USERNAME_PASSWORD_REQUIRED', 1],
    ['DEVICE_SELECTION_REQUIRED', 2],
    ['DEVICE_PROFILE_REQUIRED', 2],
    ['OTP_REQUIRED', 3],
    ['IDENTITY_VERIFICATION_REQUIRED', 3],
    ['SIGN_IN_RECOVERY_CODE_REQUIRED', 3],
    ['AUTHENTICATION_REQUIRED', 6],
    ['MFA_COMPLETED', 6],
    ['RESUME', 6],
    ['PUSH_CONFIRMATION_WAITING', 7],
    ['PUSH_CONFIRMATION_REJECTED', 7],
    ['PUSH_CONFIRMATION_TIMED_OUT', 7],
    ['DEVICE_PAIRING_METHOD_REQUIRED', 8],
    ['EMAIL_PAIRING_TARGET_REQUIRED', 10],
    ['SMS_PAIRING_TARGET_REQUIRED', 10],
    ['EMAIL_ACTIVATION_REQUIRED', 11],
    ['SMS_ACTIVATION_REQUIRED', 11],
    ['FIDO2_ACTIVATION_REQUIRED', 13],
    ['ASSERTION_REQUIRED', 14],
    ['PASSWORD_RESET_REQUIRED', 14],
    ['TOTP_ACTIVATION_REQUIRED', 15],
    ['ACCOUNT_RECOVERY_USERNAME_REQUIRED', 16],
    ['RECOVERY_CODE_REQUIRED', 17],
    ['SUCCESSFUL_PASSWORD_RESET', 18],
    ['FAILED', 19],
  ] as const)('shows %s on tab %i', (status, tab) => {
    expect(tabFor(flow(status), NO_FLAGS)).toBe(tab);
  });

  it('maps every status of the contracts (the table above is complete)', () => {
    expect(FLOW_STATUSES).toHaveLength(26);
  });

  const PAIRED = { ...EMAIL_DEVICE, id: 'd2', type: 'TOTP', name: 'Authenticator app' } as const;
  it.each<[string, FlowAnswer | null, Partial<LoginFlags>, number]>([
    ['the pairing offer', flow('DEVICE_PAIRING_METHOD_REQUIRED'), {}, 8],
    [
      "the device types, once 'Add a device' was chosen",
      flow('DEVICE_PAIRING_METHOD_REQUIRED'),
      { addingDevice: true },
      9,
    ],
    [
      'the maximum-devices message, whatever was chosen',
      flow('DEVICE_PAIRING_METHOD_REQUIRED', {
        refusal: { code: 'pairing_device_limit', message: 'MAXIMUM ALLOWED METHODS LIMIT' },
      }),
      { addingDevice: true },
      8,
    ],
    [
      'a refused pairing method stays on the list',
      flow('DEVICE_PAIRING_METHOD_REQUIRED', {
        refusal: { code: 'pairing_target_refused', message: 'x' },
      }),
      { addingDevice: true },
      9,
    ],
    ['the pairing success', flow('MFA_COMPLETED', { pairedDevice: PAIRED }), {}, 12],
    ['a pairing failure', flow('TOTP_ACTIVATION_REQUIRED'), { pairingFailed: true }, 12],
    [
      'forgot username: the address',
      flow('IDENTIFIER_REQUIRED'),
      { forgotUsername: { sentTo: null } },
      4,
    ],
    [
      'forgot username: sent',
      flow('IDENTIFIER_REQUIRED'),
      { forgotUsername: { sentTo: 'jane.doe@example.com' } },
      5,
    ],
    [
      'a denied push, then the method list',
      flow('DEVICE_SELECTION_REQUIRED'),
      { pushFailed: true },
      2,
    ],
  ])('shows %s on its tab', (_case, response, flags, tab) => {
    expect(tabFor(response, { ...NO_FLAGS, ...flags })).toBe(tab);
  });

  it('gives every status a tab', () => {
    for (const status of FLOW_STATUSES) {
      const tab = tabFor(flow(status), NO_FLAGS);
      expect(tab).toBeGreaterThanOrEqual(1);
      expect(tab).toBeLessThanOrEqual(19);
    }
  });

  it('waits on tab 6 until the flow is read', () => {
    expect(tabFor(null, NO_FLAGS)).toBe(6);
  });

  it('stays on tab 1 for an unknown username, and on tab 3 at the OTP limit', () => {
    const unknown = flow('FAILED', {
      adapter: 'IDFirst',
      refusal: { code: 'INVALID_USERNAME', message: messages.login.invalidUsername },
    });
    expect(tabFor(unknown, NO_FLAGS)).toBe(1);
    expect(
      tabFor(flow('OTP_REQUIRED', { refusal: { code: 'otp_attempts_limit', message: 'x' } }), {
        ...NO_FLAGS,
        otpAttemptsLimit: true,
      }),
    ).toBe(3);
  });
});
