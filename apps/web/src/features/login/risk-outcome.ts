import { riskEvaluationResponseSchema } from '@anybank/contracts';
import type { ApiErrorCode } from '@anybank/contracts';

/** The risk API's code for an unknown username (document 1 §8), as the flow's. */
const INVALID_USERNAME: ApiErrorCode = 'INVALID_USERNAME';

/** What the modal does with the risk evaluation's answer (document 1 §4.2, §8). */
export type RiskOutcome =
  | { kind: 'proceed' }
  | { kind: 'denied'; recommendedAction: string }
  | { kind: 'invalid-username' }
  | { kind: 'failed' };

/** Reads an answer of `POST /api/riskEvaluation`; `status` null: the request did not complete. */
export function riskOutcomeOf(status: number | null, body: unknown): RiskOutcome {
  if (status === 404) {
    const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : null;
    // The API names an unknown username by its code; any other 404: the API itself is missing.
    return code === INVALID_USERNAME ? { kind: 'invalid-username' } : { kind: 'failed' };
  }
  if (status === null || status < 200 || status >= 300) return { kind: 'failed' };
  const parsed = riskEvaluationResponseSchema.safeParse(body);
  if (!parsed.success) return { kind: 'failed' };
  const { level, recommendedAction } = parsed.data.result;
  return level === 'LOW' ? { kind: 'proceed' } : { kind: 'denied', recommendedAction };
}
