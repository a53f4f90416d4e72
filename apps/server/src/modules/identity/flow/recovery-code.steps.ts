import { DomainError } from '../../../domain-error';
import type { FactorCall, Factors } from '../factors/factors';
import type { FlowEvent } from './flow.rules';
import { SECOND_FACTOR_STATUSES } from './recovery-code.rules';

/** The steps of signing in with a recovery code, as the browser asks for them. */
export type RecoveryCodeStep =
  { kind: 'useRecoveryCode' } | { kind: 'checkRecoveryCode'; code: string };

/**
 * The machine's event for a recovery-code step (recovery-code.rules.ts), through the
 * recovery-code factor. A code is only checked (and so only counted or burned) while the
 * flow asks for one; at any other status the event goes to the machine, which refuses it.
 */
export async function recoveryCodeEvent(
  factors: Factors,
  call: FactorCall,
  step: RecoveryCodeStep,
): Promise<FlowEvent> {
  const { state } = call;
  const factor = factors.named('recovery-code');
  if (!factor?.offered || !state.userId) return { type: 'RECOVERY_CODE_CHOSEN' };
  if (step.kind === 'useRecoveryCode') {
    const askable = state.purpose === 'sign-in' && SECOND_FACTOR_STATUSES.includes(state.status);
    if (askable && !(await factor.offered(state.userId))) {
      throw new DomainError('recovery_codes_none');
    }
    return { type: 'RECOVERY_CODE_CHOSEN' };
  }
  if (state.status !== 'SIGN_IN_RECOVERY_CODE_REQUIRED') {
    return { type: 'RECOVERY_CODE_ATTEMPTS_EXCEEDED' };
  }
  const event = await factor.verify(call, { kind: 'code', code: step.code, device: null });
  return event ?? { type: 'RECOVERY_CODE_ATTEMPTS_EXCEEDED' };
}
