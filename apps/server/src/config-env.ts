import { availableParallelism } from 'node:os';
import { z } from 'zod';
import {
  DEFAULT_BRAND,
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PRODUCT_ID,
  brandNameSchema,
  contrastProblems,
  hexColorSchema,
  isPhoneCountry,
  type ContrastPair,
} from '@anybank/contracts';

/**
 * The environment variables (README "Configuration" and `.env.example`) and how each is
 * checked: config.ts reads them into the server's Config.
 */

/** The orchestration policies of document 1 §7 and document 2 §7, each with its own id. */
export const POLICY_NAMES = [
  'REGISTRATION',
  'USERNAME_RECOVERY',
  'DEVICE_UNIQUENESS',
  'QR_CODE',
  'PROFILE_UPDATE',
  'SIGN_IN_METHOD',
  'PHISHING_EMAIL',
  'DELETE_USER',
  'RESET_VERIFICATION',
  'HELP_DESK',
  'WALLET_PAIRING',
] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

const identifier = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be 1-64 letters, digits, "-" or "_"');
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((url) => url.replace(/\/+$/, ''));
/** Google Analytics 4's collection endpoint, which takes a `G-…` measurement id. */
export const DEFAULT_ANALYTICS_COLLECTOR_URL = 'https://www.google-analytics.com/g/collect';

const secret = z.string().min(32, 'must be at least 32 characters long');
const onOff = z.enum(['on', 'off'], { error: 'must be "on" or "off"' });

function policyIdSchemas() {
  return Object.fromEntries(
    POLICY_NAMES.map((name) => [
      `POLICY_ID_${name}`,
      identifier.default(name.toLowerCase().replaceAll('_', '-')),
    ]),
  ) as Record<`POLICY_ID_${PolicyName}`, z.ZodDefault<typeof identifier>>;
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(8080),
  LISTEN_HOST: z.string().min(1).default('localhost'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PRODUCT_ID: z
    .string()
    .regex(
      /^[a-z][a-z0-9]{1,30}$/,
      'must be 2-31 lowercase letters or digits, starting with a letter',
    )
    .default(DEFAULT_PRODUCT_ID),
  COMPANY_ID: identifier.default('anybank-demo'),
  ...policyIdSchemas(),
  // No secret has a default: unset ones are generated on first start and kept in the database
  // (modules/identity/keys).
  API_KEY: z.string().min(16, 'must be at least 16 characters long').optional(),
  HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name without scheme or port, e.g. bank.example.com')
    // Unset: localhost, or with HTTPS=on the host of PUBLIC_URL (tls.rules.ts).
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  /** The server serves HTTPS itself (a phone on the LAN needs a secure context). */
  HTTPS: onOff.default('off'),
  /** A PEM certificate (chain) and its private key; unset with HTTPS=on: one is generated. */
  TLS_CERT: z.string().min(1).optional(),
  TLS_KEY: z.string().min(1).optional(),
  ORCHESTRATOR_URL: httpUrl.optional(),
  WIDGET_API_URL: httpUrl.optional(),
  BASE_PATH: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, 'must be a path such as /bank (or empty)')
    .transform((path) => path.replace(/\/+$/, ''))
    .default(''),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'must be a postgres:// URL (leave it unset for the embedded database)',
    )
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  SESSION_SECRET: secret.optional(),
  SIGNING_SECRET: secret.optional(),
  /**
   * The presenter's secret that unlocks the demo tools acting for everyone (branding, Reset
   * demo, key rotation). No default: unset, one is generated on first start, kept with the
   * other secrets and printed in the start banner.
   */
  PRESENTER_SECRET: z.string().min(16, 'must be at least 16 characters long').max(200).optional(),
  KEY_ENCRYPTION_KEY: secret.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('AnyBank <no-reply@anybank.example>'),
  ANALYTICS_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,16}$/, 'must look like G-XXXXXXXXXX')
    .optional(),
  /** Where the browser sends page views and events (only with a measurement id). */
  ANALYTICS_COLLECTOR_URL: httpUrl.default(DEFAULT_ANALYTICS_COLLECTOR_URL),
  DEMO_HOSTS: z
    .string()
    .default('localhost,127.0.0.1')
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    ),
  RETAIL_SITE_URL: httpUrl.default('https://retail.anybank.example'),
  OUTBOX: onOff.default('on'),
  /** The demo tools, all together (README "Demo tools"): off for a public deployment. */
  DEMO_TOOLS: onOff.default('on'),
  /**
   * Off: start-up applies no migration and refuses to start on a database that lacks one, for a
   * deployment that runs `npm run db:migrate` once before starting its instances. `true` and
   * `false` are read as on and off, as deployment tools often write them.
   */
  MIGRATE_ON_START: z
    .enum(['on', 'off', 'true', 'false'], { error: 'must be "on" or "off"' })
    .default('on'),
  /**
   * How many server processes share the port (Node's cluster, cluster.ts): a whole number, or
   * `auto` for one per core. Above 1 only on PostgreSQL (workersProblems).
   */
  WORKERS: z
    .string()
    .regex(/^(auto|0*[1-9][0-9]*)$/, 'must be a whole number from 1, or "auto" (one per core)')
    .transform((value) => (value === 'auto' ? availableParallelism() : Number(value)))
    .default(1),
  WEB_DIST_DIR: z.string().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(300),
  /**
   * How recent a sign-in or step-up must be for a sensitive change: 5 minutes,
   * and never more. Only shortened (a browser journey checks the step-up dialog with it).
   */
  STEP_UP_MAX_AGE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(300, 'must be at most 300 (5 minutes)')
    .default(300),
  /** The country a phone number typed without `+` is read in (ISO 3166 alpha-2). */
  PHONE_DEFAULT_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, 'must be a two-letter country code, e.g. US or GB')
    .default(DEFAULT_PHONE_COUNTRY),
  /**
   * GET /metrics (Prometheus). On without METRICS_TOKEN: anyone who reaches the
   * port may read it (a private network); with it, only a caller presenting it as a bearer token.
   */
  METRICS: onOff.default('off'),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/=-]{32,}$/,
      'must be at least 32 letters, digits or "-._~+/=" (a bearer token)',
    )
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** The brand until the demo admin changes it (README "Branding"). */
  BANK_NAME: brandNameSchema.default(DEFAULT_BRAND.bankName),
  PRODUCT_NAME: brandNameSchema.default(DEFAULT_BRAND.productName),
  BRAND_PRIMARY_COLOR: hexColorSchema.default(DEFAULT_BRAND.primaryColor),
  BRAND_ACCENT_COLOR: hexColorSchema.default(DEFAULT_BRAND.accentColor),
});

/** Which variable a colour pair below WCAG AA is reported on. */
const CONTRAST_VARIABLE: Record<ContrastPair, 'BRAND_PRIMARY_COLOR' | 'BRAND_ACCENT_COLOR'> = {
  'white-on-primary': 'BRAND_PRIMARY_COLOR',
  'accent-on-primary': 'BRAND_ACCENT_COLOR',
  'black-on-accent': 'BRAND_ACCENT_COLOR',
};

/** The default brand's colours pass the same contrast check as the demo admin's form. */
export const checkedEnvSchema = envSchema.superRefine((env, context) => {
  const colors = { primaryColor: env.BRAND_PRIMARY_COLOR, accentColor: env.BRAND_ACCENT_COLOR };
  for (const problem of contrastProblems(colors)) {
    const variable = CONTRAST_VARIABLE[problem.pair];
    context.addIssue({ code: 'custom', path: [variable], message: problem.message });
  }
});

export type Env = z.infer<typeof envSchema>;
