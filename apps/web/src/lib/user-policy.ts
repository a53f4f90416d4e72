import { orchestrationPaths } from '@anybank/contracts';
import type { PublicConfig } from '@anybank/contracts';
import { apiFetch, readJson } from './api';
import { publicConfig } from './config';
import { policyAnswerOf } from './policy-answer';
import type { PolicyAnswer } from './policy-answer';
import { sessionStore } from './session-storage';
import { withStepUp } from './step-up-signal';

/** A policy of the public configuration's `policyIds`. */
export type UserPolicy = keyof PublicConfig['policyIds'];

/** A policy's request without the access token, which `startUserPolicy` adds (each member of a union on its own: plain Omit would merge them). */
export type UserPolicyBody<Request> = Request extends unknown
  ? Omit<Request, 'accessToken'>
  : never;

export interface UserPolicyOptions {
  signal?: AbortSignal;
  /** The change needs a recent sign-in: the step-up dialog asks when it is older. */
  stepUp?: boolean;
}

/**
 * Starts an orchestration policy that acts on the signed-in user (document 2 §7, ADR 0009):
 * `POST …/policy/{policyId}/start` with the user's access token in the body (read at each
 * send, the retry after a step-up included); no API key and no widget token. A request
 * that did not complete answers `failed`; an aborted one throws, as `fetch` does.
 */
export async function startUserPolicy(
  policy: UserPolicy,
  body: object,
  { signal, stepUp = false }: UserPolicyOptions = {},
): Promise<PolicyAnswer> {
  const send = () =>
    apiFetch(
      orchestrationPaths.policyStart(publicConfig.companyId, publicConfig.policyIds[policy]),
      {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, accessToken: sessionStore.get('AT') ?? '' }),
        signal,
      },
    );
  try {
    const response = stepUp ? await withStepUp(send) : await send();
    return policyAnswerOf(response.status, await readJson(response));
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
