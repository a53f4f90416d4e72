import { describe, expect, it } from 'vitest';
import { FLOW_STATUSES, messages } from '@anybank/contracts';
import type { FlowResponse, FlowStatus } from '@anybank/contracts';
import {
  LOGIN_TABS,
  NO_FLAGS,
  closeDestination,
  errorTextOf,
  failureTextsOf,
  fidoServerErrorOf,
  isPairingFailure,
  maximumDevicesTextOf,
  otpErrorTextOf,
  pairingErrorTextOf,
  pushPollingDone,
  reactionTo,
  storedFlowResponse,
  tabFor,
} from './login-model';
import type { LoginFlags } from './login-model';

const flow = (status: FlowStatus, extra: Partial<FlowResponse> = {}): FlowResponse => ({
  id: 'flow-1',
  status,
  ...extra,
});

const EMAIL_DEVICE = {
  id: 'd1',
  type: 'Email',
  name: 'Email',
  target: 'j*****e@example.com',
} as const;

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
    expect(FLOW_STATUSES).toHaveLength(25);
  });

  const PAIRED = { ...EMAIL_DEVICE, id: 'd2', type: 'TOTP', name: 'Authenticator app' } as const;
  it.each<[string, FlowResponse | null, Partial<LoginFlags>, number]>([
    ['the pairing offer', flow('DEVICE_PAIRING_METHOD_REQUIRED'), {}, 8],
    [
      "the device types, once 'Add a device' was chosen",
      flow('DEVICE_PAIRING_METHOD_REQUIRED'),
      { addingDevice: true },
      9,
    ],
    [
      'the maximum-devices message, whatever was chosen',
      flow('DEVICE_PAIRING_METHOD_REQUIRED', { code: 'MAXIMUM_ALLOWED_METHODS_LIMIT' }),
      { addingDevice: true },
      8,
    ],
    [
      'a refused pairing method stays on the list',
      flow('DEVICE_PAIRING_METHOD_REQUIRED', { code: 'VALIDATION_ERROR' }),
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
    expect(tabFor(flow('FAILED', { adapter: 'IDFirst', code: 'INVALID_USERNAME' }), NO_FLAGS)).toBe(
      1,
    );
    expect(
      tabFor(flow('OTP_REQUIRED', { code: 'OTP_ATTEMPTS_LIMIT' }), {
        ...NO_FLAGS,
        otpAttemptsLimit: true,
      }),
    ).toBe(3);
  });
});

