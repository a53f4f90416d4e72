import { BANK_NAME_SLOT } from './branding';
import { z } from 'zod';

/**
 * Digital-wallet pairing (document 2 §2, §7, §8; ADR 0012). The personal-details page starts
 * the wallet-pairing policy with the customer's access token and shows a QR code and a pairing
 * link; opening the link on `/mobile` redeems its single-use ticket for the "AnyBank customer
 * card": a JWT signed with the bank's token key, which the simulator checks against the bank's
 * published JWKS. Server: modules/wallet and orchestration/policies/wallet-pairing.policy.ts.
 */

/** A pairing link works for 10 minutes, once. */
export const WALLET_PAIRING_TTL_SECONDS = 600;
/** How often the personal-details page asks whether the phone has taken the card. */
export const WALLET_PAIRING_POLL_MS = 2000;
/** A card in the wallet stays valid for a year; pairing again replaces it. */
export const WALLET_CARD_TTL_SECONDS = 365 * 24 * 60 * 60;

/**
 * The pairing link is `{site}/mobile#walletPairing=<ticket>`: in the fragment, the ticket never
 * reaches a server log, a proxy or a Referer header; the simulator reads it in the browser.
 */
export const WALLET_PAIRING_LINK_PARAM = 'walletPairing';

/** The card's JWT `typ`, audience and `card_type`: no other token of the bank carries these. */
export const WALLET_CARD_JWT_TYPE = 'wallet-card+jwt';
export const WALLET_CARD_AUDIENCE = 'anybank-wallet';
export const WALLET_CARD_TYPE = 'anybank-customer-card';
/** What the wallet calls the card. */
/** The card's title; `{{bankName}}` is the brand's (`fillBrand`, ADR 0020). */
export const WALLET_CARD_TITLE = `${BANK_NAME_SLOT} customer card`;

/** A ticket: 32 random bytes in base64url (43 characters). */
export const WALLET_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const walletPaths = {
  /** `POST {ticket}` with the anti-forgery header → 201 `{card}`; 410 used, expired or unknown. */
  cards: '/api/mobile/wallet/cards',
} as const;

export const walletMessages = {
  paired: `Your ${BANK_NAME_SLOT} customer card is now in the wallet on your phone.`,
  ticketRefused: 'This pairing link was already used or has expired.',
  customersOnly: 'Only customers can pair a digital wallet.',
  otherCustomer: 'You can only pair a wallet with your own account.',
  noSuchPairing: 'There is no such pairing.',
} as const;

const accessToken = z.string({ error: 'accessToken is required.' }).min(1).max(8192);

/**
 * The wallet-pairing policy's body. `start` makes a new pairing (an earlier unused one of the
 * customer stops working); `status` tells whether the phone has taken the card. `subject`, when
 * the widget sends it, must be the access token's own user.
 */
export const walletPairingRequestSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('start'),
    accessToken,
    subject: z.string().min(1).max(64).optional(),
  }),
  z.object({
    step: z.literal('status'),
    accessToken,
    pairingId: z.uuid(),
  }),
]);
export type WalletPairingRequest = z.input<typeof walletPairingRequestSchema>;

export const walletPairingStartResponseSchema = z.object({
  success: z.literal(true),
  additionalProperties: z.object({
    pairingId: z.string(),
    /** The pairing link as a PNG data URL, for the phone's camera. */
    qrCode: z.string().startsWith('data:image/png;base64,'),
    pairingUrl: z.string(),
    expiresAt: z.string(),
  }),
});
export type WalletPairingStartResponse = z.infer<typeof walletPairingStartResponseSchema>;

export const WALLET_PAIRING_STATUSES = ['PENDING', 'PAIRED', 'EXPIRED'] as const;
export type WalletPairingStatus = (typeof WALLET_PAIRING_STATUSES)[number];
export const walletPairingStatusResponseSchema = z.object({
  additionalProperties: z.object({ status: z.enum(WALLET_PAIRING_STATUSES) }),
});
export type WalletPairingStatusResponse = z.infer<typeof walletPairingStatusResponseSchema>;

export const walletRedemptionRequestSchema = z.object({
  ticket: z.string().regex(WALLET_TICKET_PATTERN, 'ticket must be a pairing ticket'),
});
export const walletRedemptionResponseSchema = z.object({ card: z.string().min(1) });
export type WalletRedemptionResponse = z.infer<typeof walletRedemptionResponseSchema>;

/** The claims of an AnyBank customer card, beyond the registered ones (iss, sub, aud, iat…). */
export const walletCardClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number(),
  exp: z.number(),
  jti: z.string(),
  card_type: z.literal(WALLET_CARD_TYPE),
  name: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  /** Masked: only the last four digits show. */
  customer_number: z.string(),
});
export type WalletCardClaims = z.infer<typeof walletCardClaimsSchema>;
