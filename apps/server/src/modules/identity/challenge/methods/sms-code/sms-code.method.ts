import { maskPhone } from '../../../../directory';
import type { ChallengeMethod } from '../../challenge-method';
import type { MethodDeps } from '../method-deps';
import { sentCodeMethod } from '../one-time-code';
import { SMS_CODE_DEVICE } from './sms-code.device';

/** A 6-digit code texted to a number of the customer's (document 1 §4.2). */
export function smsCodeMethod(deps: MethodDeps): ChallengeMethod {
  return sentCodeMethod(deps, {
    name: 'sms-code',
    device: SMS_CODE_DEVICE,
    channel: 'sms',
    mask: maskPhone,
  });
}
