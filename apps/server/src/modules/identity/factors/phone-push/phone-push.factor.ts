import { pairingOptionLabels } from '@anybank/contracts';
import { DomainError } from '../../../../domain-error';
import {
  PHONE_DEVICE,
  isActivatedPhone,
} from '../../challenge/methods/phone-push/phone-push.device';
import { displayAsStored } from '../device-display';
import { FACTOR_DEFAULTS, type Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';
import { engineSecondFactor } from '../challenge-factor';

/**
 * The bank's phone app (document 1 §4.3): selecting it starts a challenge whose method pushes
 * the phone, which approves or denies with its key; each read of the flow answers it (a poll). Only an activated phone
 * (holding a key) is usable. The app pairs itself (devices/mobile.service.ts), never from
 * the sign-in modal.
 */
export function phonePushFactor(deps: FactorDeps): Factor {
  return {
    ...FACTOR_DEFAULTS,
    name: 'phone-push',
    deviceTypes: [PHONE_DEVICE.type],
    prompt: 'push',
    usable: isActivatedPhone,
    display: displayAsStored,

    // Asking the phone and reading its answer are the challenge engine's (methods/phone-push).
    ...engineSecondFactor(deps.challenges),

    pairing: {
      method: 'Mobile',
      // The phone app pairs itself (document 1 §4.5: the mobile option is always hidden).
      statuses: null,
      listed: 'hidden',
      label: pairingOptionLabels.phoneApp,
      start() {
        throw new DomainError('pairing_method_not_here');
      },
      target: null,
      activate: () => Promise.reject(new DomainError('pairing_method_not_here')),
      responseFields: () => Promise.resolve({}),
    },
  };
}
