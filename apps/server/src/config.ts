import { z } from 'zod';
import { DEFAULT_PRODUCT_ID } from '@anybank/contracts';

/**
 * Configuration from environment variables (README "Configuration" and `.env.example`).
 * Every variable is validated at start; each bad value gives one error line naming it.
 */

/** Values that are public knowledge (they are in this repository): fine for a laptop demo only. */
export const DEMO_SECRETS = {
  API_KEY: 'demo-api-key-change-me',
  SESSION_SECRET: 'demo-session-secret-change-me-0123456789',
  SIGNING_SECRET: 'demo-signing-secret-change-me-0123456789',
} as const;

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
  API_KEY: z.string().min(16, 'must be at least 16 characters long').default(DEMO_SECRETS.API_KEY),
  HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name without scheme or port, e.g. bank.example.com')
    .default('localhost'),
  PUBLIC_URL: httpUrl.optional(),
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
  SESSION_SECRET: secret.default(DEMO_SECRETS.SESSION_SECRET),
  SIGNING_SECRET: secret.default(DEMO_SECRETS.SIGNING_SECRET),
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
  WEB_DIST_DIR: z.string().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(300),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  listenHost: string;
  nodeEnv: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  productId: string;
  companyId: string;
  policyIds: Record<PolicyName, string>;
  apiKey: string;
  host: string;
  publicUrl: string;
  orchestratorUrl: string;
  widgetApiUrl: string;
  basePath: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  sessionSecret: string;
  signingSecret: string;
  smtp: { url: string; from: string } | null;
  analyticsMeasurementId: string | null;
  analyticsCollectorUrl: string;
  demoHosts: string[];
  retailSiteUrl: string;
  outboxEnabled: boolean;
  /** Requests per minute one client address may make to each sign-in endpoint. */
  rateLimitPerMinute: number;
  /** Where the built web app is (default apps/web/dist). */
  webDistDir: string | null;
  redisUrl: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration; throws a ConfigError listing every bad variable by name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (as in a .env file with `NAME=`).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        return `${name}: ${issue.message}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}`;
      }),
    );
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`;
  return {
    port: e.PORT,
    listenHost: e.LISTEN_HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    productId: e.PRODUCT_ID,
    companyId: e.COMPANY_ID,
    policyIds: Object.fromEntries(
      POLICY_NAMES.map((name) => [name, e[`POLICY_ID_${name}`]]),
    ) as Record<PolicyName, string>,
    apiKey: e.API_KEY,
    host: e.HOST,
    publicUrl,
    orchestratorUrl: e.ORCHESTRATOR_URL ?? `${publicUrl}${e.BASE_PATH}/api/orchestration`,
    widgetApiUrl: e.WIDGET_API_URL ?? `${publicUrl}${e.BASE_PATH}/api/orchestration`,
    basePath: e.BASE_PATH,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    sessionSecret: e.SESSION_SECRET,
    signingSecret: e.SIGNING_SECRET,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : null,
    analyticsMeasurementId: e.ANALYTICS_MEASUREMENT_ID ?? null,
    analyticsCollectorUrl: e.ANALYTICS_COLLECTOR_URL,
    demoHosts: e.DEMO_HOSTS,
    retailSiteUrl: e.RETAIL_SITE_URL,
    outboxEnabled: e.OUTBOX === 'on',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    webDistDir: e.WEB_DIST_DIR ?? null,
    redisUrl: e.REDIS_URL ?? null,
  };
}

/** Warnings for a configuration that works but must not face the public as it is. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const defaults: [string, string, string][] = [
    ['API_KEY', config.apiKey, DEMO_SECRETS.API_KEY],
    ['SESSION_SECRET', config.sessionSecret, DEMO_SECRETS.SESSION_SECRET],
    ['SIGNING_SECRET', config.signingSecret, DEMO_SECRETS.SIGNING_SECRET],
  ];
  for (const [name, value, demoValue] of defaults) {
    if (value === demoValue) {
      warnings.push(
        `${name} is the public demo default: set your own before anyone else can reach this server.`,
      );
    }
  }
  if (
    config.outboxEnabled &&
    !/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(config.publicUrl)
  ) {
    warnings.push(
      'OUTBOX is on for a non-local PUBLIC_URL: anyone can read every one-time code. Set OUTBOX=off and SMTP_URL.',
    );
  }
  return warnings;
}
