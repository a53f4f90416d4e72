import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * New PGlite data directories for the tests that open one as a server does (a server process's
 * DATA_DIR, a restart on disk). PGlite makes a new directory's cluster with initdb, compiled to
 * WebAssembly: ~5.7 s of CPU on these machines, against ~0.9 s to open an existing one. A test
 * that starts a server on a new directory is about what the server does there (migrate, seed,
 * refuse), not initdb, so each gets a copy of one cluster fresh from initdb: no table, no row,
 * nothing migrated, exactly what a new directory holds once PGlite has created it.
 */

/** Where the tests keep their database templates, from one run to the next. */
export const TEMPLATES_DIR = path.join(tmpdir(), 'anybank-test-templates');

/** The installed PGlite's version: a template made by another version is not used. */
export async function pgliteVersion(): Promise<string> {
  // The package's exports hide its package.json: read it beside the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return version;
}

/** The cluster's copy kept for the run and the next ones: named after the PGlite version. */
async function templateDir(): Promise<string> {
  return path.join(TEMPLATES_DIR, `pglite-initdb-${await pgliteVersion()}`);
}

let template: Promise<string> | null = null;

/**
 * The template, made once by whichever worker first finds none: built under a temporary name,
 * then renamed, so no one copies half a cluster; of two that race, the second's rename fails and
 * it uses the first's.
 */
function initdbTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = await templateDir();
    if (await stat(path.join(dir, 'PG_VERSION')).catch(() => null)) return dir;
    const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await mkdir(partial, { recursive: true });
    const client = await PGlite.create(partial);
    await client.close();
    try {
      await rename(partial, dir);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      if (!(await stat(path.join(dir, 'PG_VERSION')).catch(() => null))) throw error;
    }
    // Another PGlite version's cluster is of no more use: it does not pile up.
    for (const name of await readdir(path.dirname(dir))) {
      const other = path.join(path.dirname(dir), name);
      if (other !== dir && /^pglite-initdb-[^.]+$/.test(name)) {
        await rm(other, { recursive: true, force: true });
      }
    }
    return dir;
  })();
  template.catch(() => {
    template = null;
  });
  return template;
}

/**
 * A new, empty temporary directory to use as DATA_DIR, whose `pglite` folder (where the server
 * keeps its database) already holds a cluster fresh from initdb. The caller removes it.
 */
export async function newPgliteDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(await initdbTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}
