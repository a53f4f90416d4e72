import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import {
  newPasswordProblem,
  oppositeMethod,
  signInMethodOutcomeOf,
  signInMethodRequest,
} from './sign-in-method-rules';

describe('the sign-in method switch', () => {
  it('offers the opposite method', () => {
    expect(oppositeMethod('Password')).toBe('Device');
    expect(oppositeMethod('Device')).toBe('Password');
  });

  it('checks the new password and its confirmation (§5)', () => {
    expect(newPasswordProblem('Fresh.Start2026', 'Fresh.Start2026')).toBeNull();
    expect(newPasswordProblem('Fresh.Start2026', 'Fresh.Start2027')).toEqual({
      kind: 'mismatch',
      message: messages.validation.passwordsMustMatch,
    });
    expect(newPasswordProblem('short', 'short')).toEqual({
      kind: 'weak',
      message: messages.validation.passwordHint,
    });
    expect(newPasswordProblem('', '')?.kind).toBe('weak');
  });

  it('puts the preference under the product key, with the password list for Password', () => {
    const common = { productId: 'anybank', accessToken: 'at', hostname: 'localhost' };
    expect(signInMethodRequest({ ...common, preference: 'Device' })).toEqual({
      hostname: 'localhost',
      accessToken: 'at',
      rawData: { anybankUserAuthnPreferences: 'Device' },
    });
    expect(
      signInMethodRequest({ ...common, preference: 'Password', newPassword: 'Fresh.Start2026' })
        .rawData,
    ).toEqual({ anybankUserAuthnPreferences: 'Password', userPassword: ['Fresh.Start2026'] });
  });

  it('reads success, the first detail message, or the default text (§7, §8)', () => {
    expect(signInMethodOutcomeOf({ kind: 'ok', body: { success: true } })).toEqual({ ok: true });
    expect(
      signInMethodOutcomeOf({
        kind: 'ok',
        body: {
          success: false,
          additionalProperties: { body: { details: [{ message: 'Too weak' }, { message: 'x' }] } },
        },
      }),
    ).toEqual({ ok: false, message: 'Too weak' });
    const unexpected = { ok: false, message: messages.signInMethod.unexpected };
    expect(signInMethodOutcomeOf({ kind: 'ok', body: { success: false } })).toEqual(unexpected);
    expect(signInMethodOutcomeOf({ kind: 'ok', body: null })).toEqual(unexpected);
    expect(signInMethodOutcomeOf({ kind: 'failed', reason: 'HTTP 500' })).toEqual(unexpected);
    expect(
      signInMethodOutcomeOf({
        kind: 'refused',
        status: 400,
        message: 'Please check your input.',
        details: [{ field: 'rawData', message: 'Invalid option' }],
      }),
    ).toEqual({ ok: false, message: 'Invalid option' });
    expect(
      signInMethodOutcomeOf({ kind: 'refused', status: 401, message: 'Sign in', details: [] }),
    ).toEqual(unexpected);
  });
});
