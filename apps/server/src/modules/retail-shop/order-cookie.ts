import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { RETAIL_ORDER_STATUSES } from '@anybank/contracts';

/** The private half of a P-256 DPoP key, as a JWK (RFC 7518 §6.2). */
export const dpopPrivateJwkSchema = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
});
export type DpopPrivateJwk = z.infer<typeof dpopPrivateJwkSchema>;

/** The shop's order as its own cookie keeps it: the shop is another company, with no tables here. */
export const shopOrderSchema = z.object({
  orderId: z.uuid(),
  reference: z.string(),
  amountCents: z.number().int().positive(),
  consentId: z.uuid(),
  payeeAccountId: z.string(),
  status: z.enum(RETAIL_ORDER_STATUSES),
  /** The authorization's checks, while the shopper is at the bank. */
  state: z.string(),
  codeVerifier: z.string(),
  paymentId: z.string().nullable(),
  problem: z.string().nullable(),
  /**
   * Once paid: the authorization's DPoP-bound access token and the private key it is bound to,
   * so that the presenter's "Try paying this order again" submits the payment exactly as the
   * shop did and the bank's refusal is about the consent, not a wrong token. Acceptable here:
   * the cookie is sealed (AES-256-GCM under the shop's key: no one reads or changes it) and
   * HttpOnly (no script reads it), lives an hour, and what it holds can do one thing — pay
   * this order's consent, which is used — for the token's 30 minutes, and only with this key.
   */
  authorization: z
    .strictObject({ accessToken: z.string().min(1), dpopKey: dpopPrivateJwkSchema })
    .nullable(),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;

export const SHOP_ORDER_COOKIE = 'retail_shop_order';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The order travels in an HttpOnly cookie sealed with AES-256-GCM under a key the shop derives
 * from its own private key: the PKCE verifier stays secret, and a shopper cannot change an
 * amount or mark an order paid. The shop needs no storage of its own at the bank, and any of the
 * bank's instances (WORKERS) can serve the shopper's return.
 */
export function createOrderSeal(shopSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(shopSecret, 'base64url'), '', 'retail-shop order cookie', 32),
  );
  return {
    seal(order: ShopOrder): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      const sealed = Buffer.concat([cipher.update(JSON.stringify(order), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    /** The order, or null for no cookie, a forged or damaged one. */
    open(value: string | undefined): ShopOrder | null {
      if (!value) return null;
      try {
        const bytes = Buffer.from(value, 'base64url');
        // The tag's length is fixed: GCM would otherwise check a cut-short tag, which a forger
        // could guess in far fewer tries than a whole one.
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const text = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        return shopOrderSchema.parse(JSON.parse(text.toString('utf8')));
      } catch {
        return null;
      }
    },
  };
}
export type OrderSeal = ReturnType<typeof createOrderSeal>;
