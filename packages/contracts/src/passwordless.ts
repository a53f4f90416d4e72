import { z } from 'zod';

/**
 * "Sign in without a password" on Sign In & Password, and naming passkeys. The
 * customer's own token calls these; removing the password needs a recent sign-in or step-up.
 */
export const PASSWORDLESS_API_PATH = '/api/authn/password';

/** `GET`: whether the customer has a password and how many passkeys (the section shows then). */
export const passwordlessStatusSchema = z.object({
  hasPassword: z.boolean(),
  passkeys: z.number().int().min(0),
});
export type PasswordlessStatus = z.infer<typeof passwordlessStatusSchema>;

/** `PUT /api/authn/devices/{deviceId}/name`: a passkey's new name. */
export const passkeyNamePath = (deviceId: string) =>
  `/api/authn/devices/${encodeURIComponent(deviceId)}/name`;
export const passkeyRenameSchema = z.object({
  name: z.string().max(200).describe('1 to 64 characters once trimmed; control characters go.'),
});
export const passkeyRenamedSchema = z.object({ id: z.string(), nickname: z.string() });
