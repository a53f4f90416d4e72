import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import type { ApiErrorCode, FlowStatus } from '@anybank/contracts';
import type { FlowAnswer } from '../../lib/flow-answer';
import {
  errorTextOf,
  failureTextsOf,
  fidoServerErrorOf,
  isPairingFailure,
  maximumDevicesTextOf,
  otpErrorTextOf,
  pairingErrorTextOf,
} from './login-model';

const flow = (status: FlowStatus, extra: Partial<FlowAnswer> = {}): FlowAnswer => ({
  id: 'flow-1',
  status,
  ...extra,
});

/** The flow after the server refused its step with `code` and `message` (ADR 0025). */
const refusedAt = (status: FlowStatus, code: ApiErrorCode, message = 'x'): FlowAnswer =>
  flow(status, { refusal: { code, message } });

describe('pairing answers (§8)', () => {
  const refused = (code: ApiErrorCode, message = 'x') =>
    refusedAt('EMAIL_PAIRING_TARGET_REQUIRED', code, message);

  it("shows a refused target or code by the refusal's message", () => {
    expect(
      pairingErrorTextOf(refused('pairing_target_refused', messages.login.duplicateDevice)),
    ).toBe(messages.login.duplicateDevice);
    expect(pairingErrorTextOf(refused('pairing_activation_refused', 'Wrong code'))).toBe(
      'Wrong code',
    );
    expect(pairingErrorTextOf(flow('EMAIL_ACTIVATION_REQUIRED'))).toBeNull();
  });

  it.each([
    ['a refused code', refused('pairing_activation_refused'), false],
    ['a refused target', refused('pairing_target_refused'), false],
    ['the device limit', refused('pairing_device_limit'), false],
    ['a step out of order', refused('flow_step_not_possible'), true],
    ['no answer at all', null, true],
    ['a step that moved on', flow('EMAIL_ACTIVATION_REQUIRED'), false],
  ])('%s fails the pairing: %s', (_case, response, failed) => {
    expect(isPairingFailure(response)).toBe(failed);
  });

  it("words the device limit as the server's message", () => {
    expect(
      maximumDevicesTextOf(refused('pairing_device_limit', 'MAXIMUM ALLOWED METHODS LIMIT')),
    ).toBe('MAXIMUM ALLOWED METHODS LIMIT');
    expect(maximumDevicesTextOf(flow('DEVICE_PAIRING_METHOD_REQUIRED'))).toBeNull();
  });

  it("shows a FIDO refusal by the server's message", () => {
    expect(
      fidoServerErrorOf(
        refusedAt(
          'FIDO2_ACTIVATION_REQUIRED',
          'pairing_activation_refused',
          messages.login.fidoAlreadyRegistered,
        ),
      ),
    ).toBe(messages.login.fidoAlreadyRegistered);
    expect(fidoServerErrorOf(flow('ASSERTION_REQUIRED'))).toBeNull();
  });
});

describe('error texts (§8)', () => {
  it("shows the refusal's message", () => {
    const wrong = refusedAt(
      'USERNAME_PASSWORD_REQUIRED',
      'wrong_password',
      messages.login.incorrectPassword,
    );
    expect(errorTextOf(wrong)).toBe(messages.login.incorrectPassword);
    expect(errorTextOf(flow('USERNAME_PASSWORD_REQUIRED'))).toBeNull();
  });

  it("falls back to 'An error occurred' for an OTP refusal without words", () => {
    expect(otpErrorTextOf(refusedAt('OTP_REQUIRED', 'wrong_otp', ''))).toBe(
      messages.login.otpErrorDefault,
    );
    expect(
      otpErrorTextOf(refusedAt('OTP_REQUIRED', 'wrong_otp', messages.login.incorrectOtp)),
    ).toBe(messages.login.incorrectOtp);
    expect(otpErrorTextOf(flow('OTP_REQUIRED'))).toBeNull();
  });

  it("gives tab 19 the refusal's message, or the default text", () => {
    expect(
      failureTextsOf(refusedAt('FAILED', 'recovery_failed', messages.login.recoveryFailed)),
    ).toEqual([messages.login.recoveryFailed]);
    expect(failureTextsOf(flow('FAILED'))).toEqual([messages.login.unexpectedErrorText]);
  });
});
