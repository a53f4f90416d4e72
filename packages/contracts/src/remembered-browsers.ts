import { z } from 'zod';

/**
 * "Don't ask again on this browser for 30 days". After a second factor, the
 * customer may have the bank remember this browser: an HttpOnly cookie holding a random token
 * whose hash the server keeps, bound to the customer and to this browser's device cookie (below;
 * never to anything the page's script can read or send). A remembered browser skips the second
 * factor of a password sign-in whose risk is LOW; Sign In & Password lists remembered browsers
 * with "Forget". A password change or reset and "Sign out everywhere" forget them all.
 */

/** How long a browser stays remembered. */
export const REMEMBERED_BROWSER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The HttpOnly cookie holding this browser's remembrance tokens (one per customer, at most 3). */
export const REMEMBERED_BROWSER_COOKIE = 'anybank_remembered_browser';

/**
 * "This browser": an HttpOnly cookie the bank sets on the sign-in flow's first answer, a random
 * token the page's script can neither read nor copy. A remembrance is bound to it, and a browser
 * that has signed in to an account with it is not refused for other addresses' failed sign-ins
 * (the risk rules, identity/risk/risk.rules.ts).
 */
export const DEVICE_COOKIE = 'anybank_device';

/** How long the device cookie lasts (Chromium caps a cookie's lifetime at 400 days). */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** The customer's remembered browsers (`GET`), and one of them (`DELETE …/{browserId}`). */
export const REMEMBERED_BROWSERS_API_PATH = '/api/authn/remembered-browsers';

export const rememberedBrowserParamsSchema = z.object({ browserId: z.uuid() });

export const rememberedBrowserSchema = z.object({
  id: z.uuid(),
  /** The browser, from its user agent ("Chrome 156"), or null when it did not say. */
  browser: z.string().nullable(),
  /** The platform, from its user agent ("Linux", "iPhone"), or null when it did not say. */
  platform: z.string().nullable(),
  rememberedAt: z.iso.datetime(),
  /** When it last skipped a second factor; null until it has. */
  lastUsedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime(),
  /** The browser asking holds this remembrance's cookie. */
  current: z.boolean(),
});
export type RememberedBrowser = z.infer<typeof rememberedBrowserSchema>;

export const rememberedBrowsersResponseSchema = z.object({
  /** This browser first, then the most recently remembered first. */
  browsers: z.array(rememberedBrowserSchema),
});
export type RememberedBrowsersResponse = z.infer<typeof rememberedBrowsersResponseSchema>;

/** The body of `continueAuthentication`: whether the person ticked "Don't ask again". */
export const continueAuthenticationSchema = z.object({
  rememberBrowser: z.boolean().optional(),
});
