// The rule `npm start` and `npm run build` follow to build only what changed: pure, so that it
// is tested on its own (what-changed.test.ts); parts.mjs gathers the facts it decides on.
import { createHash } from 'node:crypto';

/**
 * One value for a part's inputs: their paths (relative to the repository) and contents' hashes,
 * in any order. Equal for equal inputs; different when a file is added, removed, renamed or
 * changed. Modification times play no part: a checkout or a `touch` that changes no byte does
 * not cost a build.
 *
 * @param {Array<{ path: string, contentHash: string }>} files
 */
export function fingerprintOf(files) {
  const hash = createHash('sha256');
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted)
    hash.update(file.path).update('\0').update(file.contentHash).update('\0');
  return hash.digest('hex');
}

/**
 * The parts to build: each one whose output is missing, or whose inputs' fingerprint is not the
 * one recorded when it was last built (none recorded: never built here).
 *
 * @param {Record<string, { fingerprint: string, recorded: string | null, outputPresent: boolean }>} parts
 * @returns {string[]}
 */
export function partsToBuild(parts) {
  return Object.entries(parts)
    .filter(([, part]) => !part.outputPresent || part.recorded !== part.fingerprint)
    .map(([name]) => name);
}
