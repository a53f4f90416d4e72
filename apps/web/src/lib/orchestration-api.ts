import { XSRF_HEADER, orchestrationPaths, widgetTokenResponseSchema } from '@anybank/contracts';
import { apiFetch, readJson } from './api';
import { policyAnswerOf } from './policy-answer';
import type { PolicyAnswer } from './policy-answer';

export type { PolicyAnswer, PolicyFieldError } from './policy-answer';

/**
 * The bank's orchestration service as the widgets call it (document 1 §7, §4.8; ADR 0009):
 * a widget token from the bank's own origin (never the API key), then the public policies
 * started with `Authorization: Bearer <token>`. Server: modules/orchestration.
 */

/**
 * A widget token (5 minutes), or null. Document 1 §4.8 and §8: any answer other than 200 ends
 * the widget's loading silently; the failure is only logged.
 */
export async function fetchWidgetToken(companyId: string): Promise<string | null> {
  try {
    const response = await apiFetch(orchestrationPaths.widgetToken(companyId), {
      method: 'POST',
      headers: { Accept: 'application/json', [XSRF_HEADER]: '1' },
    });
    if (response.status !== 200) {
      console.warn(`The widget token request answered ${response.status}`);
      return null;
    }
    const parsed = widgetTokenResponseSchema.safeParse(await readJson(response));
    if (!parsed.success) {
      console.warn('The widget token answer has no access_token');
      return null;
    }
    return parsed.data.access_token;
  } catch (error) {
    console.warn('The widget token request failed', error);
    return null;
  }
}

/** `POST {root}/{companyId}/policy/{policyId}/start` with a widget token. */
export async function startWidgetPolicy(options: {
  companyId: string;
  policyId: string;
  token: string;
  body: unknown;
}): Promise<PolicyAnswer> {
  let response: Response;
  try {
    response = await apiFetch(orchestrationPaths.policyStart(options.companyId, options.policyId), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${options.token}`,
      },
      body: JSON.stringify(options.body),
    });
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  return policyAnswerOf(response.status, await readJson(response));
}
