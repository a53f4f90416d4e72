import { z } from 'zod';

/**
 * The token signing keys (ADR 0017): the demo admin's rotation call. Server:
 * apps/server/src/modules/identity/keys; the command line does the same (`npm run keys:rotate`).
 */
export const SIGNING_KEY_ROTATION_PATH = '/api/admin/signing-keys/rotate';

export const signingKeyRotationResponseSchema = z.object({
  /** The new key's id: new access and ID tokens carry it in their `kid` header. */
  signingKid: z.string(),
  /** Every key in `/as/jwks` now, the signing one first. */
  publishedKids: z.array(z.string()),
  /** When the previous keys leave `/as/jwks` (their last tokens have expired by then). */
  previousKeysPublishedUntil: z.string().nullable(),
});
export type SigningKeyRotationResponse = z.infer<typeof signingKeyRotationResponseSchema>;
