import type { HelpDeskRequest } from '@anybank/contracts';
import { startUserPolicy, type UserPolicyBody } from '../../lib/user-policy';
import { outcomeOf, type HelpDeskOutcome } from './help-desk-rules';

/** A step of the policy's body; the rep's access token is added from the session. */
export type HelpDeskStepBody = UserPolicyBody<HelpDeskRequest>;

/**
 * The help-desk policy (document 2 §7: "takes the access token as a flow parameter"): the
 * rep's own access token goes in the body (ADR 0009); no API key and no widget token.
 */
export async function callHelpDesk(
  body: HelpDeskStepBody,
  signal?: AbortSignal,
): Promise<HelpDeskOutcome> {
  const outcome = outcomeOf(await startUserPolicy('helpDesk', body, { signal }));
  if (outcome.kind === 'error') console.warn(`The help desk's ${body.step} failed`, outcome);
  return outcome;
}