describe('what the modal does by itself', () => {
  it('continues after MFA, authenticates, and goes to resumeUrl', () => {
    expect(reactionTo(flow('MFA_COMPLETED'))).toEqual({
      kind: 'post',
      step: 'continueAuthentication',
      withDeviceProfile: false,
    });
    expect(reactionTo(flow('AUTHENTICATION_REQUIRED'))).toEqual({
      kind: 'post',
      step: 'authenticate',
      withDeviceProfile: true,
    });
    expect(reactionTo(flow('RESUME', { resumeUrl: '/as/authorization.oauth2/f1' }))).toEqual({
      kind: 'navigate',
      url: '/as/authorization.oauth2/f1',
    });
  });

  it('ends a profile pairing at RESUME without resumeUrl, where a sign-in shows an error', () => {
    expect(reactionTo(flow('RESUME'), 'pairing')).toEqual({ kind: 'done' });
    expect(reactionTo(flow('RESUME'))).toMatchObject({ kind: 'error-modal' });
    expect(
      reactionTo(flow('RESUME', { resumeUrl: '/as/authorization.oauth2/f1' }), 'pairing'),
    ).toEqual({ kind: 'navigate', url: '/as/authorization.oauth2/f1' });
  });

  it('sends the device profile alone only when there is no method to choose', () => {
    expect(reactionTo(flow('DEVICE_PROFILE_REQUIRED', { devices: [] }))).toEqual({
      kind: 'post',
      step: 'submitDeviceProfile',
      withDeviceProfile: true,
    });
    expect(reactionTo(flow('DEVICE_PROFILE_REQUIRED', { devices: [EMAIL_DEVICE] }))).toEqual({
      kind: 'show',
    });
  });

  it('waits for the user on the steps that need them', () => {
    for (const status of [
      'IDENTIFIER_REQUIRED',
      'USERNAME_PASSWORD_REQUIRED',
      'OTP_REQUIRED',
    ] as const) {
      expect(reactionTo(flow(status))).toEqual({ kind: 'show' });
    }
  });

  it('never repeats a step by itself after an error answer', () => {
    expect(reactionTo(flow('MFA_COMPLETED', { code: 'REQUEST_FAILED' }))).toEqual({ kind: 'show' });
  });

  it('reloads after an IDFirst failure, and stops at the OTP attempt limit', () => {
    expect(reactionTo(flow('FAILED', { adapter: 'IDFirst', code: 'INVALID_USERNAME' }))).toEqual({
      kind: 'reload-invalid-username',
      message: messages.login.invalidUsername,
    });
    expect(
      reactionTo(
        flow('FAILED', {
          adapter: 'IDFirst',
          code: 'WRONG_USER_TYPE',
          userMessage: messages.login.wrongUserType,
        }),
      ),
    ).toEqual({ kind: 'reload-invalid-username', message: messages.login.wrongUserType });
    expect(reactionTo(flow('OTP_REQUIRED', { code: 'OTP_ATTEMPTS_LIMIT' }))).toEqual({
      kind: 'otp-attempts-limit',
    });
  });

  it('opens the error modal for a risk denial and an expired flow', () => {
    expect(
      reactionTo(flow('FAILED', { code: 'RISK_DENIED', message: 'Access Denied: Block' })),
    ).toEqual({
      kind: 'error-modal',
      error: { title: messages.login.unexpectedErrorTitle, message: 'Access Denied: Block' },
    });
    expect(reactionTo(flow('OTP_REQUIRED', { code: 'FLOW_EXPIRED' }))).toEqual({
      kind: 'error-modal',
      error: { title: messages.login.unexpectedErrorTitle, message: messages.login.flowExpired },
    });
  });

  it('shows other failures on tab 19', () => {
    expect(reactionTo(flow('FAILED', { code: 'WRONG_USER_TYPE' }))).toEqual({ kind: 'show' });
    expect(
      reactionTo(flow('FAILED', { code: 'REQUEST_FAILED', message: 'Password recovery failed' })),
    ).toEqual({ kind: 'show' });
  });

  it('follows a cancelled sign-in of another application back there', () => {
    expect(reactionTo(flow('FAILED', { resumeUrl: '/as/authorization.oauth2/f1' }))).toEqual({
      kind: 'navigate',
      url: '/as/authorization.oauth2/f1',
    });
  });

  it('cancels a denied or timed-out push (§4.3)', () => {
    expect(reactionTo(flow('PUSH_CONFIRMATION_REJECTED'))).toEqual({ kind: 'cancel-after-push' });
    expect(reactionTo(flow('PUSH_CONFIRMATION_TIMED_OUT'))).toEqual({
      kind: 'cancel-after-push',
    });
    expect(reactionTo(flow('PUSH_CONFIRMATION_WAITING'))).toEqual({ kind: 'show' });
  });

  it('shows the pairing result before continuing', () => {
    expect(reactionTo(flow('MFA_COMPLETED', { pairedDevice: EMAIL_DEVICE }))).toEqual({
      kind: 'show',
    });
  });

  it('waits for the person on every pairing and recovery step', () => {
    for (const status of [
      'DEVICE_PAIRING_METHOD_REQUIRED',
      'EMAIL_PAIRING_TARGET_REQUIRED',
      'SMS_ACTIVATION_REQUIRED',
      'TOTP_ACTIVATION_REQUIRED',
      'FIDO2_ACTIVATION_REQUIRED',
      'ASSERTION_REQUIRED',
      'ACCOUNT_RECOVERY_USERNAME_REQUIRED',
      'RECOVERY_CODE_REQUIRED',
      'PASSWORD_RESET_REQUIRED',
      'SUCCESSFUL_PASSWORD_RESET',
    ] as const) {
      expect(reactionTo(flow(status))).toEqual({ kind: 'show' });
    }
  });
});

describe('push polling (§4.3)', () => {
  it.each([
    [flow('PUSH_CONFIRMATION_WAITING'), false],
    [flow('MFA_COMPLETED'), true],
    [flow('PUSH_CONFIRMATION_REJECTED'), true],
    [flow('PUSH_CONFIRMATION_TIMED_OUT'), true],
    [flow('PUSH_CONFIRMATION_WAITING', { code: 'INVALID_ACTION_ID' }), true],
    [flow('AUTHENTICATION_REQUIRED'), true],
  ])('%o is the last answer: %s', (response, done) => {
    expect(pushPollingDone(response)).toBe(done);
  });
});

