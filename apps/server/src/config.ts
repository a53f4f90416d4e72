import { availableParallelism } from 'node:os';
import path from 'node:path';
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
 * Configuration from environment variables (README "Configuration" and `.env.example`).
 * Every variable is validated at start; each bad value gives one error line naming it.
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
const checkedEnvSchema = envSchema.superRefine((env, context) => {
  const colors = { primaryColor: env.BRAND_PRIMARY_COLOR, accentColor: env.BRAND_ACCENT_COLOR };
  for (const problem of contrastProblems(colors)) {
    const variable = CONTRAST_VARIABLE[problem.pair];
    context.addIssue({ code: 'custom', path: [variable], message: problem.message });
  }
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
  /** Secrets set in the environment; the others come from the database (ServerKeys). */
  secretsFromEnvironment: {
    apiKey?: string;
    sessionSecret?: string;
    signingSecret?: string;
    presenterSecret?: string;
  };
  /** Seals the stored secrets and private keys (AES-256-GCM); null: stored as they are. */
  keyEncryptionKey: string | null;
  host: string;
  publicUrl: string;
  orchestratorUrl: string;
  widgetApiUrl: string;
  basePath: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  smtp: { url: string; from: string } | null;
  analyticsMeasurementId: string | null;
  analyticsCollectorUrl: string;
  demoHosts: string[];
  retailSiteUrl: string;
  /** Whether the outbox is served: OUTBOX=on and the demo tools on. */
  outboxEnabled: boolean;
  /**
   * DEMO_TOOLS: the outbox, the demo admin API, the admin's risk override and the seeded demo
   * users with their published password. Off, none of them exists.
   */
  demoToolsEnabled: boolean;
  /** Whether start-up applies the migrations (MIGRATE_ON_START); off, it only checks them. */
  migrateOnStart: boolean;
  /** How many server processes share the port (WORKERS; `auto` already counted): 1 or more. */
  workers: number;
  /** Requests per minute one client address may make to each sign-in endpoint. */
  rateLimitPerMinute: number;
  /** How recent a sign-in or step-up must be for a sensitive change (at most 5 minutes). */
  stepUpWindowMs: number;
  /** Where a phone number without `+` is read: `US` unless configured. */
  phoneDefaultCountry: string;
  /** Where the built web app is (default apps/web/dist). */
  webDistDir: string | null;
  redisUrl: string | null;
  /** The default brand (ADR 0020): names and colours, checked for WCAG AA contrast. */
  brand: { bankName: string; productName: string; primaryColor: string; accentColor: string };
  /** HTTPS=on: the server serves HTTPS itself (http/tls.ts); null: plain HTTP. */
  tls: TlsSetting | null;
  /** METRICS=on: GET /metrics is served, to a bearer of `token` when one is set; null: 404. */
  metrics: { token: string | null } | null;
}

/** Where the server's certificate comes from with HTTPS=on. */
export type TlsSetting =
  /** TLS_CERT and TLS_KEY: PEM files read at start. */
  | { kind: 'files'; certPath: string; keyPath: string }
  /**
   * Self-signed, made on first start and kept in `dir` (under DATA_DIR); made again when it
   * expires or does not name every one of `hosts`.
   */
  | { kind: 'generated'; dir: string; hosts: string[] };

/**
 * The rules that join HTTPS, TLS_CERT, TLS_KEY and PUBLIC_URL, one line per bad variable:
 * the certificate and key come as a pair, only with HTTPS=on, and a site that serves HTTPS
 * is reached at an https:// PUBLIC_URL.
 */
export function httpsProblems(
  env: Pick<Env, 'HTTPS' | 'TLS_CERT' | 'TLS_KEY' | 'PUBLIC_URL'>,
): string[] {
  const problems: string[] = [];
  const pair = [
    ['TLS_CERT', env.TLS_CERT, 'TLS_KEY', env.TLS_KEY],
    ['TLS_KEY', env.TLS_KEY, 'TLS_CERT', env.TLS_CERT],
  ] as const;
  for (const [name, value, other, otherValue] of pair) {
    if (value === undefined) continue;
    const got = ` (got ${JSON.stringify(value)})`;
    if (env.HTTPS !== 'on') problems.push(`${name}: is only read with HTTPS=on${got}`);
    else if (otherValue === undefined) problems.push(`${name}: must be set with ${other}${got}`);
  }
  if (env.HTTPS === 'on' && env.PUBLIC_URL?.startsWith('http://')) {
    problems.push(
      `PUBLIC_URL: must be an https:// URL with HTTPS=on (got ${JSON.stringify(env.PUBLIC_URL)})`,
    );
  }
  return problems;
}

/**
 * Several processes need a database server: the embedded PostgreSQL has one connection, held
 * by one process (its data directory is locked).
 */
export function workersProblems(
  env: Pick<Env, 'WORKERS' | 'DATABASE_URL'>,
  given = String(env.WORKERS),
): string[] {
  if (env.WORKERS <= 1 || env.DATABASE_URL !== undefined) return [];
  return [
    `WORKERS: must be 1 with the embedded database, which has one connection; set DATABASE_URL to a PostgreSQL server to run several processes (got ${JSON.stringify(given)})`,
  ];
}

/** A metrics token with the metrics off would look like protection and protect nothing. */
export function metricsProblems(env: Pick<Env, 'METRICS' | 'METRICS_TOKEN'>): string[] {
  if (env.METRICS_TOKEN === undefined || env.METRICS === 'on') return [];
  // The token is a secret: the line names the variable, never its value.
  return ['METRICS_TOKEN: is only read with METRICS=on'];
}

/** A URL's host name as a certificate and WebAuthn name it: `[::1]` is `::1`. */
function hostNameOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}

