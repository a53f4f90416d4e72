// `npm run seed` creates missing demo users; `npm run seed -- --reset` restores the demo data;
// `npm run seed -- --remove-demo-users` removes them (before DEMO_TOOLS=off, README).
import { loadConfig, ConfigError } from '../config';
import { openDatabase } from '../db/database';
import { migrateDatabase } from '../db/migrate';
import { removeDemoUsers, seedDemoData } from './seed';

try {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    await migrateDatabase(handle);
    if (process.argv.includes('--remove-demo-users')) {
      const removed = await removeDemoUsers(handle.db);
      console.log(
        removed.length > 0
          ? `Removed ${removed.length} demo users (${removed.join(', ')}) with their accounts, devices and sign-ins.`
          : 'There are no demo users; nothing changed.',
      );
    } else if (!config.demoToolsEnabled) {
      console.error('DEMO_TOOLS is off: no demo users are seeded. Unset it (or set it on) first.');
      process.exitCode = 1;
    } else {
      const reset = process.argv.includes('--reset');
      const result = await seedDemoData(handle.db, { reset });
      console.log(
        result.created.length > 0
          ? `${reset ? 'Reset the demo data: ' : 'Created '}${result.created.length} demo users (${result.created.join(', ')}).`
          : 'The demo users are already there; nothing changed.',
      );
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
