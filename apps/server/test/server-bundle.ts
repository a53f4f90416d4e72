import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { inject } from 'vitest';
import type {} from './provided-context';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The entry points the process tests start, by name. */
export const SERVER_ENTRY_POINTS = {
  main: 'apps/server/src/main.ts',
  seed: 'apps/server/src/seed/seed.cli.ts',
  migrate: 'apps/server/src/db/migrate.cli.ts',
  keys: 'apps/server/src/modules/identity/keys/keys.cli.ts',
} as const;
export type ServerEntryPoint = keyof typeof SERVER_ENTRY_POINTS;

/**
 * The project's own TypeScript (server and contracts) goes into the bundle; every other package
 * is imported from node_modules as `npm run serve` imports it. Each file's `import.meta.url`
 * stays its own source file's URL: the server finds its migrations, package.json and web build
 * relative to it.
 */
const ownSourceOnly: Plugin = {
  name: 'own-source-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@anybank/') ? undefined : { path: args.path, external: true },
    );
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Bundles the server's entry points into `outDir` (inside the repository, so that the bundle's
 * imports of packages resolve in its node_modules): `node <outDir>/main.mjs` then starts in a
 * fraction of `node --import tsx apps/server/src/main.ts`'s time, which compiles each of the
 * server's files at every start. The code is the same; only the loading differs.
 */
export async function bundleServer(outDir: string): Promise<void> {
  await build({
    absWorkingDir: repoRoot,
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRY_POINTS).map(([name, file]) => [name, path.join(repoRoot, file)]),
    ),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [ownSourceOnly],
  });
}

/**
 * The arguments for `node` that run `entry`: this run's bundle when `global-setup.ts` made one,
 * else the source through tsx, as the package scripts run it.
 */
export function nodeArgsFor(entry: ServerEntryPoint): string[] {
  let bundleDir: string | undefined;
  try {
    bundleDir = inject('serverBundleDir');
  } catch {
    bundleDir = undefined;
  }
  return bundleDir
    ? [path.join(bundleDir, `${entry}.mjs`)]
    : ['--import', 'tsx', SERVER_ENTRY_POINTS[entry]];
}