function tlsSettingOf(e: Env, host: string, publicUrl: string): TlsSetting | null {
  if (e.HTTPS !== 'on') return null;
  if (e.TLS_CERT !== undefined && e.TLS_KEY !== undefined) {
    return { kind: 'files', certPath: e.TLS_CERT, keyPath: e.TLS_KEY };
  }
  const hosts = [...new Set(['localhost', '127.0.0.1', '::1', host, hostNameOf(publicUrl)])];
  return { kind: 'generated', dir: path.join(e.DATA_DIR, 'tls'), hosts };
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
  const parsed = checkedEnvSchema.safeParse(present);
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
  const problems = [...httpsProblems(e), ...workersProblems(e, env.WORKERS), ...metricsProblems(e)];
  if (problems.length > 0) throw new ConfigError(problems);
  // With HTTPS=on the site's address is https:// and, HOST unset, the passkeys' relying party
  // (HOST) is PUBLIC_URL's host: a phone that opens https://<laptop>:8080 is on that host.
  const host =
    e.HOST ?? (e.HTTPS === 'on' && e.PUBLIC_URL ? hostNameOf(e.PUBLIC_URL) : 'localhost');
  const scheme = e.HTTPS === 'on' ? 'https' : 'http';
  const publicUrl = e.PUBLIC_URL ?? `${scheme}://${host}:${e.PORT}`;
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
    secretsFromEnvironment: {
      ...(e.API_KEY === undefined ? {} : { apiKey: e.API_KEY }),
      ...(e.SESSION_SECRET === undefined ? {} : { sessionSecret: e.SESSION_SECRET }),
      ...(e.SIGNING_SECRET === undefined ? {} : { signingSecret: e.SIGNING_SECRET }),
      ...(e.PRESENTER_SECRET === undefined ? {} : { presenterSecret: e.PRESENTER_SECRET }),
    },
    keyEncryptionKey: e.KEY_ENCRYPTION_KEY ?? null,
    host,
    publicUrl,
    orchestratorUrl: e.ORCHESTRATOR_URL ?? `${publicUrl}${e.BASE_PATH}/api/orchestration`,
    widgetApiUrl: e.WIDGET_API_URL ?? `${publicUrl}${e.BASE_PATH}/api/orchestration`,
    basePath: e.BASE_PATH,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : null,
    analyticsMeasurementId: e.ANALYTICS_MEASUREMENT_ID ?? null,
    analyticsCollectorUrl: e.ANALYTICS_COLLECTOR_URL,
    demoHosts: e.DEMO_HOSTS,
    retailSiteUrl: e.RETAIL_SITE_URL,
    outboxEnabled: e.OUTBOX === 'on' && e.DEMO_TOOLS === 'on',
    demoToolsEnabled: e.DEMO_TOOLS === 'on',
    migrateOnStart: e.MIGRATE_ON_START === 'on' || e.MIGRATE_ON_START === 'true',
    workers: e.WORKERS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    stepUpWindowMs: e.STEP_UP_MAX_AGE_SECONDS * 1000,
    phoneDefaultCountry: e.PHONE_DEFAULT_COUNTRY,
    webDistDir: e.WEB_DIST_DIR ?? null,
    redisUrl: e.REDIS_URL ?? null,
    brand: {
      bankName: e.BANK_NAME,
      productName: e.PRODUCT_NAME,
      primaryColor: e.BRAND_PRIMARY_COLOR,
      accentColor: e.BRAND_ACCENT_COLOR,
    },
    tls: tlsSettingOf(e, host, publicUrl),
    metrics: e.METRICS === 'on' ? { token: e.METRICS_TOKEN ?? null } : null,
  };
}

/** Warnings for a configuration that works but must not face the public as it is. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.keyEncryptionKey) {
    warnings.push(
      'KEY_ENCRYPTION_KEY is not set: the generated secrets and the token signing key are stored unencrypted in the database.',
    );
  }
  if (
    config.outboxEnabled &&
    !/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(config.publicUrl)
  ) {
    warnings.push(
      'OUTBOX is on for a non-local PUBLIC_URL: anyone can read every one-time code. Set OUTBOX=off and SMTP_URL.',
    );
  }
  if (config.metrics?.token === null && !isLocalUrl(config.publicUrl)) {
    warnings.push(
      'METRICS is on without METRICS_TOKEN for a non-local PUBLIC_URL: anyone who reaches the port can read /metrics. Set METRICS_TOKEN unless only a private network reaches it.',
    );
  }
  if (config.demoToolsEnabled && !isLocalUrl(config.publicUrl)) {
    warnings.push(
      'DEMO_TOOLS is on for a non-local PUBLIC_URL: the demo users share a published password and the demo admin is open. Set DEMO_TOOLS=off (README "Demo tools").',
    );
  }
  return warnings;
}

function isLocalUrl(url: string): boolean {
  return /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(url);
}
