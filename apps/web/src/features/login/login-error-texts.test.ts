import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import type { FlowResponse, FlowStatus } from '@anybank/contracts';
import {
  errorTextOf,
  failureTextsOf,
  fidoServerErrorOf,
  isPairingFailure,
  maximumDevicesTextOf,
  otpErrorTextOf,
  pairingErrorTextOf,
} from './login-model';

const flow = (status: FlowStatus, extra: Partial<FlowResponse> = {}): FlowResponse => ({
  id: 'flow-1',
  status,
  ...extra,
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

  it("shows the lockout message for a locked account's code, whatever its texts", () => {
    const locked = flow('USERNAME_PASSWORD_REQUIRED', {
      code: 'VALIDATION_ERROR',
      details: [{ code: 'ACCOUNT_LOCKED', message: 'x', userMessage: 'Authentication Failed' }],
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