describe('pairing answers (§8)', () => {
  const refused = (code: string, extra: Partial<FlowResponse> = {}) =>
    flow('EMAIL_PAIRING_TARGET_REQUIRED', { code, ...extra });

  it("shows a refused target or code by the first detail's message", () => {
    expect(
      pairingErrorTextOf(
        refused('VALIDATION_ERROR', {
          message: messages.login.duplicateDevice,
          userMessage: messages.login.pairingFailure,
          details: [
            {
              code: 'INVALID_VALUE',
              message: messages.login.duplicateDevice,
              userMessage: messages.login.pairingFailure,
            },
          ],
        }),
      ),
    ).toBe(messages.login.duplicateDevice);
    expect(pairingErrorTextOf(refused('REQUEST_FAILED', { message: 'Wrong code' }))).toBe(
      'Wrong code',
    );
    expect(pairingErrorTextOf(flow('EMAIL_ACTIVATION_REQUIRED'))).toBeNull();
  });

  it.each([
    ['a refused code', refused('REQUEST_FAILED'), false],
    ['a refused target', refused('VALIDATION_ERROR'), false],
    ['the device limit', refused('MAXIMUM_ALLOWED_METHODS_LIMIT'), false],
    ['an expired sign-in (the error modal)', refused('FLOW_EXPIRED'), false],
    ['a step out of order', refused('INVALID_REQUEST'), true],
    ['no answer at all', null, true],
    ['a step that moved on', flow('EMAIL_ACTIVATION_REQUIRED'), false],
  ])('%s fails the pairing: %s', (_case, response, failed) => {
    expect(isPairingFailure(response)).toBe(failed);
  });

  it('words the device limit as its code with spaces', () => {
    expect(maximumDevicesTextOf(refused('MAXIMUM_ALLOWED_METHODS_LIMIT'))).toBe(
      'MAXIMUM ALLOWED METHODS LIMIT',
    );
    expect(maximumDevicesTextOf(flow('DEVICE_PAIRING_METHOD_REQUIRED'))).toBeNull();
  });

  it("shows a FIDO refusal by the server's userMessage", () => {
    expect(
      fidoServerErrorOf(
        flow('FIDO2_ACTIVATION_REQUIRED', {
          code: 'REQUEST_FAILED',
          message: 'x',
          userMessage: messages.login.fidoAlreadyRegistered,
        }),
      ),
    ).toBe(messages.login.fidoAlreadyRegistered);
    expect(fidoServerErrorOf(flow('ASSERTION_REQUIRED'))).toBeNull();
  });
});

describe('error texts (§8)', () => {
  it("shows the first detail's userMessage", () => {
    const wrong = flow('USERNAME_PASSWORD_REQUIRED', {
      code: 'VALIDATION_ERROR',
      message: 'Validation failed',
      details: [
        {
          code: 'INVALID_CREDENTIALS',
          message: 'x',
          userMessage: messages.login.incorrectPassword,
        },
      ],
    });
    expect(errorTextOf(wrong)).toBe(messages.login.incorrectPassword);
    expect(errorTextOf(flow('USERNAME_PASSWORD_REQUIRED'))).toBeNull();
  });

  it("replaces the form adapter's 'Authentication Failed' with the lockout message", () => {
    const locked = flow('USERNAME_PASSWORD_REQUIRED', {
      code: 'VALIDATION_ERROR',
      details: [{ code: 'x', message: 'x', userMessage: 'Authentication Failed' }],
    });
    expect(errorTextOf(locked)).toBe(messages.login.lockedOut);
  });

  it("falls back to 'An error occurred' for an OTP error without a userMessage", () => {
    expect(otpErrorTextOf(flow('OTP_REQUIRED', { code: 'INVALID_OTP' }))).toBe(
      messages.login.otpErrorDefault,
    );
    expect(
      otpErrorTextOf(
        flow('OTP_REQUIRED', {
          code: 'INVALID_OTP',
          details: [
            { code: 'INVALID_OTP', message: 'x', userMessage: messages.login.incorrectOtp },
          ],
        }),
      ),
    ).toBe(messages.login.incorrectOtp);
  });

  it("gives tab 19 the failure's message and userMessage, or the default text", () => {
    expect(failureTextsOf(flow('FAILED', { message: 'Failed', userMessage: 'Try later' }))).toEqual(
      ['Failed', 'Try later'],
    );
    expect(failureTextsOf(flow('FAILED'))).toEqual([messages.login.unexpectedErrorText]);
  });
});

describe('stored flow response', () => {
  it("reads this flow's response and ignores another flow's or a broken one", () => {
    const json = JSON.stringify(flow('OTP_REQUIRED'));
    expect(storedFlowResponse(json, 'flow-1')?.status).toBe('OTP_REQUIRED');
    expect(storedFlowResponse(json, 'flow-2')).toBeNull();
    expect(storedFlowResponse('{broken', 'flow-1')).toBeNull();
    expect(storedFlowResponse(null, 'flow-1')).toBeNull();
  });
});

describe('closing the modal', () => {
  const retail = 'https://retail.anybank.example';

  it('goes home from anywhere but the retail site', () => {
    expect(closeDestination('', retail)).toEqual({ external: false, to: '/' });
    expect(closeDestination('http://localhost:8080/', retail)).toEqual({
      external: false,
      to: '/',
    });
    expect(closeDestination('https://retail.anybank.example.evil.test/', retail)).toEqual({
      external: false,
      to: '/',
    });
  });

  it('returns to the retail site with error=access_denied', () => {
    expect(closeDestination('https://retail.anybank.example/checkout?cart=1', retail)).toEqual({
      external: true,
      to: 'https://retail.anybank.example/?error=access_denied',
    });
  });
});
