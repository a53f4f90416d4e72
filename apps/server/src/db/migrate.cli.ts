// `npm run db:migrate`: applies the migrations the database lacks, and nothing else: no demo
// users, no keys, no server. A deployment runs it once before starting instances with
// MIGRATE_ON_START=off (README "Running for more than a laptop").
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateDatabase, pendingMigrations } from './migrate';

try {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    const pending = await pendingMigrations(handle);
    await migrateDatabase(handle);
    console.log(
      pending.length > 0
        ? `Applied ${pending.length} migration${pending.length === 1 ? '' : 's'}: ${pending.join(', ')}.`
        : 'The database already has every migration; nothing changed.',
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
