import {
  OTP_MAX_ATTEMPTS,
  OTP_PATTERN,
  messages,
  pairingOptionLabels,
  signInDeliveryMessages,
} from '@anybank/contracts';
import { DomainError } from '../../../../domain-error';
import { recordTotpStep } from '../../../directory';
import { acceptedTotpStep, newTotpSecret, totpKeyUri } from '../../devices/totp.rules';
import { insertAuditEvent } from '../../../audit';
import { PURPOSES } from '../../challenge/purposes';
import { DEFAULT_PROMPT_WORDS, ownCodePrompt } from '../../challenge/prompt-form';
import { displayAsStored } from '../device-display';
import { AUTHENTICATOR_APP_DEVICE } from './authenticator-app.device';
import { isTotpReplay } from './totp-replay.rules';
import { FACTOR_DEFAULTS, type Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';

/**
 * An authenticator app's code (RFC 6238, devices/totp.rules.ts): right within ±1 time step,
 * newer than the last one used. The app makes its own codes: selecting it sends nothing, and
 * its wrong codes are counted in the flow (codeFailures), not by the code service.
 */
export function authenticatorAppFactor(deps: FactorDeps): Factor {
  async function tellReplay(userId: string, deviceId: string, ip: string | null) {
    const replay = {
      type: 'otp.replayed' as const,
      userId,
      ip,
      details: { deviceId, deviceType: AUTHENTICATOR_APP_DEVICE.type },
    };
    await insertAuditEvent(deps.db, replay);
    await deps.notices?.tell(replay);
  }

  return {
    ...FACTOR_DEFAULTS,
    name: 'authenticator-app',
    deviceTypes: [AUTHENTICATOR_APP_DEVICE.type],
    prompt: 'own-code',
    usable: (device) => Boolean(device.secretEncrypted),
    display: displayAsStored,

    // The app shows the code (nothing is sent), in the sign-in's words (a step-up's too).
    responseFields(_call, device) {
      const prompt = PURPOSES['sign-in'].prompt ?? DEFAULT_PROMPT_WORDS;
      return Promise.resolve(
        device ? { challengePrompt: ownCodePrompt('authenticator-app', prompt) } : {},
      );
    },

    async verify(call, answer) {
      if (answer.kind !== 'code' || !answer.device) throw new DomainError('flow_step_unknown');
      const { device } = answer;
      const { state } = call;
      const secret = deps.secrets.open(device.secretEncrypted ?? '');
      const step = acceptedTotpStep(secret, answer.code, Date.now(), device.lastTotpStep);
      if (step !== null && (await recordTotpStep(deps.db, device.id, step)))
        return { type: 'OTP_ACCEPTED' };
      // Refused as any wrong code; a replay is also told to the owner (ASVS 2.8.5). A code
      // that lost a race to a parallel request with it (step not null) is one too.
      if (step !== null || isTotpReplay(secret, answer.code, Date.now(), device.lastTotpStep)) {
        await tellReplay(device.userId, device.id, call.context.ip);
      }
      if (state.codeFailures + 1 >= OTP_MAX_ATTEMPTS) return { type: 'OTP_ATTEMPTS_EXCEEDED' };
      return { type: 'OTP_REJECTED', attemptsLeft: OTP_MAX_ATTEMPTS - state.codeFailures - 1 };
    },

    pairing: {
      method: 'AuthenticatorApp',
      statuses: { target: null, activation: 'TOTP_ACTIVATION_REQUIRED' },
      listed: 'shown',
      label: pairingOptionLabels.authenticatorApp,
      start: () => ({ totpSecretSealed: deps.secrets.seal(newTotpSecret()) }),
      target: null,
      async activate(call, answer) {
        const code = answer.otp ?? '';
        if (!OTP_PATTERN.test(code)) return { refused: messages.validation.codeSixDigits };
        const sealed = call.pairing.totpSecretSealed;
        const secret = deps.secrets.open(sealed ?? '');
        const step = acceptedTotpStep(secret, code, Date.now(), null);
        if (step === null) return { refused: signInDeliveryMessages.totpPairingCodeWrong };
        return {
          device: {
            type: AUTHENTICATOR_APP_DEVICE.type,
            name: AUTHENTICATOR_APP_DEVICE.name,
            secretEncrypted: sealed,
            lastTotpStep: step,
          },
        };
      },
      responseFields(state) {
        const secret = deps.secrets.open(state.pairing?.totpSecretSealed ?? '');
        return Promise.resolve({
          pairingKey: secret,
          keyUri: totpKeyUri(secret, state.username ?? 'AnyBank'),
        });
      },
    },
  };
}
