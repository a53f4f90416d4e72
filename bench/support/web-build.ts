import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A production build of the web app in a directory of its own (WEB_DIST_DIR): other work on
 * this machine may be serving apps/web/dist meanwhile, and a benchmark must not rebuild it
 * under them.
 */
export async function buildWebApp(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'anybank-bench-web-'));
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: repoRoot,
      env: { ...process.env, WEB_DIST_DIR: outDir, NPM_CONFIG_LOGLEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the web build failed (${code}):\n${output}`)),
    );
  });
  return outDir;
}

/**
 * The budget for the JavaScript of a first visit to `/`, gzipped: partner portals, charts
 * and admin load lazily. The bench reports against it, and an e2e test keeps the build within it.
 * 150 KB until the panel, the brand and the new pages raised it to 160 (measured 154-157 KB).
 * 110 since the first load was taken to 98 KB (ADR 0024: no zod, no other page's words or
 * code, the layout without react-bootstrap parts it does not show): a little room above the
 * measure, which a library brought back into the first page exceeds (zod is checked apart).
 */
export const FIRST_LOAD_BUDGET_GZIP_KB = 110;

export interface EntryScript {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a first visit to `/` downloads before anything lazy: the module scripts and
 * module preloads that the built index.html names (Vite preloads every static import of the
 * entry), each gzipped as a server would send it (zlib's default level 6).
 */
export async function entryScriptsOf(distDir: string): Promise<EntryScript[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isModulePreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isModulePreload) && url && !/^(https?:)?\/\//.test(url)) urls.add(url);
  }
  const scripts: EntryScript[] = [];
  for (const url of urls) {
    const content = await readFile(path.join(distDir, url.replace(/^\//, '')));
    scripts.push({ file: url, bytes: content.length, gzipBytes: gzipSync(content).length });
  }
  return scripts;
}
