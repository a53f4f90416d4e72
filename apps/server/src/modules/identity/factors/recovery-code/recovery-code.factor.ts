import { RECOVERY_CODE_CHARS } from '@anybank/contracts';
import { DomainError } from '../../../../domain-error';
import { recoveryCodePrompt } from '../../challenge/prompt-form';
import { displayAsStored } from '../device-display';
import { FACTOR_DEFAULTS, type Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';

/**
 * A recovery code instead of the second factor. It is no device: nothing is listed
 * or selected, and nothing is sent; the device choice offers it (`offered`) to a customer with
 * unused codes, and `verify` checks and burns the code typed (recovery-code.service.ts). The
 * machine's part is flow/recovery-code.rules.ts.
 */
export function recoveryCodeFactor(deps: FactorDeps): Factor {
  return {
    ...FACTOR_DEFAULTS,
    name: 'recovery-code',
    deviceTypes: [],
    prompt: null,
    usable: () => false,
    display: displayAsStored,

    // Asked by the flow's status (SIGN_IN_RECOVERY_CODE_REQUIRED), not by a device: two
    // groups of five, a dash or a space between them.
    responseFields: () =>
      Promise.resolve({
        challengePrompt: recoveryCodePrompt('recovery-code', RECOVERY_CODE_CHARS + 2),
      }),

    async offered(userId) {
      return (await deps.recoveryCodes.status(userId)).remaining > 0;
    },

    async verify(call, answer) {
      if (answer.kind !== 'code' || !call.state.userId) throw new DomainError('flow_step_unknown');
      const check = await deps.recoveryCodes.redeem(
        call.state.userId,
        answer.code,
        call.context.ip,
      );
      switch (check.result) {
        case 'ok':
          return { type: 'RECOVERY_CODE_ACCEPTED', left: check.left };
        case 'invalid':
          return { type: 'RECOVERY_CODE_REJECTED', attemptsLeft: check.attemptsLeft };
        case 'attempts_exceeded':
          return { type: 'RECOVERY_CODE_ATTEMPTS_EXCEEDED' };
      }
    },
  };
}
