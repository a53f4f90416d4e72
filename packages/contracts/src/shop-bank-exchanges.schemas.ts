import { z } from 'zod';
import { SHOP_BANK_STEPS } from './shop-bank-exchanges';

/**
 * The Shop ⇄ Bank view's answer (shop-bank-exchanges.ts): its schemas, apart from its paths and
 * words, because the route table (and so the layout's first load) names the view's path and the
 * first load carries no zod (ADR 0024).
 */

const claims = z.record(z.string(), z.unknown());
/** A JWS (or JWT) as the view shows it: its header and claims; its signature is never kept. */
export const decodedJwsSchema = z.object({ header: claims, claims });
export type DecodedJws = z.infer<typeof decodedJwsSchema>;
/** A DPoP proof (RFC 9449 §4.2) and the thumbprint (RFC 7638) of the key in its header. */
export const decodedDpopProofSchema = decodedJwsSchema.extend({ jkt: z.string() });
export type DecodedDpopProof = z.infer<typeof decodedDpopProofSchema>;

export const shopBankExchangeSchema = z.object({
  step: z.enum(SHOP_BANK_STEPS),
  /** When the shop recorded it. */
  at: z.iso.datetime({ offset: true }),
  /** What the shop sent; null for the shopper's return from the bank (the bank's answer only). */
  request: z
    .object({
      method: z.string(),
      /** The bank's address the shop called, without its query. */
      url: z.string(),
      /** `Authorization`'s scheme only ("DPoP"): the token is never kept. */
      authorizationScheme: z.string().nullable(),
      dpopProof: decodedDpopProofSchema.nullable(),
      clientAssertion: decodedJwsSchema.nullable(),
      /** The form or JSON body, its secrets replaced by `SHOP_BANK_REDACTED`. */
      body: claims.nullable(),
    })
    .nullable(),
  response: z.object({
    status: z.number().int(),
    body: z.unknown(),
    /** A token answer's access token and ID token: their header and claims only. */
    accessToken: decodedJwsSchema.nullable(),
    idToken: decodedJwsSchema.nullable(),
  }),
});
export type ShopBankExchange = z.infer<typeof shopBankExchangeSchema>;

/** A ledger entry of the payment, as a recorded answer of the bank shows it. */
export const shopBankLedgerEntrySchema = z.object({
  side: z.enum(['debit', 'credit']),
  /** The bank's id of the entry (its Open Banking TransactionId). */
  transactionId: z.string(),
  /** The account, as the answer named it ("…5031"). */
  account: z.string(),
  /** Signed: a debit is negative. */
  amountCents: z.number().int(),
  bookedAt: z.string(),
  /** Which recorded exchange showed it. */
  source: z.enum(SHOP_BANK_STEPS),
});
export type ShopBankLedgerEntry = z.infer<typeof shopBankLedgerEntrySchema>;

/** `GET` an order's exchanges with the bank, for the browser that placed it. */
export const shopBankExchangesSchema = z.object({
  orderId: z.uuid(),
  reference: z.string(),
  exchanges: z.array(shopBankExchangeSchema),
  ledgerEntries: z.array(shopBankLedgerEntrySchema),
});
export type ShopBankExchanges = z.infer<typeof shopBankExchangesSchema>;
