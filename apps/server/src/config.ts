import path from 'node:path';
import { checkedEnvSchema, POLICY_NAMES, type Env, type PolicyName } from './config-env';

export { DEFAULT_ANALYTICS_COLLECTOR_URL, POLICY_NAMES } from './config-env';
export type { Env, PolicyName } from './config-env';

/**
 * Configuration from environment variables (README "Configuration" and `.env.example`).
 * Every variable is validated at start; each bad value gives one error line naming it.
 */

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
