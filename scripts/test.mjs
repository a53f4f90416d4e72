// `npm test`, and so `.ci/run`: type-check, lint and Node 24 (together), then the unit and API
// tests, then the journeys in Chromium, each step only once the one before passed. A local
// PostgreSQL and Redis are found first (local-services.mjs), so a person's run skips nothing
// that CI runs.
import { spawnSync } from 'node:child_process';
import { localServiceEnv } from './local-services.mjs';

const env = { ...process.env, ...(await localServiceEnv()) };
/** @type {[string, string[]][]} */
const steps = [
  ['node', ['scripts/run-together.mjs', 'typecheck', 'lint', 'node24:install']],
  ['npm', ['run', 'test:unit']],
  ['npm', ['run', 'test:e2e']],
];
for (const [command, args] of steps) {
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  if (status !== 0) process.exit(status ?? 1);
}
