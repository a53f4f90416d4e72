// What `npm run build` builds, part by part, and the record of each part's last build that lets
// `npm start` skip the parts whose inputs did not change (the rule: what-changed.mjs).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, SERVER_DIST_DIR } from './server-bundle.mjs';
import { fingerprintOf, partsToBuild } from './what-changed.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Each part's fingerprint at its last build, one file per part and output folder. */
const RECORDS_DIR = path.join(repoRoot, 'node_modules', '.cache', 'anybank-build');

/** Where vite writes the web app: WEB_DIST_DIR, as vite.config.ts reads it, or apps/web/dist. */
const webDistDir = () => path.resolve(repoRoot, 'apps/web', process.env.WEB_DIST_DIR ?? 'dist');

/**
 * @typedef {object} Part
 * @property {string[]} inputs files and folders (relative to the repository) the output is made of
 * @property {() => string} output the file whose presence says the part was built
 * @property {[string, string]} tool the package that builds it, and the package.json it is
 *   installed for: a development dependency, absent from a production install
 * @property {() => Promise<string>} build builds the part; answers what it printed
 */

/** @type {Record<'server' | 'web', Part>} */
export const PARTS = {
  // Only the project's own TypeScript is bundled: packages stay imports (server-bundle.mjs), so
  // neither the lock file nor the migrations are inputs.
  server: {
    inputs: [
      'apps/server/src',
      'packages/contracts/src',
      'apps/server/tsconfig.json',
      'tsconfig.base.json',
      'scripts/build/server-bundle.mjs',
    ],
    output: () => path.join(SERVER_DIST_DIR, 'main.mjs'),
    tool: ['esbuild', 'package.json'],
    build: async () => {
      await bundleServer();
      return '';
    },
  },
  // vite bundles packages too: the lock file is an input.
  web: {
    inputs: ['apps/web', 'packages/contracts', 'package-lock.json', 'tsconfig.base.json'],
    output: () => path.join(webDistDir(), 'index.html'),
    tool: ['vite', 'apps/web/package.json'],
    build: () => run('npm', ['run', 'build', '--silent', '-w', 'apps/web']),
  },
};

/** @param {string} command @param {string[]} args @returns {Promise<string>} */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const printed = Buffer.concat(output).toString();
      if (code === 0) resolve(printed);
      else
        reject(new Error(`${command} ${args.join(' ')} failed (exit code ${code}):\n${printed}`));
    });
  });
}

/**
 * Every file under `entry` (a file or a folder), tests, dependencies and outputs left out.
 *
 * @param {string} entry
 */
async function filesUnder(entry) {
  const full = path.join(repoRoot, entry);
  if (!(await stat(full)).isDirectory()) return [entry];
  const found = await readdir(full, { recursive: true, withFileTypes: true });
  return found
    .filter((item) => item.isFile())
    .map((item) => path.relative(repoRoot, path.join(item.parentPath, item.name)))
    .filter(
      (file) => !/(^|\/)(node_modules|dist)\/|\.test\.tsx?$/.test(file.split(path.sep).join('/')),
    );
}

/** @param {Part} part */
async function fingerprintOfPart(part) {
  const files = (await Promise.all(part.inputs.map(filesUnder))).flat();
  const hashed = await Promise.all(
    files.map(async (file) => ({
      path: file,
      contentHash: createHash('sha256')
        .update(await readFile(path.join(repoRoot, file)))
        .digest('hex'),
    })),
  );
  return fingerprintOf(hashed);
}

/**
 * Where the fingerprint of `name`'s last build into its present output folder is kept: a build
 * into another folder (e2e's WEB_DIST_DIR) leaves apps/web/dist's record as it was.
 *
 * @param {keyof typeof PARTS} name
 */
function recordFile(name) {
  const outputDir = path.dirname(PARTS[name].output());
  const place = createHash('sha256').update(outputDir).digest('hex').slice(0, 12);
  return path.join(RECORDS_DIR, `${name}-${place}.fingerprint`);
}

/** @param {Part} part */
function toolInstalled(part) {
  const [tool, manifest] = part.tool;
  try {
    createRequire(path.join(repoRoot, manifest)).resolve(`${tool}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} file */
const exists = (file) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Builds the named parts whose inputs changed since their last build here (all of them with
 * `force`), at the same time, and records what each was built from. Where a part's build tool is
 * not installed (a production install: `npm ci --omit=dev`), its existing output is used as it
 * is, with a line saying so; with none, it stops. A part's output is printed
 * once every part has ended: whoever watches for the web build's last line (e2e's servers wait
 * for vite's "✓ built in") then finds the server built as well.
 *
 * @param {Array<keyof typeof PARTS>} names
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<string[]>} the parts it built
 */
export async function buildParts(names, { force = false, log = () => {} } = {}) {
  const facts = Object.fromEntries(
    await Promise.all(
      names.map(async (name) => {
        const part = PARTS[name];
        const [fingerprint, recorded, outputPresent] = await Promise.all([
          fingerprintOfPart(part),
          readFile(recordFile(name), 'utf8').catch(() => null),
          exists(part.output()),
        ]);
        return [name, { fingerprint, recorded: force ? null : recorded, outputPresent }];
      }),
    ),
  );
  const stale = /** @type {Array<keyof typeof PARTS>} */ (partsToBuild(facts));
  for (const name of names)
    if (!stale.includes(name)) log(`${name}: unchanged since its last build`);
  const toBuild = stale.filter((name) => toolInstalled(PARTS[name]));
  for (const name of stale.filter((name) => !toBuild.includes(name))) {
    const why = `${name}: ${PARTS[name].tool[0]} is not installed (an install without development dependencies)`;
    if (!facts[name].outputPresent) {
      throw new Error(`${why}, and there is no build: run \`npm run build\` where it is.`);
    }
    log(`${why}: running the build already there, which may be older than the source.`);
  }
  const outcomes = await Promise.allSettled(
    toBuild.map(async (name) => {
      const started = performance.now();
      const printed = await PARTS[name].build();
      // Recorded once built: a build that fails or is stopped leaves the part to build again.
      await mkdir(RECORDS_DIR, { recursive: true });
      const partial = `${recordFile(name)}.${process.pid}.partial`;
      await writeFile(partial, facts[name].fingerprint);
      await rename(partial, recordFile(name));
      return { printed, seconds: (performance.now() - started) / 1000 };
    }),
  );
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') {
      if (outcome.value.printed) log(outcome.value.printed.trimEnd());
      log(`${toBuild[index]}: built in ${outcome.value.seconds.toFixed(1)} s`);
    }
  });
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return toBuild;
}
