import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNode24, NODE24_VERSION } from '../../../scripts/node24.mjs';
import { newPgliteDataDir } from './pglite-data-dir';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { SignInDriver } from './sign-in-driver';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The package's scripts: `serve` (the production start, after `npm run build`) and `start`. */
async function packageScripts(): Promise<Record<string, string>> {
  const manifest = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return manifest.scripts;
}

/** The process's command line and NODE_OPTIONS, as Linux shows them. */
async function commandLineOf(server: ServerProcess) {
  const read = (name: string) => readFile(`/proc/${server.child.pid}/${name}`, 'utf8');
  const argv = (await read('cmdline')).split('\0').filter(Boolean);
  const nodeOptions = (await read('environ'))
    .split('\0')
    .find((entry) => entry.startsWith('NODE_OPTIONS='));
  return { argv, nodeOptions: nodeOptions ?? '' };
}

function report(what: string, server: ServerProcess) {
  const line = `${what}: spawn to /healthz in ${(server.readyInMs / 1000).toFixed(2)} s`;
  console.log(line);
  return line;
}

// Two process starts on one data directory: Node 24 first (a new database: migrations and demo
// users), then this machine's Node, whose time is a restart's, as `npm start` from a built tree.
describe('the compiled server (apps/server/dist, as `npm run build` makes it)', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await newPgliteDataDir('anybank-compiled-');
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`starts under Node ${NODE24_VERSION} from the npm registry and signs jane.doe in over the API`, async ({
    annotate,
  }) => {
    const node = await ensureNode24();
    const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_TOOLS: 'on' }, { node });
    try {
      expect((await commandLineOf(server)).argv[0]).toBe(node);
      const driver = new SignInDriver(server.origin);
      const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
      const token = await driver.token(landing.searchParams.get('code') ?? '');
      expect(token.status).toBe(200);
      expect(await token.json()).toMatchObject({ token_type: 'Bearer' });
      expect(server.output()).not.toContain('Unsupported runtime');
      await annotate(report(`Node ${NODE24_VERSION}, new database`, server));
    } finally {
      await stopServerProcess(server);
    }
  }, 180_000);

  it('starts with plain node on the file `npm run serve` and `npm start` name, without tsx, and answers /healthz', async ({
    annotate,
  }) => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const { argv, nodeOptions } = await commandLineOf(server);
      expect(argv).toHaveLength(2);
      expect(argv[0]).toBe(process.execPath);
      const scripts = await packageScripts();
      expect(scripts.serve).toBe(`node ${path.relative(repoRoot, argv[1] ?? '')}`);
      // `npm start` builds, then runs the same command itself (one npm process fewer: ~0.5 s).
      expect(scripts.start).toMatch(/^node scripts\/build\.mjs && /);
      expect(scripts.start?.endsWith(` && ${scripts.serve}`)).toBe(true);
      expect(argv[1]).toMatch(/\/apps\/server\/dist\/main\.mjs$/);
      expect(nodeOptions).not.toMatch(/tsx/);
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      await annotate(report(`Node ${process.versions.node}, restart`, server));
    } finally {
      await stopServerProcess(server);
    }
  }, 120_000);
});
