import { FLOW_API_PATH, XSRF_HEADER, flowDeviceSchema } from '@anybank/contracts';
import type { FlowDevice } from '@anybank/contracts';
import { flowAnswerOf, type FlowAnswer } from '../../lib/flow-answer';
import { apiErrorOf, readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { withStepUp } from '../../lib/step-up-signal';

/** The signed-in customer's sign-in devices (document 1 §8), with the access token. */
const DEVICES_API_PATH = '/api/authn/devices';

/** `GET /api/authn/devices`: the customer's devices, oldest first, targets masked. */
export async function listSignInDevices(signal?: AbortSignal): Promise<FlowDevice[]> {
  const response = await authorizedFetch(DEVICES_API_PATH, { signal });
  if (!response.ok) {
    throw await apiErrorOf(response, `GET ${DEVICES_API_PATH}`);
  }
  const body = await readJson(response);
  const devices =
    typeof body === 'object' && body !== null && 'devices' in body ? body.devices : null;
  return flowDeviceSchema.array().parse(devices);
}

/**
 * `POST /api/authn/flows` with the access token: a pairing flow for the signed-in customer, at
 * DEVICE_PAIRING_METHOD_REQUIRED; refused with `pairing_device_limit` (with the flow) when the
 * customer already has the most devices allowed.
 */
export async function startPairingFlow(): Promise<FlowAnswer> {
  // Adding a device needs a recent sign-in: the step-up dialog asks when it is older.
  const response = await withStepUp(() =>
    authorizedFetch(FLOW_API_PATH, { method: 'POST', headers: { [XSRF_HEADER]: '1' } }),
  );
  const answer = flowAnswerOf(response.status, await readJson(response));
  if (answer) return answer;
  throw await apiErrorOf(response, `POST ${FLOW_API_PATH}`);
}
