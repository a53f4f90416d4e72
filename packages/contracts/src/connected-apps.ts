import { z } from 'zod';

/**
 * Applications that are not the bank's own site or portals (the retail checkout)
 * sign a customer in only after the customer agrees on the bank's consent page, and the
 * customer sees and revokes them on Privacy & Security under "Connected apps".
 */

/** The customer's connected apps (`GET`), and one of them (`DELETE …/{clientId}`). */
export const CONNECTED_APPS_API_PATH = '/api/connected-apps';
/** The consent request waiting in this browser (`GET ?interaction=`), and its answer (`POST`). */
export const OAUTH_CONSENT_API_PATH = '/api/oauth/consent';
/** The SPA page the OAuth server sends the browser to when an application needs consent. */
export const OAUTH_CONSENT_PAGE_PATH = '/oauth/consent';
/** The query parameter of that page naming the OAuth interaction. */
export const OAUTH_CONSENT_INTERACTION_PARAM = 'interaction';

/** What a customer calls each application that may ask for their consent. */
export const CONNECTED_APP_NAMES: Readonly<Record<string, string>> = {
  'retail-checkout': 'Retail checkout',
  'retail-shop': 'Retail Shop',
};

const clientIdSchema = z.string().min(1).max(64);

export const connectedAppSchema = z.object({
  clientId: clientIdSchema,
  name: z.string(),
  /** The scopes the customer agreed to (OAuth names; the page shows them in words). */
  scopes: z.array(z.string()),
  connectedAt: z.iso.datetime(),
  /** An assistant's last use of the MCP server for the customer (ADR 0029): when, and what. */
  lastUsed: z.object({ at: z.iso.datetime(), what: z.string() }).optional(),
  /**
   * The payments the customer confirmed or cancelled for this app, newest first
   * (only for an app that asks to be paid): each consent pays once, then shows as used.
   */
  payments: z
    .array(
      z.object({
        amountCents: z.number().int(),
        payeeName: z.string(),
        reference: z.string(),
        /** Consumed: paid (used); Authorised: confirmed, not yet paid; Rejected: cancelled. */
        status: z.enum(['Authorised', 'Consumed', 'Rejected']),
        decidedAt: z.iso.datetime(),
      }),
    )
    .optional(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;

export const connectedAppsResponseSchema = z.object({ apps: z.array(connectedAppSchema) });
export type ConnectedAppsResponse = z.infer<typeof connectedAppsResponseSchema>;

export const connectedAppParamsSchema = z.object({ clientId: clientIdSchema });

export const consentRequestQuerySchema = z.object({
  [OAUTH_CONSENT_INTERACTION_PARAM]: z.string().min(8).max(128),
});

/** The consent request the page shows: which app, for whom, asking for what. */
export const consentRequestSchema = z.object({
  clientId: clientIdSchema,
  appName: z.string(),
  /** The signed-in customer's name, so they see whose account they are sharing. */
  accountName: z.string(),
  scopes: z.array(z.string()),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

export const CONSENT_DECISIONS = ['allow', 'deny'] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

export const consentDecisionSchema = z.strictObject({
  [OAUTH_CONSENT_INTERACTION_PARAM]: z.string().min(8).max(128),
  decision: z.enum(CONSENT_DECISIONS),
});

/** Where the browser goes next: back to the OAuth server, which answers the application. */
export const consentDecisionResponseSchema = z.object({ redirectTo: z.string() });
export type ConsentDecisionResponse = z.infer<typeof consentDecisionResponseSchema>;
