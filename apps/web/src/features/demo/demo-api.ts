import { DEMO_RESET_PATH, XSRF_HEADER, demoResetResponseSchema } from '@anybank/contracts';
import type { DemoCondition, DemoResetRequest, DemoResetResponse } from '@anybank/contracts';
import { apiErrorOf, apiFetch } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { conditionRequest } from './scenario-start';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/**
 * Sets a scenario's demo condition on the signed-in customer through the demo admin API, with
 * their access token. Answers the status (2xx is success; 0 when the request did not go out).
 */
export async function setDemoCondition(condition: DemoCondition): Promise<number> {
  const { path, body } = conditionRequest(condition);
  try {
    const response = await authorizedFetch(path, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
    });
    return response.status;
  } catch (error) {
    console.warn('Setting the demo condition failed', error);
    return 0;
  }
}

/** "Reset demo": the seed's reset, with the anti-forgery header; throws ApiError when refused. */
export async function resetDemo(): Promise<DemoResetResponse> {
  const body: DemoResetRequest = { confirm: true };
  const response = await apiFetch(DEMO_RESET_PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Accept: 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await apiErrorOf(response, `POST ${DEMO_RESET_PATH}`);
  return demoResetResponseSchema.parse(await response.json());
}
