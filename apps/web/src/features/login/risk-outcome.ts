import { messages, riskEvaluationResponseSchema } from '@anybank/contracts';

/** What the modal does with the risk evaluation's answer (document 1 §4.2, §8). */
export type RiskOutcome =
  | { kind: 'proceed' }
  | { kind: 'denied'; recommendedAction: string }
  | { kind: 'invalid-username' }
  | { kind: 'failed' };

/** Reads an answer of `POST /api/riskEvaluation`; `status` null: the request did not complete. */
export function riskOutcomeOf(status: number | null, body: unknown): RiskOutcome {
  if (status === 404) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body ? body.message : null;
    // The API names an unknown username; any other 404 means the API itself is missing.
    return message === messages.login.invalidUsername
      ? { kind: 'invalid-username' }
      : { kind: 'failed' };
  }
  if (status === null || status < 200 || status >= 300) return { kind: 'failed' };
  const parsed = riskEvaluationResponseSchema.safeParse(body);
  if (!parsed.success) return { kind: 'failed' };
  const { level, recommendedAction } = parsed.data.result;
  return level === 'LOW' ? { kind: 'proceed' } : { kind: 'denied', recommendedAction };
}
