import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import type { ApiErrorCode, FlowStatus } from '@anybank/contracts';
import type { FlowAnswer } from '../../lib/flow-answer';
import { closeDestination, pushPollingDone, reactionTo, storedFlowResponse } from './login-model';
import { FlowRequestError, errorOfFailure } from './flow-request-error';
import { EMAIL_DEVICE } from './login.fixtures';

const flow = (status: FlowStatus, extra: Partial<FlowAnswer> = {}): FlowAnswer => ({
  id: 'flow-1',
  status,
  ...extra,
});

/** The flow after the server refused its step with `code` (and `message`). */
const refusedAt = (status: FlowStatus, code: ApiErrorCode, message = 'x', extra = {}) =>
  flow(status, { refusal: { code, message }, ...extra });

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
    expect(reactionTo(refusedAt('MFA_COMPLETED', 'pairing_activation_refused'))).toEqual({
      kind: 'show',
    });
  });

  it('reloads after an IDFirst failure, and stops at the OTP attempt limit', () => {
    expect(
      reactionTo(refusedAt('FAILED', 'INVALID_USERNAME', 'x', { adapter: 'IDFirst' })),
    ).toEqual({
      kind: 'reload-invalid-username',
      message: messages.login.invalidUsername,
    });
    expect(
      reactionTo(
        refusedAt('FAILED', 'wrong_user_type', messages.login.wrongUserType, {
          adapter: 'IDFirst',
        }),
      ),
    ).toEqual({ kind: 'reload-invalid-username', message: messages.login.wrongUserType });
    expect(reactionTo(refusedAt('OTP_REQUIRED', 'otp_attempts_limit'))).toEqual({
      kind: 'otp-attempts-limit',
    });
    expect(
      reactionTo(refusedAt('SIGN_IN_RECOVERY_CODE_REQUIRED', 'recovery_code_attempts_limit')),
    ).toEqual({
      kind: 'otp-attempts-limit',
    });
  });

  it('opens the error modal for a risk denial and an expired flow', () => {
    expect(reactionTo(refusedAt('FAILED', 'risk_denied', 'Access Denied: Block'))).toEqual({
      kind: 'error-modal',
      error: { title: messages.login.signInBlockedTitle, message: 'Access Denied: Block' },
    });
    // An expired flow is no flow response: the server answers 410 with its message.
    const expired = new FlowRequestError(
      'unexpected',
      'The flow answered 410 without a flow response',
      messages.login.flowExpired,
    );
    expect(errorOfFailure(expired)).toEqual({
      title: messages.login.unexpectedErrorTitle,
      message: messages.login.flowExpired,
    });
  });

  it('shows other failures on tab 19', () => {
    expect(reactionTo(refusedAt('FAILED', 'wrong_user_type'))).toEqual({ kind: 'show' });
    expect(
      reactionTo(refusedAt('FAILED', 'recovery_failed', messages.login.recoveryFailed)),
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
    [refusedAt('PUSH_CONFIRMATION_WAITING', 'push_unknown'), true],
    [flow('AUTHENTICATION_REQUIRED'), true],
  ])('%o is the last answer: %s', (response, done) => {
    expect(pushPollingDone(response)).toBe(done);
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
