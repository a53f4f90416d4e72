import { z } from 'zod';

/**
 * What the server tells the browser about its configuration. It holds no secret: the server
 * writes it into a `<meta name="anybank-config">` tag of index.html (no inline script, CSP).
 */
export const publicConfigSchema = z.object({
  productId: z.string(),
  basePath: z.string(),
  host: z.string(),
  publicUrl: z.string(),
  companyId: z.string(),
  retailSiteUrl: z.string(),
  analyticsMeasurementId: z.string().nullable(),
  /** The analytics sink: page views and events go there, and only with a measurement id. */
  analyticsCollectorUrl: z.string(),
  demoHosts: z.array(z.string()),
  outboxEnabled: z.boolean(),
  /** DEMO_TOOLS: off, the browser shows no link to a demo page (demo admin, outbox). */
  demoToolsEnabled: z.boolean(),
  /**
   * PHONE_DEFAULT_COUNTRY: the country a phone number typed without `+` is read in, so that the
   * browser reads a number as the server will store it (issue 14 §6).
   */
  phoneCountry: z.string(),
  /** Ids of the orchestration policies the browser starts itself (no secret in them). */
  policyIds: z.object({
    registration: z.string(),
    usernameRecovery: z.string(),
    deviceUniqueness: z.string(),
    qrCode: z.string(),
    profileUpdate: z.string(),
    signInMethod: z.string(),
    walletPairing: z.string(),
    phishingEmail: z.string(),
    deleteUser: z.string(),
    resetVerification: z.string(),
    helpDesk: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const PUBLIC_CONFIG_META_NAME = 'anybank-config';
