import { challengePromptMessages as words, type FlowDevice } from '@anybank/contracts';
import { DomainError } from '../../../../domain-error';
import type {
  ChallengeMethod,
  ChallengeView,
  DeviceShown,
  MethodTraits,
  Verdict,
} from '../challenge-method';
import type { OtpVerification } from '../../credentials/otp.service';
import type { DeclaredDevice } from '../device-kind';
import { DEFAULT_PROMPT_WORDS, codeNodes, promptForm } from '../prompt-form';
import type { MethodDeps } from './method-deps';

/** Codes the bank sends prove possession of the address, and carry the purpose's words. */
const SENT_CODE_TRAITS: MethodTraits = {
  confirmsTransaction: true,
  proves: 'possession',
  answer: 'code',
  sendsCode: true,
};

/**
 * What the code service's verdict means to the engine: THE one mapping of `otp.verify`, for
 * every purpose (a code used up or retired is as good as expired: the person asks again).
 */
export function otpVerdict(verification: OtpVerification): Verdict {
  switch (verification.result) {
    case 'ok':
      return { verdict: 'accepted' };
    case 'invalid':
      return { verdict: 'wrong', attemptsLeft: verification.attemptsLeft };
    case 'attempts_exceeded':
      return { verdict: 'exhausted' };
    case 'expired':
    case 'not_found':
      return { verdict: 'expired' };
  }
}

/**
 * Where the code service keeps a challenge's code: the purpose's name and the challenge's id,
 * unless the purpose keeps its codes under names of its own (purposes.ts, `SentCodes`).
 */
function codeKeyOf(challenge: ChallengeView): { purpose: string; reference: string } {
  return (
    challenge.purpose.codes?.keptAs?.(challenge) ?? {
      purpose: challenge.purpose.codePurpose,
      reference: challenge.id,
    }
  );
}

/**
 * The methods whose 6-digit code the bank sends in a message (email-code, sms-code): the code
 * service (hashed, single use, attempt limit) with the challenge's purpose and id, the message
 * the purpose words (its linking words in it), by e-mail or by SMS. The one place that calls
 * `otp.verify` for a challenge.
 */
export function sentCodeMethod(
  deps: Pick<MethodDeps, 'otp' | 'messaging'>,
  kind: {
    name: string;
    device: DeclaredDevice;
    channel: 'email' | 'sms';
    mask: (target: string) => string;
  },
): ChallengeMethod {
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
    name: kind.name,
    deviceTypes: [kind.device.type],
    traits: SENT_CODE_TRAITS,
    sendsTo: kind.channel,
    usable: (device) => Boolean(device.target),
    display,

    async ask({ challenge, device, target }) {
      const to = target?.address ?? device?.target;
      if (!to) throw new DomainError('device_cannot_receive_codes');
      const userId = challenge.userId;
      const { purpose } = challenge;
      await deps.otp.issue({
        userId,
        ...codeKeyOf(challenge),
        // The code lives and counts as the challenge does.
        ttlMs: purpose.lifetimeMs,
        maxAttempts: purpose.maxAttempts,
        format: purpose.codes?.format ?? 'digits',
        deliver: (code, within) => {
          const { subject, body } = challenge.purpose.codeMessage(challenge.context as never, code);
          return deps.messaging.send(
            kind.channel === 'email'
              ? { channel: 'email', to, subject, body, code, userId }
              : { channel: 'sms', to, body, code, userId },
            within,
          );
        },
      });
      return { state: {}, sent: { channel: kind.channel, destination: kind.mask(to) } };
    },

    async check({ challenge, request }, answer) {
      if (answer.kind !== 'code') throw new DomainError('challenge_answer_unsupported');
      return otpVerdict(
        await deps.otp.verify({
          ...codeKeyOf(challenge),
          code: answer.code,
          ip: request.ip,
        }),
      );
    },

    prompt: ({ challenge, asked }) => {
      const format = challenge.purpose.codes?.format ?? 'digits';
      const prompt = challenge.purpose.prompt ?? DEFAULT_PROMPT_WORDS;
      const sentTo = format === 'recovery' ? words.recoveryCodeSentTo : prompt.codeSentTo;
      return promptForm(
        kind.name,
        challenge,
        codeNodes(sentTo(asked.sent?.destination ?? ''), format, prompt),
      );
    },
  };
}
