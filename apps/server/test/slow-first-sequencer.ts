import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest (measured on this project's 2-core machine), longest first.
 * Vitest orders by the last run's durations, but a clean clone (CI) has none and would start
 * these small files last, leaving one worker running them long after the other has finished.
 * Update the list when a file grows long or stops being long: the order changes no result.
 */
export const SLOW_FILES = [
  'apps/server/test/fuzz.api.test.ts',
  'apps/server/test/fuzz-2.api.test.ts',
  'apps/server/test/fuzz-3.api.test.ts',
  'apps/server/test/startup.test.ts',
  'apps/server/test/crash.test.ts',
  'apps/server/src/db/database.test.ts',
  'apps/server/test/signing-keys-shared.api.test.ts',
  'apps/server/test/graceful-stop.test.ts',
  'apps/server/test/compiled-start.test.ts',
  'apps/server/test/workers.api.test.ts',
  'apps/server/test/pickup.api.test.ts',
  'apps/server/test/transfer-limits.api.test.ts',
  'apps/server/test/orchestration.api.test.ts',
  'apps/server/test/admin.api.test.ts',
  'apps/server/src/seed/seed.test.ts',
  'apps/server/test/devices.api.test.ts',
  'apps/server/test/sessions.api.test.ts',
  'apps/server/src/modules/identity/keys/keys.service.test.ts',
  'apps/server/src/modules/banking/transfer.service.test.ts',
  'apps/server/src/modules/banking/transfer-approval.service.test.ts',
  'apps/server/test/rate-limit-store.api.test.ts',
];

/** A seeded Fisher-Yates shuffle (mulberry32), so that a shuffled run can be repeated by its seed. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/**
 * Starts the known slow files first, in the order above; the rest as Vitest orders them; the
 * files of the `shared-process` project (vitest.config.ts) last and together, so that each
 * worker keeps one thread for all of them. With `--sequence.shuffle` each of the
 * two groups is shuffled instead (a configured sequencer is otherwise left in charge of the
 * file order), to show that no file depends on another having run before it.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    const isolated = files.filter((file) => file.project.name !== 'shared-process');
    const shared = files.filter((file) => file.project.name === 'shared-process');
    if (shuffle) return [...shuffled(isolated, seed), ...shuffled(shared, seed + 1)];
    const sorted = await super.sort(isolated);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? SLOW_FILES.length : index;
    };
    const slowFirst = sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
    return [...slowFirst, ...(await super.sort(shared))];
  }
}
