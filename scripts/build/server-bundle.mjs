// The server's compiled form: its entry points bundled by esbuild into one ES module each.
// Type-checking stays with `npm run typecheck` (tsc); this only strips types and joins files.
import { readFile, rename, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where `npm run build` puts the server: `node apps/server/dist/main.mjs` starts it. */
export const SERVER_DIST_DIR = path.join(repoRoot, 'apps', 'server', 'dist');

/** The server's entry points, by the name of their compiled file (`<name>.mjs`). */
export const SERVER_ENTRY_POINTS = {
  main: 'apps/server/src/main.ts',
  seed: 'apps/server/src/seed/seed.cli.ts',
  migrate: 'apps/server/src/db/migrate.cli.ts',
  keys: 'apps/server/src/modules/identity/keys/keys.cli.ts',
};

/**
 * The project's own TypeScript (server and contracts) goes into the bundle; every other package
 * stays an import, resolved at run time in node_modules as the source's imports are.
 *
 * Each file's `import.meta.url` is rewritten to its source file's URL, expressed relative to the
 * bundle: the compiled server reads its migrations (apps/server/drizzle), its package.json and
 * the web build (apps/web/dist) where they are in the tree, not copies of them. Copying would buy
 * nothing: the bundle needs the tree's node_modules anyway, so it never runs without the tree,
 * and one copy of each cannot go stale (a new migration is applied without a server rebuild).
 * Relative, so that the built tree still works once moved as a whole (into an image, say).
 *
 * @type {import('esbuild').Plugin}
 */
const ownSourceOnly = {
  name: 'own-source-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@anybank/') ? undefined : { path: args.path, external: true },
    );
    const outDir = builder.initialOptions.outdir ?? SERVER_DIST_DIR;
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Bundles the server's entry points into `outDir` (inside the repository, so that the bundle's
 * imports of packages resolve in its node_modules). Each file is written under a temporary name
 * and renamed: a process starting meanwhile (another test run, say) loads the old file or the
 * new one, never half of one.
 *
 * @param {string} [outDir]
 */
export async function bundleServer(outDir = SERVER_DIST_DIR) {
  // Imported only to build: a production install (no development dependencies) still checks
  // that its build is current and runs it (parts.mjs).
  const { build } = await import('esbuild');
  const result = await build({
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
    write: false,
    plugins: [ownSourceOnly],
  });
  await mkdir(outDir, { recursive: true });
  await Promise.all(
    result.outputFiles.map(async (file) => {
      const partial = `${file.path}.${process.pid}.partial`;
      await writeFile(partial, file.contents);
      await rename(partial, file.path);
    }),
  );
}
