import { z } from 'zod';

/**
 * The bank's phone app (document 1 §4.3) and the server: activation, the device's pending push
 * requests and its decisions. After activation the phone proves itself with its own key
 * (ECDSA P-256, SHA-256, raw r||s signature in base64url), signing exactly these texts.
 * Server: modules/identity/devices (mobile.routes.ts, push.rules.ts).
 */

export const PUSH_DECISIONS = ['approve', 'deny'] as const;
export type PushDecision = (typeof PUSH_DECISIONS)[number];

/** The text the phone signs to decide a request: it names the request and the decision. */
export function pushDecisionMessage(requestId: string, decision: PushDecision): string {
  return `anybank-push-decision:${requestId}:${decision}`;
}

/** The text the phone signs to list its requests: it names the device and the moment. */
export function pushListingMessage(deviceId: string, timestampMs: number): string {
  return `anybank-push-list:${deviceId}:${timestampMs}`;
}

export const mobilePaths = {
  /** `POST {username, password}` → 202: a code goes to the owner's e-mail. */
  activation: '/api/mobile/activation',
  /** `POST {username, code, publicKey}` → 201 `ActivatedPhone`. */
  activationConfirm: '/api/mobile/activation/confirm',
  /** `GET`, signed with the listing headers → `{requests}`; 401 when the key is not the device's. */
  pushRequests: (deviceId: string) =>
    `/api/mobile/devices/${encodeURIComponent(deviceId)}/push-requests`,
  /** `POST {deviceId, decision, signature}` → 204; 403 wrong key, 404 unknown, 409 too late. */
  decision: (requestId: string) =>
    `/api/mobile/push-requests/${encodeURIComponent(requestId)}/decision`,
} as const;

/** The moment the listing was signed (milliseconds since the epoch), and the signature. */
export const DEVICE_TIMESTAMP_HEADER = 'x-device-timestamp';
export const DEVICE_SIGNATURE_HEADER = 'x-device-signature';

/** The answer of a confirmed activation: the push device the phone's key is now bound to. */
export const activatedPhoneSchema = z.object({
  deviceId: z.string().min(1),
  deviceName: z.string(),
  username: z.string(),
  firstName: z.string(),
});
export type ActivatedPhone = z.infer<typeof activatedPhoneSchema>;

/** What the person approves, in words ('Sign in to AnyBank?') and details (From, Amount…). */
export const pushContextSchema = z.object({
  title: z.string(),
  details: z.record(z.string(), z.string()),
});
export type PushContext = z.infer<typeof pushContextSchema>;

export const pushRequestSchema = z.object({
  id: z.string().min(1),
  kind: z.string(),
  context: pushContextSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/** The device's pending requests, oldest first. */
export const pushRequestListSchema = z.object({ requests: z.array(pushRequestSchema) });
export type PushRequestList = z.infer<typeof pushRequestListSchema>;
