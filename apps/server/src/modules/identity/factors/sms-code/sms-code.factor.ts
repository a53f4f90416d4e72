import { messages, phoneSchema, toE164 } from '@anybank/contracts';
import { maskPhone } from '../../flow/device-display.rules';
import type { Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';
import { sentCodeFactor } from '../sent-code';

/** A 6-digit code texted to a mobile number of the customer's (document 1 §4.2). */
export function smsCodeFactor(deps: FactorDeps): Factor {
  return sentCodeFactor(deps, {
    name: 'sms-code',
    type: 'SMS',
    channel: 'sms',
    mask: maskPhone,
    target: {
      parse(input) {
        const parsed = phoneSchema.safeParse(input.phone ?? '');
        return parsed.success
          ? { target: toE164(parsed.data) }
          : { refused: messages.validation.phoneFormat };
      },
    },
  });
}
