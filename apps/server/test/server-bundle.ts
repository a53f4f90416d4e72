import path from 'node:path';
import { inject } from 'vitest';
import { SERVER_ENTRY_POINTS } from '../../../scripts/build/server-bundle.mjs';
import type {} from './provided-context';

/** The entry points the process tests start, by name (`npm run build` compiles each). */
export type ServerEntryPoint = keyof typeof SERVER_ENTRY_POINTS;

/**
 * The arguments for `node` that run `entry`: the compiled server that `global-setup.ts` brought
 * up to date (as `npm run serve` runs it), else, outside a vitest run, the source through tsx.
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
