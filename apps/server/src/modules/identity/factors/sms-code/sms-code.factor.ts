import { pairingOptionLabels, readPhoneNumber } from '@anybank/contracts';
import { maskPhone } from '../../../directory';
import { SMS_CODE_DEVICE } from '../../challenge/methods/sms-code/sms-code.device';
import type { Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';
import { sentCodeFactor } from '../sent-code';

/** A 6-digit code texted to a mobile number of the customer's (document 1 §4.2). */
export function smsCodeFactor(deps: FactorDeps): Factor {
  return sentCodeFactor(deps, {
    name: 'sms-code',
    device: SMS_CODE_DEVICE,
    label: pairingOptionLabels.textMessage,
    channel: 'sms',
    pairingStatuses: {
      target: 'SMS_PAIRING_TARGET_REQUIRED',
      activation: 'SMS_ACTIVATION_REQUIRED',
    },
    mask: maskPhone,
    target: {
      parse(input) {
        // `12345` is no phone; a number without `+` is read in the bank's country.
        const phone = readPhoneNumber(input.phone ?? '', deps.phoneCountry);
        return phone.ok ? { target: phone.e164 } : { refused: phone.message };
      },
    },
  });
}
