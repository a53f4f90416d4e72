import { loadConfig, type Config } from '../src/config';

/** The configuration a developer gets with no environment at all, plus the test's changes. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    ...env,
  });
}
