import { orchestrationPaths, type HelpDeskRequest } from '@anybank/contracts';
import { apiFetch, readJson } from '../../lib/api';
import { publicConfig } from '../../lib/config';
import { policyAnswerOf } from '../../lib/policy-answer';
import { sessionStore } from '../../lib/session-storage';
import { outcomeOf, type HelpDeskOutcome } from './help-desk-rules';

/** Omit applied to each member of a union (plain Omit would merge the steps into one). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A step of the policy's body; the rep's access token is added from the session. */
export type HelpDeskStepBody = OmitEach<HelpDeskRequest, 'accessToken'>;

/**
 * The help-desk policy (document 2 §7: "takes the access token as a flow parameter"): the
 * rep's own access token goes in the body (ADR 0009); no API key and no widget token.
 */
export async function callHelpDesk(
  body: HelpDeskStepBody,
  signal?: AbortSignal,
): Promise<HelpDeskOutcome> {
  try {
    const response = await apiFetch(
      orchestrationPaths.policyStart(publicConfig.companyId, publicConfig.policyIds.helpDesk),
      {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, accessToken: sessionStore.get('AT') ?? '' }),
        signal,
      },
    );
    const outcome = outcomeOf(policyAnswerOf(response.status, await readJson(response)));
    if (outcome.kind === 'error') console.warn(`The help desk's ${body.step} failed`, outcome);
    return outcome;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`The help desk's ${body.step} failed`, error);
    return { kind: 'error', reason: null, field: null };
  }
}
