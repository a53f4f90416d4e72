import {
  DEVICE_SIGNATURE_HEADER,
  DEVICE_TIMESTAMP_HEADER,
  XSRF_HEADER,
  activatedPhoneSchema,
  mobilePaths,
  pushDecisionMessage,
  pushListingMessage,
  pushRequestListSchema,
} from '@anybank/contracts';
import type { ActivatedPhone, PushDecision, PushRequest } from '@anybank/contracts';
import { apiFetch, readJson } from './api';
import { phoneKey } from './phone-key';
import type { PublicPhoneJwk } from './phone-key';

/**
 * The phone app's calls (document 1 §4.3; server: modules/identity/devices/mobile.routes.ts).
 * Activation proves the owner with password and e-mail code; everything after it is signed
 * with the phone's key (phone-key.ts). Each call answers the value or the server's message.
 */

export type PhoneAnswer<T> =
  | { ok: true; value: T }
  /** `status` 0: the bank could not be reached. */
  | { ok: false; status: number; message: string };

export const PHONE_UNREACHABLE_MESSAGE =
  'The bank could not be reached. Check your connection and try again.';
/** The phone's key is gone (deactivated in another tab) or WebCrypto refused to use it. */
export const PHONE_CANNOT_SIGN_MESSAGE =
  "This browser could not sign the answer with the phone's key. Open /mobile and activate the app again.";

function textOf(body: unknown, member: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[member];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The server's `message` (every API error has one), else a sentence with the status. */
export function messageOfFailure(status: number, body: unknown): string {
  return (
    textOf(body, 'message') ?? `The bank answered with an error (HTTP ${status}). Please try again.`
  );
}

async function call<T>(
  path: string,
  init: RequestInit,
  expected: number,
  read: (body: unknown) => T,
): Promise<PhoneAnswer<T>> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return { ok: false, status: 0, message: PHONE_UNREACHABLE_MESSAGE };
  }
  const body = await readJson(response);
  if (response.status !== expected) {
    return { ok: false, status: response.status, message: messageOfFailure(response.status, body) };
  }
  try {
    return { ok: true, value: read(body) };
  } catch {
    return { ok: false, status: response.status, message: messageOfFailure(response.status, null) };
  }
}

function postJson(body: unknown): RequestInit {
  return {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify(body),
  };
}

/**
 * Step 1: the owner's username and password; 202 means a code went to their e-mail. The value
 * is the server's sentence saying so (null when it gave none).
 */
export function startActivation(
  username: string,
  password: string,
): Promise<PhoneAnswer<string | null>> {
  return call(mobilePaths.activation, postJson({ username, password }), 202, (body) =>
    textOf(body, 'message'),
  );
}

/** Step 2: the e-mail code and the phone's public key; 201 names the device it is bound to. */
export function confirmActivation(
  username: string,
  code: string,
  publicKey: PublicPhoneJwk,
): Promise<PhoneAnswer<ActivatedPhone>> {
  return call(mobilePaths.activationConfirm, postJson({ username, code, publicKey }), 201, (body) =>
    activatedPhoneSchema.parse(body),
  );
}

/** The device's pending requests, oldest first; the phone signs the device and the moment. */
export async function listPushRequests(
  deviceId: string,
  signal?: AbortSignal,
): Promise<PhoneAnswer<PushRequest[]>> {
  const timestamp = Date.now();
  const signature = await phoneKey.sign(deviceId, pushListingMessage(deviceId, timestamp));
  return call(
    mobilePaths.pushRequests(deviceId),
    {
      headers: {
        Accept: 'application/json',
        [DEVICE_TIMESTAMP_HEADER]: String(timestamp),
        [DEVICE_SIGNATURE_HEADER]: signature,
      },
      signal,
    },
    200,
    (body) => pushRequestListSchema.parse(body).requests,
  );
}

/** Approves or denies a request sent to this device; the phone signs the request and decision. */
export async function decidePushRequest(
  deviceId: string,
  requestId: string,
  decision: PushDecision,
): Promise<PhoneAnswer<null>> {
  const signature = await phoneKey.sign(deviceId, pushDecisionMessage(requestId, decision));
  return call(
    mobilePaths.decision(requestId),
    postJson({ deviceId, decision, signature }),
    204,
    () => null,
  );
}
