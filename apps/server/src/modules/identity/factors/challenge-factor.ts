import type { FlowDevice } from '@anybank/contracts';
import type { ChallengeMethod, MethodAnswer } from '../challenge/challenge-method';
import type { Outcome } from '../challenge/challenge.rules';
import type { ChallengeService } from '../challenge/challenge.service';
import type { DevicePrompt, FlowEvent, FlowState } from '../flow/flow.rules';
import { userAgentLabel } from '../user-agent.rules';
import { FACTOR_DEFAULTS, type Factor, type FactorAnswer, type FactorCall } from './factor';

/**
 * The sign-in's second factor and step-up through the challenge engine (ADR 0026): selecting
 * a device starts a challenge of purpose `sign-in` or `step-up` (the engine's method sends the
 * code or pushes the phone); each answer goes to `challenge.answer`, and its Outcome becomes a
 * flow event in ONE place, `challengeOutcomeEvent`. The flow's reference is its id and the
 * device's, so a device chosen again asks a new challenge and the newest one is answered.
 */
export function engineSecondFactor(
  challenges: ChallengeService,
): Pick<Factor, 'select' | 'verify' | 'responseFields'> {
  const purposeOf = (state: FlowState) => (state.purpose === 'step-up' ? 'step-up' : 'sign-in');
  const referenceOf = (call: FactorCall, deviceId: string | null) =>
    `${call.flow.id}:${deviceId ?? ''}`;
  const latest = (call: FactorCall, state: FlowState) =>
    challenges.latest(purposeOf(state), referenceOf(call, state.selectedDeviceId));

  return {
    async select(call, device) {
      const { ip, userAgent } = call.context;
      await challenges.start({
        subjectId: device.userId,
        purpose: purposeOf(call.state),
        reference: referenceOf(call, device.id),
        deviceId: device.id,
        // The browser in words ("Chrome 156 on Linux"), not its raw user agent.
        context: { browser: userAgentLabel(userAgent ?? '', 'An unknown browser'), ip },
        request: { ip, userAgent: userAgent ?? null },
      });
    },

    async verify(call, answer) {
      const asked = await latest(call, call.state);
      if (!asked)
        return answer.kind === 'poll' ? { type: 'PUSH_UNKNOWN' } : { type: 'OTP_EXPIRED' };
      const outcome = await challenges.answer(asked.id, methodAnswerOf(answer), {
        ip: call.context.ip,
        userAgent: call.context.userAgent ?? null,
      });
      // A read that lost a race to another one: the challenge says how it ended.
      const settled =
        outcome.status === 'refused' && outcome.reason === 'not_pending'
          ? ((await challenges.find(asked.id))?.status ?? null)
          : null;
      return challengeOutcomeEvent(outcome, answer.kind === 'poll' ? 'push' : 'code', settled);
    },

    async responseFields(call) {
      const asked = await latest(call, call.state);
      const prompt = asked ? await challenges.prompt(asked.id) : null;
      return prompt ? { challengePrompt: prompt } : {};
    },
  };
}

function methodAnswerOf(answer: FactorAnswer): MethodAnswer {
  switch (answer.kind) {
    case 'code':
      return { kind: 'code', code: answer.code };
    case 'assertion':
      return { kind: 'assertion', assertion: answer.assertion };
    case 'poll':
    case 'password':
      return { kind: 'poll' };
  }
}

/**
 * THE mapping of a challenge's Outcome to the sign-in flow's events (challenge.machine.md has
 * the table): a code answered, wrong, used up or expired; the phone's approval, denial, expiry.
 */
export function challengeOutcomeEvent(
  outcome: Outcome,
  answered: 'code' | 'push',
  settled: string | null = null,
): FlowEvent | null {
  if (answered === 'push') {
    switch (outcome.status) {
      case 'answered':
        return { type: 'PUSH_APPROVED' };
      case 'waiting':
        return null;
      case 'wrong':
        return { type: 'PUSH_DENIED' };
      case 'refused':
        if (outcome.reason === 'expired') return { type: 'PUSH_EXPIRED' };
        if (outcome.reason !== 'not_pending') return { type: 'PUSH_DENIED' };
        return settled === 'answered'
          ? { type: 'PUSH_APPROVED' }
          : settled === 'refused'
            ? { type: 'PUSH_DENIED' }
            : { type: 'PUSH_EXPIRED' };
    }
  }
  switch (outcome.status) {
    case 'answered':
      return { type: 'OTP_ACCEPTED' };
    case 'waiting':
      return null;
    case 'wrong':
      return { type: 'OTP_REJECTED', attemptsLeft: outcome.attemptsLeft };
    case 'refused':
      return outcome.reason === 'attempts_exceeded'
        ? { type: 'OTP_ATTEMPTS_EXCEEDED' }
        : { type: 'OTP_EXPIRED' };
  }
}

/** What the machine sees of a method's device: selecting it starts its challenge. */
function promptOf(method: ChallengeMethod): DevicePrompt {
  switch (method.traits.answer) {
    case 'approval':
      return 'push';
    case 'assertion':
      return 'assertion';
    case 'code':
    case 'secret':
      // Selecting it starts the challenge (SEND_OTP), whether the bank sends the code or the
      // device shows it: a code bound to the challenge needs the challenge first.
      return 'sent-code';
  }
}

/** A method registered with the engine alone (a test's hardware token) as a sign-in factor. */
export function challengeFactor(challenges: ChallengeService, method: ChallengeMethod): Factor {
  return {
    ...FACTOR_DEFAULTS,
    name: method.name,
    deviceTypes: method.deviceTypes as Factor['deviceTypes'],
    prompt: promptOf(method),
    usable: (device) => method.usable(device),
    display: (device): FlowDevice => method.display(device),
    ...engineSecondFactor(challenges),
  };
}
