import { describe, expect, it } from 'vitest';
import type { FlowStatus } from '@anybank/contracts';
import type { FlowAnswer } from '../../lib/flow-answer';
import { NO_FLAGS } from './login-state';
import { reactionTo } from './login-model';
import { tabFor, tabNameFor } from './login-tabs';

/** Where the login modal shows a recovery code's entry and its outcome. */

const flow = (status: FlowStatus, extra: Partial<FlowAnswer> = {}): FlowAnswer => ({
  id: 'flow-1',
  status,
  ...extra,
});

describe('the recovery code in the login modal', () => {
  it.each<[string, FlowAnswer, string]>([
    ['the entry of a code', flow('SIGN_IN_RECOVERY_CODE_REQUIRED'), 'recoveryCodeSignIn'],
    [
      'a wrong code, on the entry still',
      flow('SIGN_IN_RECOVERY_CODE_REQUIRED', {
        refusal: { code: 'wrong_recovery_code', message: 'x' },
      }),
      'recoveryCodeSignIn',
    ],
    [
      'how many are left after one',
      flow('MFA_COMPLETED', { recoveryCodesLeft: 9 }),
      'recoveryCodeUsed',
    ],
    [
      'none left after the last one',
      flow('MFA_COMPLETED', { recoveryCodesLeft: 0 }),
      'recoveryCodeUsed',
    ],
    ['a second factor done another way', flow('MFA_COMPLETED'), 'waiting'],
    [
      'the device choice, with the offer beside it',
      flow('DEVICE_SELECTION_REQUIRED', { recoveryCodeOffered: true }),
      'deviceSelection',
    ],
  ])('shows %s on its tab', (_case, response, name) => {
    expect(tabNameFor(response, NO_FLAGS)).toBe(name);
  });

  it('counts the code as a one-time code of tab 3 (no tab of its own in §2.4)', () => {
    expect(tabFor(flow('SIGN_IN_RECOVERY_CODE_REQUIRED'), NO_FLAGS)).toBe(3);
  });

  it.each<[string, FlowAnswer, ReturnType<typeof reactionTo>]>([
    [
      'waits on the count of codes left for the customer’s Continue',
      flow('MFA_COMPLETED', { recoveryCodesLeft: 2 }),
      { kind: 'show' },
    ],
    [
      'goes on by itself after another second factor',
      flow('MFA_COMPLETED'),
      { kind: 'post', step: 'continueAuthentication', withDeviceProfile: false },
    ],
    ['shows the entry of a code', flow('SIGN_IN_RECOVERY_CODE_REQUIRED'), { kind: 'show' }],
  ])('%s', (_case, response, reaction) => {
    expect(reactionTo(response)).toEqual(reaction);
  });
});
