import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FlowDevice } from '@anybank/contracts';
import type {
  ChallengeMethod,
  MethodDeps,
  MethodFactory,
} from '../../../src/modules/identity/challenge/challenge-method';
import { codeNodes, promptForm } from '../../../src/modules/identity/challenge/prompt-form';

/**
 * A test-only way of proving it is you (ADR 0026): a code shown on a fake challenge-response
 * hardware token (OCRA-like, RFC 6287). The page shows an 8-digit challenge, the person types it
 * into the token, and the token shows a 6-digit code: an HMAC of the challenge and the words
 * being confirmed, under the token's seed. A code for $15 does not approve $1,500 (dynamic
 * linking, PSD2 RTS art. 5). It lives in this folder alone and registers with the engine
 * through `buildServer({ challengeMethods })`.
 */
export const HARDWARE_TOKEN = 'HARDWARE_TOKEN';

/** The 8 digits the page shows for a challenge (what the person types into the token). */
export function tokenChallengeOf(challengeId: string): string {
  const digest = createHash('sha256').update(challengeId).digest();
  return String(digest.readUInt32BE(0) % 100_000_000).padStart(8, '0');
}

/** What the token shows: HMAC-SHA256(seed, challenge | linking words), 6 digits. */
export function tokenCode(seed: string, tokenChallenge: string, linking: string | null): string {
  const mac = createHmac('sha256', seed)
    .update(`${tokenChallenge}|${linking ?? ''}`)
    .digest();
  return String(mac.readUInt32BE(mac.length - 4) % 1_000_000).padStart(6, '0');
}

/** The method, and how a test enrols a token (its seed sealed as the server seals secrets). */
export function hardwareToken() {
  let sealer: MethodDeps['secrets'] | null = null;
  const factory: MethodFactory = (deps) => {
    sealer = deps.secrets;
    return hardwareTokenMethod(deps);
  };
  return {
    factory,
    /** The seed as it is stored on the device row. */
    seal(seed: string): string {
      if (!sealer) throw new Error('the server has not built the hardware-token method yet');
      return sealer.seal(seed);
    },
  };
}

function hardwareTokenMethod(deps: MethodDeps): ChallengeMethod {
  return {
    name: 'hardware-token',
    deviceTypes: [HARDWARE_TOKEN],
    traits: {
      // The code is computed over the linking words: it confirms exactly this transaction.
      confirmsTransaction: true,
      proves: 'possession',
      answer: 'code',
      sendsCode: false,
    },
    usable: (device) => Boolean(device.secretEncrypted),
    display: (device): FlowDevice => ({
      id: device.id,
      type: device.type,
      name: device.name,
      nickname: device.nickname,
      target: null,
      rpId: null,
      // Its own words: a method describes its devices (contracts' DeviceKind).
      kind: {
        label: 'Hardware token',
        words: 'a hardware token',
        short: 'hardware token',
        passkey: null,
        listedOnce: false,
        newestMarked: null,
      },
    }),
    // Nothing is sent: the page shows the challenge the token answers.
    ask: () => Promise.resolve({ state: {} }),
    check({ challenge, device }, answer) {
      if (answer.kind !== 'code' || !device?.secretEncrypted)
        return Promise.resolve({ verdict: 'wrong' as const });
      const seed = deps.secrets.open(device.secretEncrypted);
      const expected = tokenCode(
        seed,
        tokenChallengeOf(challenge.id),
        challenge.linking?.text ?? null,
      );
      const given = Buffer.from(answer.code.padEnd(6, ' ').slice(0, 6));
      const right = timingSafeEqual(given, Buffer.from(expected));
      return Promise.resolve(
        right ? { verdict: 'accepted' as const } : { verdict: 'wrong' as const },
      );
    },
    prompt: ({ challenge }) =>
      promptForm(
        'hardware-token',
        challenge,
        codeNodes(
          `Type ${tokenChallengeOf(challenge.id)} into your hardware token, then enter the code it shows.`,
        ),
      ),
  };
}
