import { emailSchema, messages } from '@anybank/contracts';
import { maskEmail } from '../../../directory';
import type { Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';
import { sentCodeFactor } from '../sent-code';

/** A 6-digit code e-mailed to an address of the customer's (document 1 §4.2). */
export function emailCodeFactor(deps: FactorDeps): Factor {
  return sentCodeFactor(deps, {
    name: 'email-code',
    type: 'Email',
    channel: 'email',
    mask: maskEmail,
    target: {
      parse(input) {
        const parsed = emailSchema.safeParse(input.email ?? '');
        return parsed.success
          ? { target: parsed.data.toLowerCase() }
          : { refused: messages.validation.emailInvalid };
      },
    },
  });
}
