import {
  FLOW_API_PATH,
  RISK_API_PATH,
  STEP_UP_PATH,
  VENDOR_STEPS,
  XSRF_HEADER,
  vendorContentType,
} from '@anybank/contracts';
import type { RiskPayload, VendorStep } from '@anybank/contracts';
import { flowAnswerOf, type FlowAnswer } from '../../lib/flow-answer';
import { apiFetch, readJson } from '../../lib/api';
import { publicConfig } from '../../lib/config';
import type { FlowStep } from './login-model';
import { FlowRequestError } from './flow-request-error';
import { riskOutcomeOf } from './risk-outcome';
import type { RiskOutcome } from './risk-outcome';

function flowPath(flowId: string): string {
  return `${FLOW_API_PATH}/${encodeURIComponent(flowId)}`;
}

/**
 * A flow answer: the flow (2xx), or a refusal that leaves the person in it (ADR 0025); any
 * other answer throws a FlowRequestError.
 */
async function flowAnswer(request: () => Promise<Response>): Promise<FlowAnswer> {
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    throw new FlowRequestError('network', `The flow request failed: ${String(error)}`);
  }
  const body = await readJson(response);
  const answer = flowAnswerOf(response.status, body);
  if (answer) return answer;
  if (response.status === 403) {
    throw new FlowRequestError('forbidden', 'The flow belongs to another browser');
  }
  const message =
    typeof body === 'object' && body !== null && 'message' in body ? body.message : null;
  throw new FlowRequestError(
    'unexpected',
    `The flow answered ${response.status} without a flow response`,
    response.status >= 400 && response.status < 500 && typeof message === 'string' ? message : null,
  );
}

/**
 * How a flow request identifies the person. A sign-in flow needs nothing (the authorization
 * server's interaction cookie goes with it); a pairing flow started from the profile page is
 * bound to the customer's access token, which goes with every call as `Authorization: Bearer`.
 */
export interface FlowAuth {
  bearer?: string | null;
}

function authHeaders({ bearer }: FlowAuth): Record<string, string> {
  return bearer ? { Authorization: `Bearer ${bearer}` } : {};
}

export function getFlow(flowId: string, auth: FlowAuth = {}): Promise<FlowAnswer> {
  return flowAnswer(() =>
    apiFetch(flowPath(flowId), { headers: { Accept: 'application/json', ...authHeaders(auth) } }),
  );
}

const isVendorStep = (step: FlowStep): step is VendorStep =>
  (VENDOR_STEPS as readonly string[]).includes(step);

/**
 * Posts a step: submitIdentifier, checkUsernamePassword and authenticate with their vendor
 * content types, the others as `?action=`. The anti-forgery header goes with every POST.
 */
export function postFlow(
  flowId: string,
  step: FlowStep,
  body: Record<string, unknown> = {},
  auth: FlowAuth = {},
): Promise<FlowAnswer> {
  const vendor = isVendorStep(step);
  const path = vendor
    ? flowPath(flowId)
    : `${flowPath(flowId)}?${new URLSearchParams({ action: step }).toString()}`;
  return flowAnswer(() =>
    apiFetch(path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': vendor
          ? vendorContentType(publicConfig.productId, step)
          : 'application/json',
        [XSRF_HEADER]: '1',
        ...authHeaders(auth),
      },
      body: JSON.stringify(body),
    }),
  );
}

/**
 * `POST /api/authn/step-up` with the access token: a step-up flow for the
 * signed-in customer, bound to this browser; its steps are the flow API's.
 */
export function startStepUpFlow(bearer: string | null, riskPayload: RiskPayload) {
  return flowAnswer(() =>
    apiFetch(STEP_UP_PATH, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [XSRF_HEADER]: '1',
        ...authHeaders({ bearer }),
      },
      body: JSON.stringify({ riskPayload }),
    }),
  );
}

/** `POST /api/riskEvaluation` before the identifier step (§4.2). */
export async function evaluateRisk(
  username: string,
  riskPayload: RiskPayload,
): Promise<RiskOutcome> {
  try {
    const response = await apiFetch(RISK_API_PATH, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [XSRF_HEADER]: '1',
      },
      body: JSON.stringify({ username, riskPayload }),
    });
    return riskOutcomeOf(response.status, await readJson(response));
  } catch {
    return riskOutcomeOf(null, null);
  }
}
