import { z } from 'zod';
import { BANK_NAME_SLOT } from './branding';

/**
 * A verifier asks the phone's wallet for some claims of a credential (ADR 0027): OpenID for
 * Verifiable Presentations 1.0, a request object signed by the verifier (`request_uri`), a
 * DCQL query naming only the claims it needs, response mode `direct_post`. The verifier here
 * is the retail shop (another company, pre-registered with the bank's wallet by its client id
 * and key); the holder is `/mobile`. Server: modules/retail-shop (wallet-check.*).
 */

/** The two things the shop asks: proof of age for an age-restricted item, or a delivery address. */
export const PRESENTATION_PURPOSES = ['age', 'delivery'] as const;
export type PresentationPurpose = (typeof PRESENTATION_PURPOSES)[number];

/** Which claims of the verified-customer credential each purpose asks for, and nothing more. */
export const PRESENTATION_CLAIMS = {
  age: ['age_over_18'],
  delivery: ['given_name', 'family_name', 'address'],
} as const satisfies Record<PresentationPurpose, readonly string[]>;

/** The DCQL credential query id the shop uses, the key of its answer in `vp_token`. */
export const PRESENTATION_QUERY_ID = 'anybank_verified_customer';

/** The request object's `typ` (RFC 9101) and the audience a wallet's request object carries. */
export const REQUEST_OBJECT_JWT_TYPE = 'oauth-authz-req+jwt';
export const SELF_ISSUED_AUDIENCE = 'https://self-issued.me/v2';

/** A request lives 5 minutes; a key-binding JWT older than this is stale. */
export const PRESENTATION_REQUEST_TTL_SECONDS = 300;
export const KEY_BINDING_MAX_AGE_SECONDS = 300;
/** How often the shop's page asks whether the wallet has answered. */
export const PRESENTATION_POLL_MS = 1500;

export const walletCheckPaths = {
  /** `POST {purpose}` → 201 a request and its links (the shop's browser cookie reads the result). */
  start: '/api/shop/wallet-checks',
  /** `GET` the signed request object (`application/oauth-authz-req+jwt`), for the wallet. */
  requestObject: '/api/shop/wallet-checks/:checkId/request',
  /** `POST` (form, `direct_post`) the wallet's `vp_token` and `state`, or `error`. */
  response: '/api/shop/wallet-checks/:checkId/response',
  /** `GET` the result, for the browser that started it. */
  result: '/api/shop/wallet-checks/:checkId',
} as const;
export const walletCheckPath = (
  path: (typeof walletCheckPaths)['requestObject' | 'response' | 'result'],
  checkId: string,
) => path.replace(':checkId', encodeURIComponent(checkId));

export const walletCheckStartSchema = z.object({ purpose: z.enum(PRESENTATION_PURPOSES) });

export const walletCheckStartedSchema = z.object({
  checkId: z.string(),
  purpose: z.enum(PRESENTATION_PURPOSES),
  /** `openid4vp://?client_id=…&request_uri=…`: what any OpenID4VP wallet scans. */
  requestUri: z.string(),
  /** The same request as a link that opens `/mobile`. */
  phoneLink: z.string(),
  qrCode: z.string().startsWith('data:image/png;base64,'),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type WalletCheckStarted = z.infer<typeof walletCheckStartedSchema>;

/** One check the verifier made of a presentation, in the order it made them. */
export const verifierCheckSchema = z.object({
  name: z.string(),
  passed: z.boolean(),
  detail: z.string().optional(),
});
export type VerifierCheck = z.infer<typeof verifierCheckSchema>;

export const WALLET_CHECK_STATUSES = [
  'pending',
  'verified',
  'refused',
  'declined',
  'expired',
] as const;
export const walletCheckResultSchema = z.object({
  checkId: z.string(),
  purpose: z.enum(PRESENTATION_PURPOSES),
  status: z.enum(WALLET_CHECK_STATUSES),
  /** Verified: only the claims asked for, as disclosed. */
  disclosed: z.record(z.string(), z.unknown()).nullable(),
  /** Refused: the error code and its message. */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  checks: z.array(verifierCheckSchema),
});
export type WalletCheckResult = z.infer<typeof walletCheckResultSchema>;

export const walletPresentationMessages = {
  ageItemNotice: 'Age-restricted: you must be 18 or over to buy this.',
  verifyAge: `Verify your age with your ${BANK_NAME_SLOT} wallet`,
  fillDelivery: `Fill in the delivery address from your ${BANK_NAME_SLOT} wallet`,
  scanOrOpen: 'Scan the code with your wallet, or open the link on your phone.',
  waiting: 'Waiting for your wallet…',
  ageVerified: `Age verified by ${BANK_NAME_SLOT}`,
  declined: 'You declined to share this from your wallet.',
  expired: 'This request has expired. Start again.',
  verifyAgeFirst: 'Verify your age above before you pay.',
  qrAlt: 'QR code of the request for your wallet',
  openOnPhone: 'Open on the phone',
  tryAgain: 'Try again',
  addToOrder: 'Add to order',
  remove: 'Remove',
  addOnHeading: 'Also for your trip',
  deliveryHeading: 'Delivery address',
  deliveryFilled: `Filled in from your ${BANK_NAME_SLOT} wallet.`,
  deliveryFields: {
    name: 'Full name',
    street: 'Street address',
    locality: 'City',
    postalCode: 'Postal code',
    country: 'Country',
  },
  // The phone's words.
  asks: (verifier: string) => `${verifier} asks you to share:`,
  wouldNotShare: 'It will not see anything else in your wallet.',
  share: 'Share',
  decline: 'Decline',
  shared: (verifier: string) => `Shared with ${verifier}.`,
  unknownVerifier: 'This request is not from a verifier your wallet knows, so it was not opened.',
  noMatchingCredential: `You have no ${BANK_NAME_SLOT} verified customer credential in this wallet.`,
  requestFailed: 'The request could not be opened. Start again from the shop.',
  fromCredential: (title: string) => `From your ${title}:`,
  purposes: {
    age: 'To check that you are 18 or over.',
    delivery: 'To fill in your delivery address.',
  } satisfies Record<PresentationPurpose, string>,
  sharing: 'Sharing…',
  declinedSent: (verifier: string) => `You declined: ${verifier} sees nothing.`,
  refusedBy: (verifier: string, message: string) => `${verifier} refused it: ${message}`,
  sendFailed: 'The answer could not be sent. Start again from the shop.',
} as const;
