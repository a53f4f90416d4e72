import { OTP_PATTERN, messages, type FlowDevice, type FlowStatus } from '@anybank/contracts';
import type { DeclaredDevice } from '../challenge/device-kind';
import { engineSecondFactor } from './challenge-factor';
import {
  FACTOR_DEFAULTS,
  type DeviceShown,
  type Factor,
  type FactorName,
  type PairingTarget,
} from './factor';
import type { FactorDeps } from './factor-deps';

/**
 * The factors whose 6-digit code the bank sends in a message (email-code, sms-code): the same
 * code service (hashed, single use, OTP_TTL_MS, attempt limit), by e-mail or by SMS.
 */
export function sentCodeFactor(
  deps: FactorDeps,
  kind: {
    name: Extract<FactorName, 'email-code' | 'sms-code'>;
    device: DeclaredDevice;
    /** Its option's words in the pairing list. */
    label: string;
    channel: 'email' | 'sms';
    /** Its pairing's statuses (document 1 §2.6): the target asked, then the code. */
    pairingStatuses: { target: FlowStatus; activation: FlowStatus };
    mask: (target: string) => string;
    target: Pick<PairingTarget, 'parse'>;
  },
): Factor {
  const display = (device: DeviceShown): FlowDevice => ({
    id: device.id,
    type: kind.device.type,
    name: device.name,
    nickname: device.nickname,
    target: device.target === null ? null : kind.mask(device.target),
    rpId: device.rpId,
    kind: kind.device.kind,
  });

  return {
    ...FACTOR_DEFAULTS,
    name: kind.name,
    deviceTypes: [kind.device.type],
    prompt: 'sent-code',
    usable: (device) => Boolean(device.target),
    display,

    // The sign-in code is the challenge engine's (methods/one-time-code.ts sends and checks it).
    ...engineSecondFactor(deps.challenges),

    pairing: {
      method: kind.device.type,
      statuses: kind.pairingStatuses,
      listed: 'shown',
      label: kind.label,
      start: () => ({}),
      target: {
        channel: kind.channel,
        parse: kind.target.parse,
        // The pairing code is the challenge engine's: sent to the new target, checked once.
        async sendCode(flow, userId, target) {
          await deps.challenges.start({
            subjectId: userId,
            purpose: 'device-pairing',
            reference: pairingReference(flow.id, target),
            context: { channel: kind.channel },
            target: { channel: kind.channel, address: target },
          });
        },
      },
      async activate(call, answer) {
        const code = answer.otp ?? '';
        if (!OTP_PATTERN.test(code)) return { refused: messages.validation.codeSixDigits };
        const { target } = call.pairing;
        const asked = target
          ? await deps.challenges.latest('device-pairing', pairingReference(call.flow.id, target))
          : null;
        const outcome = asked
          ? await deps.challenges.answer(asked.id, { kind: 'code', code })
          : null;
        if (outcome?.status !== 'answered') return { refused: messages.login.incorrectOtp };
        return {
          device: { type: kind.device.type, name: kind.device.type, target: call.pairing.target },
        };
      },
      responseFields: () => Promise.resolve({}),
    },
  };
}

/** A pairing's code is the flow's for this one target: another target asks again. */
function pairingReference(flowId: string, target: string): string {
  return `${flowId}:${target}`;
}
