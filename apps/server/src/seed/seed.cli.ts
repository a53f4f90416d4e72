// `npm run seed` creates missing demo users; `npm run seed -- --reset` restores the demo data.
import { loadConfig, ConfigError } from '../config';
import { openDatabase } from '../db/database';
import { migrateDatabase } from '../db/migrate';
import { seedDemoData } from './seed';

try {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    await migrateDatabase(handle);
    const reset = process.argv.includes('--reset');
    const result = await seedDemoData(handle.db, { reset });
    console.log(
      result.created.length > 0
        ? `${reset ? 'Reset the demo data: ' : 'Created '}${result.created.length} demo users (${result.created.join(', ')}).`
        : 'The demo users are already there; nothing changed.',
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
