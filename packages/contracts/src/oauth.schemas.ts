import { z } from 'zod';

/**
 * The session pickup's answer (document 1 §3.8), apart from oauth.ts (clients, scopes, paths)
 * so that the browser's first page, which names the clients, does not load zod with them
 * (ADR 0024).
 */

/** `{product}` fields are named with the configured product id: `anybankUserType`. */
export const pickupResponseSchema = z
  .object({
    resumePath: z.string().optional(),
    // eslint-disable-next-line no-restricted-syntax -- the §3.8 attribute named Email, not a device type
    Email: z.string().optional(),
    subject: z.string().optional(),
    FirstName: z.string().optional(),
    LastName: z.string().optional(),
    uid: z.string().optional(),
    street: z.string().optional(),
    city: z.string().optional(),
    postalCode: z.string().optional(),
    mobile: z.string().optional(),
    authnPreference: z.string().optional(),
    accts: z.string().optional(),
  })
  .catchall(z.unknown());
export type PickupResponse = z.infer<typeof pickupResponseSchema>;
