// Starts AnyBank: configuration, database (migrated and seeded), HTTP server, graceful stop.
// With WORKERS>1 this runs in the primary, which stops before the HTTP server to fork the
// workers, and again in each worker, which skips the once-only work (cluster.ts).
import { DEMO_PASSWORD, loadPasswordScorer } from '@anybank/contracts';
import { buildServer } from './app';
import { processRole, runWorkers } from './cluster';
import { ConfigError, configWarnings, loadConfig, type Config } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase, type DatabaseHandle } from './db/database';
import { MIGRATE_COMMAND, migrateDatabase, pendingMigrations } from './db/migrate';
import { drainableServer } from './http/drain';
import { serveClusterMetrics } from './http/metrics';
import { TlsSetupError, loadTlsCredentials, tlsBannerLines, type TlsCredentials } from './http/tls';
import { KeySealError } from './modules/identity/keys/key-seal';
import { loadServerKeysFor, type ServerKeys } from './modules/identity/keys/keys.service';
import { DEMO_USERS } from './seed/demo-data';
import { seedOrCheckDemoUsers } from './seed/seed';
import { logOutputFor } from './http/log-output';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`AnyBank cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function banner(config: Config, tls: TlsCredentials | null, presenterSecret: string) {
  const url = `${config.publicUrl}${config.basePath}/`;
  const where =
    config.database.kind === 'pglite'
      ? `embedded PostgreSQL in ${config.database.dataDir}`
      : 'PostgreSQL (DATABASE_URL)';
  const people = DEMO_USERS.slice(0, 5)
    .map((user) => `    ${user.uid.padEnd(12)} ${user.userType}`)
    .join('\n');
  const demo = config.demoToolsEnabled
    ? `  demo accounts (password ${DEMO_PASSWORD}):\n${people}\n    …and ${DEMO_USERS.length - 5} more customers (README)\n` +
      // The demo tools that change the bank for everyone ask for it once per browser.
      `  presenter secret (branding, Reset demo, key rotation): ${presenterSecret}\n`
    : '  demo tools: off (no demo users, outbox or demo admin)\n';
  console.log(
    `\nAnyBank is running at ${url}\n  data: ${where}\n` +
      (config.workers > 1 ? `  workers: ${config.workers} processes\n` : '') +
      `  outbox: ${config.outboxEnabled ? `${url}outbox` : 'off'}\n` +
      (tls ? `${tlsBannerLines(tls).join('\n')}\n` : '') +
      demo,
  );
}

const config = loadConfigOrExit();
const role = processRole(config.workers);
if (role !== 'worker') {
  for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);
}

async function openDatabaseOrExit(): Promise<DatabaseHandle> {
  try {
    return await openDatabase(config.database);
  } catch (error) {
    console.error(
      `AnyBank cannot start. ${error instanceof DataDirInUseError ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}
const database = await openDatabaseOrExit();

/** Stops a start that cannot go on, in one line, once the database it opened is closed. */
async function refuseToStart(reason: string): Promise<never> {
  console.error(`AnyBank cannot start. ${reason}`);
  await database.close();
  process.exit(1);
}
/** Migrates (or checks) the database and seeds (or checks) the demo users; exits when it must. */
async function prepareDatabaseOrExit() {
  if (config.migrateOnStart) {
    await migrateDatabase(database);
  } else {
    // A rolling deployment migrates once, before its instances start: one that finds the
    // database behind this release stops rather than serve from a schema it does not know.
    const pending = await pendingMigrations(database);
    if (pending.length > 0) {
      await refuseToStart(
        `MIGRATE_ON_START is off and the database lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} of this release: run \`${MIGRATE_COMMAND}\` first.`,
      );
    }
  }
  // DEMO_TOOLS on: the demo users are seeded. Off: none is, and none may still have the demo password.
  const demoUsersRefusal = await seedOrCheckDemoUsers(database.db, config.demoToolsEnabled);
  if (demoUsersRefusal) await refuseToStart(demoUsersRefusal);
}
// A worker finds the database as its primary left it: migrated (or checked) and seeded.
if (role !== 'worker') await prepareDatabaseOrExit();

/** The secrets and signing keys every instance on this database shares (made on first start). */
async function loadServerKeysOrExit(): Promise<ServerKeys> {
  try {
    return await loadServerKeysFor(config, database.db, {
      onError: (error) =>
        console.warn(`Warning: reading the signing keys failed: ${String(error)}`),
    });
  } catch (error) {
    if (error instanceof KeySealError) {
      console.error(`AnyBank cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
const keys = await loadServerKeysOrExit();

/** HTTPS=on: the certificate (made on first start, or TLS_CERT's) before anything listens. */
async function loadTlsOrExit(): Promise<TlsCredentials | null> {
  if (!config.tls) return null;
  try {
    return await loadTlsCredentials(config.tls);
  } catch (error) {
    return refuseToStart(error instanceof TlsSetupError ? error.message : String(error));
  }
}
const tls = await loadTlsOrExit();

if (role === 'primary') {
  // The keys and the certificate are made (the workers read them): the workers take it from here.
  keys.signingKeys.close();
  await database.close();
  // A scrape reaches one worker, which asks here for every worker's metrics added up.
  if (config.metrics) serveClusterMetrics();
  process.exit(
    await runWorkers(config.workers, () => banner(config, tls, keys.secrets.presenterSecret)),
  );
}

const { app } = await buildServer({
  config,
  database,
  keys,
  logOutput: logOutputFor(process.stdout),
  ...(tls ? { https: { cert: tls.cert, key: tls.key } } : {}),
});
const http = drainableServer(app.server);
await app.listen({ port: config.port, host: config.listenHost });
if (role === 'single') banner(config, tls, keys.secrets.presenterSecret);
// The new-password check's dictionaries take seconds to load: loaded in the background, so
// that the first registration or password change does not wait for them. Not at once: building
// them holds the event loop for ~0.4 s, which the first /healthz (a supervisor's, a load
// balancer's) would wait out. (The server works without them: the check loads them on first use.)
const SCORER_LOAD_DELAY_MS = 2_000;
setTimeout(() => {
  loadPasswordScorer().catch((error: unknown) =>
    app.log.warn(
      { err: error },
      'loading the password dictionaries failed; the first check will retry',
    ),
  );
}, SCORER_LOAD_DELAY_MS).unref();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  // Requests in flight get 10 s to finish; then the process goes regardless.
  setTimeout(() => process.exit(1), 10_000).unref();
  await http.drain();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
