import { randomUUID } from 'node:crypto';
import { SIGN_IN_PASSWORD_MAX_LENGTH } from '@anybank/contracts';
import { DomainError } from '../../../../domain-error';
import { stepUpPasswordPrompt } from '../../challenge/prompt-form';
import { displayAsStored } from '../device-display';
import { FACTOR_DEFAULTS, type Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';

/**
 * The password, the first factor of a customer who signs in with one (document 1 §4.1): the
 * credentials service checks it and keeps the lockout (5 wrong in 15 minutes lock a minute).
 * No device: it is never listed, selected or paired.
 */
export function passwordFactor(deps: FactorDeps): Factor {
  return {
    ...FACTOR_DEFAULTS,
    name: 'password',
    deviceTypes: [],
    prompt: null,
    usable: () => false,
    display: displayAsStored,

    // A step-up asks the signed-in customer's password as a prompt; a sign-in's password goes
    // with its username (the identifier tab), no prompt.
    responseFields: (call) =>
      Promise.resolve(
        call.state.purpose === 'step-up'
          ? { challengePrompt: stepUpPasswordPrompt('password', SIGN_IN_PASSWORD_MAX_LENGTH) }
          : {},
      ),

    async verify(call, answer) {
      if (answer.kind !== 'password') throw new DomainError('flow_step_unknown');
      if (answer.username !== call.state.username) {
        throw new DomainError('flow_username_mismatch');
      }
      const check = await deps.passwords.checkPassword(answer.username, answer.password, {
        ip: call.context.ip,
      });
      if (check.ok && check.user.passwordMustChange) return { type: 'PASSWORD_MUST_CHANGE' };
      if (check.ok)
        return {
          type: 'PASSWORD_ACCEPTED',
          devices: await call.machineDevices(check.user.id),
          nonce: randomUUID(),
        };
      return check.reason === 'locked'
        ? { type: 'PASSWORD_LOCKED' }
        : { type: 'PASSWORD_REJECTED' };
    },
  };
}
