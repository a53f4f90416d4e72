// `npm run keys:rotate`: a new token signing key, against DATABASE_URL or DATA_DIR (README
// "Secrets and keys"). Running servers on PostgreSQL pick it up by themselves; the embedded
// database belongs to one process, so with a server running on it use the admin call instead.
import { ConfigError, loadConfig } from '../../../config';
import { DataDirInUseError } from '../../../db/data-dir-lock';
import { openDatabase } from '../../../db/database';
import { migrateDatabase } from '../../../db/migrate';
import { KeySealError } from './key-seal';
import { loadServerKeysFor, rotateSigningKey } from './keys.service';

try {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    await migrateDatabase(handle);
    const keys = await loadServerKeysFor(config, handle.db, { refreshEveryMs: 0 });
    const before = keys.signingKeys.signingKey().kid;
    const result = await rotateSigningKey(
      { db: handle.db, signingKeys: keys.signingKeys },
      { via: 'command line' },
    );
    console.log(
      `New signing key ${result.signingKid} signs from now on (was ${before}).\n` +
        `Published now: ${result.publishedKids.join(', ')}.\n` +
        (result.previousKeysPublishedUntil
          ? `The previous key stays in /as/jwks until ${result.previousKeysPublishedUntil.toISOString()}, when the last token it signed has expired; then it is dropped.`
          : ''),
    );
    keys.signingKeys.close();
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(
      `${error.message}\nA server is running on this embedded database: rotate through it (POST /api/admin/signing-keys/rotate), or stop it first.`,
    );
  } else if (error instanceof ConfigError || error instanceof KeySealError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
