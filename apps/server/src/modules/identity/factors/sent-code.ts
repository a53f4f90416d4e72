import {
  OTP_PATTERN,
  messages,
  type LoginDeviceType,
  signInDeliveryMessages,
} from '@anybank/contracts';
import type { FlowDevice } from '@anybank/contracts';
import { engineSecondFactor } from './challenge-factor';
import {
  FACTOR_DEFAULTS,
  type DeviceShown,
  type Factor,
  type FactorName,
  type PairingTarget,
} from './factor';
import { PAIRING_CODE_PURPOSE, type FactorDeps } from './factor-deps';

/**
 * The factors whose 6-digit code the bank sends in a message (email-code, sms-code): the same
 * code service (hashed, single use, OTP_TTL_MS, attempt limit), by e-mail or by SMS.
 */
export function sentCodeFactor(
  deps: FactorDeps,
  kind: {
    name: Extract<FactorName, 'email-code' | 'sms-code'>;
    type: Extract<LoginDeviceType, 'Email' | 'SMS'>;
    channel: 'email' | 'sms';
    mask: (target: string) => string;
    target: Omit<PairingTarget, 'sendCode'>;
  },
): Factor {
  const display = (device: DeviceShown): FlowDevice => ({
    id: device.id,
    type: kind.type,
    name: device.name,
    nickname: device.nickname,
    target: device.target === null ? null : kind.mask(device.target),
    rpId: device.rpId,
  });

  return {
    ...FACTOR_DEFAULTS,
    name: kind.name,
    deviceTypes: [kind.type],
    prompt: 'sent-code',
    usable: (device) => Boolean(device.target),
    display,

    // The sign-in code is the challenge engine's (methods/one-time-code.ts sends and checks it).
    ...engineSecondFactor(deps.challenges),

    pairing: {
      method: kind.type,
      start: () => ({}),
      target: {
        parse: kind.target.parse,
        async sendCode(flow, userId, target) {
          await deps.otp.issue({
            userId,
            purpose: PAIRING_CODE_PURPOSE,
            reference: `${flow.id}:${target}`,
            deliver: (code, within) => {
              const body = signInDeliveryMessages.pairingCodeBody(kind.channel, code);
              return deps.messaging.send(
                kind.channel === 'email'
                  ? {
                      channel: 'email',
                      to: target,
                      subject: signInDeliveryMessages.pairingCodeSubject,
                      body,
                      code,
                      userId,
                    }
                  : { channel: 'sms', to: target, body, code, userId },
                within,
              );
            },
          });
        },
      },
      async activate(call, answer) {
        const code = answer.otp ?? '';
        if (!OTP_PATTERN.test(code)) return { refused: messages.validation.codeSixDigits };
        const verdict = await deps.otp.verify({
          purpose: PAIRING_CODE_PURPOSE,
          reference: `${call.flow.id}:${call.pairing.target}`,
          code,
        });
        if (verdict.result !== 'ok') return { refused: messages.login.incorrectOtp };
        return { device: { type: kind.type, name: kind.type, target: call.pairing.target } };
      },
      responseFields: () => Promise.resolve({}),
    },
  };
}
