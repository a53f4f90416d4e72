import type { ChallengeService, PurposeName, Started } from '../identity';
import type { CodeAsked } from './transfer-settlement';

/**
 * How a code that approves money was asked, as the 202 tells it: where the bank sent it, or,
 * for a code a device of the customer's shows (nothing sent), that device's name. Transfers and
 * pay by bank answer the same shape.
 */
export async function codeAskedOf(
  challenges: Pick<ChallengeService, 'choices'>,
  subjectId: string,
  purpose: PurposeName,
  started: Started,
): Promise<CodeAsked> {
  if (started.sent) return { ...started.sent, prompt: started.prompt };
  const chosen = (await challenges.choices(subjectId, purpose)).find(
    (choice) => choice.device.id === started.deviceId,
  );
  return {
    channel: 'device',
    destination: chosen?.shown.nickname ?? chosen?.shown.name ?? started.method,
    prompt: started.prompt,
  };
}
