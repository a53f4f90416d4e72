import { ConfigError, loadConfig, type Config } from '../src/config';

/** The configuration a developer gets with no environment at all, plus the test's changes. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    ...env,
  });
}

/** The problems `loadConfig` names for this environment, one per sentence; none when it loads. */
export function configProblemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
