import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { buildParts } from '../../../scripts/build/parts.mjs';
import { dropRunTemplates } from './test-database';

import type {} from './provided-context';

/**
 * Once per `vitest run`: gives the run an id, and brings the compiled server (apps/server/dist,
 * as `npm run build` makes it) up to date for the tests that start it as a process: ~1 s when
 * the server's source changed, a fingerprint check otherwise, then each start saves ~1.5 s of
 * CPU against tsx. At the end, removes the run's seeded templates.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  await buildParts(['server']);
  return async () => {
    await dropRunTemplates(runId);
  };
}
