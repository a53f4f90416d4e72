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
  'apps/server/test/pickup.api.test.ts',
  'apps/server/test/transfer-limits.api.test.ts',
  'apps/server/src/seed/seed.test.ts',
  'apps/server/test/devices.api.test.ts',
  'apps/server/src/modules/identity/keys/keys.service.test.ts',
  'apps/server/src/modules/banking/banking.service.test.ts',
  'apps/server/test/rate-limit-store.api.test.ts',
];

/** Starts the known slow files first, in the order above; the rest as Vitest orders them. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? SLOW_FILES.length : index;
    };
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
  }
}
