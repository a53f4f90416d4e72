import { maskEmail } from '../../../../directory';
import type { ChallengeMethod } from '../../challenge-method';
import type { MethodDeps } from '../method-deps';
import { sentCodeMethod } from '../one-time-code';
import { EMAIL_CODE_DEVICE } from './email-code.device';

/** A 6-digit code e-mailed to an address of the customer's (document 1 §4.2). */
export function emailCodeMethod(deps: MethodDeps): ChallengeMethod {
  return sentCodeMethod(deps, {
    name: 'email-code',
    device: EMAIL_CODE_DEVICE,
    channel: 'email',
    mask: maskEmail,
  });
}
