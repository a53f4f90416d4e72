import { emailSchema, messages, pairingOptionLabels } from '@anybank/contracts';
import { maskEmail } from '../../../directory';
import { EMAIL_CODE_DEVICE } from '../../challenge/methods/email-code/email-code.device';
import type { Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';
import { sentCodeFactor } from '../sent-code';

/** A 6-digit code e-mailed to an address of the customer's (document 1 §4.2). */
export function emailCodeFactor(deps: FactorDeps): Factor {
  return sentCodeFactor(deps, {
    name: 'email-code',
    device: EMAIL_CODE_DEVICE,
    label: pairingOptionLabels.email,
    channel: 'email',
    pairingStatuses: {
      target: 'EMAIL_PAIRING_TARGET_REQUIRED',
      activation: 'EMAIL_ACTIVATION_REQUIRED',
    },
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
