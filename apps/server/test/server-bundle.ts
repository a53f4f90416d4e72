import path from 'node:path';
import {
  SERVER_DIST_DIR,
  type SERVER_ENTRY_POINTS,
} from '../../../scripts/build/server-bundle.mjs';

/** The entry points the process tests start, by name (`npm run build` compiles each). */
export type ServerEntryPoint = keyof typeof SERVER_ENTRY_POINTS;

/**
 * The arguments for `node` that run `entry`: the compiled server, as `npm run serve` runs it.
 * Whoever starts it brings apps/server/dist up to date first: vitest's global setup, the
 * benchmarks' server start (`buildParts(['server'])`).
 */
export function nodeArgsFor(entry: ServerEntryPoint): string[] {
  return [path.join(SERVER_DIST_DIR, `${entry}.mjs`)];
}
