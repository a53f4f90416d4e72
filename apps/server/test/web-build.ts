import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A page any SPA route can be served: enough for tests about which routes answer. */
export const MINIMAL_INDEX_HTML =
  '<!doctype html><html><head><title>AnyBank</title></head><body></body></html>';

/**
 * A stand-in for the web app's build (WEB_DIST_DIR): a temporary folder holding only
 * `index.html`, so that a server built in a test serves the SPA's pages without a Vite build.
 * The caller removes it.
 */
export async function webBuildWithIndex(html = MINIMAL_INDEX_HTML): Promise<string> {
  const distDir = await mkdtemp(path.join(tmpdir(), 'anybank-dist-'));
  await writeFile(path.join(distDir, 'index.html'), html);
  return distDir;
}
