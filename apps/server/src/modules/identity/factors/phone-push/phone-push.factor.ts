import { signInDeliveryMessages } from '@anybank/contracts';
import { DomainError } from '../../../../domain-error';
import { displayAsStored } from '../device-display';
import { FACTOR_DEFAULTS, type Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';
import { userAgentLabel } from '../../user-agent.rules';

/**
 * The bank's phone app (document 1 §4.3): selecting it sends a push the phone approves or
 * denies with its key; each read of the flow looks at the answer. Only an activated phone
 * (holding a key) is usable. The app pairs itself (devices/mobile.service.ts), never from
 * the sign-in modal.
 */
export function phonePushFactor(deps: FactorDeps): Factor {
  return {
    ...FACTOR_DEFAULTS,
    name: 'phone-push',
    deviceTypes: ['iPhone'],
    prompt: 'push',
    usable: (device) => Boolean(device.publicKey),
    display: displayAsStored,

    async select(call, device, selection) {
      if (!selection.pushRequestId) throw new DomainError('flow_step_unknown');
      // The browser in words ("Chrome 156 on Linux"), not its raw user agent (issue 15 §6).
      const agent = userAgentLabel(call.context.userAgent ?? '', 'An unknown browser');
      await deps.push.send({
        id: selection.pushRequestId,
        userId: device.userId,
        deviceId: device.id,
        kind: 'signin',
        context: {
          title:
            call.state.purpose === 'step-up'
              ? signInDeliveryMessages.stepUpPushTitle
              : signInDeliveryMessages.pushTitle,
          details: { From: agent, 'IP address': call.context.ip, Time: new Date().toISOString() },
        },
      });
    },

    /** While the phone is asked, each read looks at the push request's answer. */
    async verify(call, answer) {
      if (answer.kind !== 'poll') throw new DomainError('flow_step_unknown');
      const { pushRequestId } = call.state;
      const status = pushRequestId ? await deps.push.statusOf(pushRequestId) : null;
      switch (status) {
        case 'pending':
          return null;
        case 'approved':
          return { type: 'PUSH_APPROVED' };
        case 'denied':
          return { type: 'PUSH_DENIED' };
        case 'expired':
          return { type: 'PUSH_EXPIRED' };
        case null:
          return { type: 'PUSH_UNKNOWN' };
      }
    },

    pairing: {
      method: 'Mobile',
      start() {
        throw new DomainError('pairing_method_not_here');
      },
      target: null,
      activate: () => Promise.reject(new DomainError('pairing_method_not_here')),
      responseFields: () => Promise.resolve({}),
    },
  };
}
