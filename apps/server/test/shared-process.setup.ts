import { afterEach, vi } from 'vitest';

/**
 * Vitest setup of the projects without isolation (`shared-process` and `server`,
 * vitest.config.ts): their files run one after another in the same worker, so a file that fakes the clock and fails before its own clean-up
 * must not leave the next file on fake time. (Spies, stubbed globals and environment variables
 * are restored by the project's restoreMocks, unstubGlobals and unstubEnvs.)
 */
afterEach(() => {
  vi.useRealTimers();
});
