import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import { policyAnswerOf } from '../../lib/policy-answer';
import { groupPairingKey, newPasswordProblem } from './field-rules';
import { usernameRecoveryOutcome, usernameRecoveryRequest } from './username-recovery';

const GOOD = 'New.Passw0rd!2026';

describe('a new password and its confirmation (§5)', () => {
  it.each([
    ['a good password, confirmed', GOOD, GOOD, null],
    ['too short', 'Sh0rt!', 'Sh0rt!', { message: messages.validation.passwordHint }],
    [
      'a character outside the rule',
      'New Passw0rd!2026',
      'New Passw0rd!2026',
      { message: messages.validation.passwordHint },
    ],
    [
      'a confirmation that differs',
      GOOD,
      `${GOOD}x`,
      {
        title: messages.validation.passwordsMustMatchTitle,
        message: messages.validation.passwordsMustMatchLogin,
      },
    ],
  ])('%s', (_case, password, confirmation, problem) => {
    expect(newPasswordProblem(password, confirmation)).toEqual(problem);
  });

  it("says 'Passwords must match' under 'Error Encountered'", () => {
    expect(messages.validation.passwordsMustMatchLogin).toBe('Passwords must match');
    expect(messages.validation.passwordsMustMatchTitle).toBe('Error Encountered');
  });
});

describe('the authenticator key', () => {
  it('is shown in groups of four', () => {
    expect(groupPairingKey('JBSWY3DPEHPK3PXPJBSWY3DP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(groupPairingKey('ABCDEF')).toBe('ABCD EF');
    expect(groupPairingKey('')).toBe('');
  });
});

describe('username recovery (§7, §8)', () => {
  it('sends the host, the address and its base64', () => {
    expect(usernameRecoveryRequest('jane.doe@example.com', 'localhost')).toEqual({
      hostname: 'localhost',
      mail: 'jane.doe@example.com',
      encodedMail: 'amFuZS5kb2VAZXhhbXBsZS5jb20=',
    });
  });

  it.each([
    ['success', policyAnswerOf(200, { success: true }), { kind: 'sent' }],
    [
      'an unknown address',
      policyAnswerOf(200, { success: false, message: 'x' }),
      { kind: 'failed', message: messages.login.usernameRecoveryFailure },
    ],
    [
      'too many e-mails (429)',
      policyAnswerOf(429, { message: 'Please wait a few minutes.' }),
      { kind: 'failed', message: 'Please wait a few minutes.' },
    ],
    [
      'a server error',
      policyAnswerOf(500, { message: 'Unexpected Error.' }),
      { kind: 'failed', message: messages.login.usernameRecoveryFailure },
    ],
    ['no token', null, { kind: 'failed', message: messages.login.usernameRecoveryFailure }],
  ] as const)('%s', (_case, answer, outcome) => {
    expect(usernameRecoveryOutcome(answer)).toEqual(outcome);
  });
});
