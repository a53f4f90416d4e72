import { randomUUID } from 'node:crypto';
import type { FlowDevice } from '@anybank/contracts';
import { DomainError } from '../../../../../domain-error';
import type { ChallengeMethod, Verdict } from '../../challenge-method';
import { promptForm, waitNodes } from '../../prompt-form';
import type { MethodDeps } from '../method-deps';
import { PHONE_DEVICE, isActivatedPhone } from './phone-push.device';

/**
 * The bank's phone app (document 1 §4.3): the phone shows the purpose's words and approves or
 * denies with its key. Money is asked through the bank's own CIBA server (the binding message
 * is the linking text, the phone's lines the amount and payee: PSD2 RTS art. 5); a sign-in, a
 * step-up or a help-desk call as a push. Only an activated phone (holding a key) is usable; the
 * app pairs itself (devices/mobile.service.ts).
 */
export function phonePushMethod(deps: MethodDeps): ChallengeMethod {
  return {
    name: 'phone-push',
    deviceTypes: [PHONE_DEVICE.type],
    traits: {
      confirmsTransaction: true,
      proves: 'possession',
      answer: 'approval',
      sendsCode: false,
    },
    usable: isActivatedPhone,
    display: (device): FlowDevice => ({
      id: device.id,
      type: device.type,
      name: device.name,
      nickname: device.nickname,
      target: device.target,
      rpId: device.rpId,
      kind: PHONE_DEVICE.kind,
    }),

    async ask({ challenge, device }) {
      const { purpose, linking } = challenge;
      const { push } = purpose;
      // A purpose no phone answers (a code to a new address) never picks this method.
      if (!device || !push) throw new DomainError('challenge_no_method');
      if (push.via === 'ciba' && deps.backchannel && linking) {
        const authReqId = await deps.backchannel.request({
          userId: challenge.userId,
          bindingMessage: linking.text,
          lines: linking.lines,
          reference: challenge.reference,
          context: challenge.context,
        });
        return { state: { authReqId }, requestId: authReqId };
      }
      const details =
        push.details?.(challenge.context as never, deps.clock()) ?? linking?.lines ?? {};
      const pushRequestId = randomUUID();
      await deps.push.send({
        id: pushRequestId,
        userId: challenge.userId,
        deviceId: device.id,
        kind: push.kind,
        context: { title: push.title, details },
      });
      return { state: { pushRequestId } };
    },

    /** While the phone is asked, each read looks at its answer. */
    async check({ state }, answer): Promise<Verdict> {
      if (answer.kind !== 'poll') throw new DomainError('challenge_answer_unsupported');
      if (typeof state.authReqId === 'string' && deps.backchannel) {
        const answered = await deps.backchannel.poll(state.authReqId);
        return answered === 'pending'
          ? { verdict: 'waiting' }
          : answered === 'approved'
            ? { verdict: 'accepted' }
            : { verdict: answered };
      }
      const status =
        typeof state.pushRequestId === 'string'
          ? await deps.push.statusOf(state.pushRequestId)
          : null;
      switch (status) {
        case 'pending':
          return { verdict: 'waiting' };
        case 'approved':
          return { verdict: 'accepted' };
        case 'denied':
          return { verdict: 'denied' };
        case 'expired':
        case null:
          return { verdict: 'expired' };
      }
    },

    // The phone by the name its owner gave it, as the device list shows it.
    prompt: ({ challenge, device }) =>
      promptForm(
        'phone-push',
        challenge,
        waitNodes(device?.nickname?.trim() || device?.name || 'phone', challenge.purpose.prompt),
      ),
  };
}
