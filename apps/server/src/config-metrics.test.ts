import { describe, expect, it } from 'vitest';
import { configProblemsOf } from '../test/test-config';
import { configWarnings, loadConfig } from './config';

/** METRICS and METRICS_TOKEN, and what GET /metrics becomes with them. */

const TOKEN = 'm'.repeat(40);

describe('metrics configuration', () => {
  it('is off by default, with no token of its own', () => {
    expect(loadConfig({}).metrics).toBeNull();
  });

  it('METRICS=on alone serves the metrics to anyone who reaches the port', () => {
    expect(loadConfig({ METRICS: 'on' }).metrics).toEqual({ token: null });
  });

  it('METRICS=on with METRICS_TOKEN serves them only to a bearer of the token', () => {
    expect(loadConfig({ METRICS: 'on', METRICS_TOKEN: TOKEN }).metrics).toEqual({ token: TOKEN });
  });

  it('refuses a METRICS that is neither on nor off, in one line naming it', () => {
    expect(configProblemsOf({ METRICS: 'yes' })).toEqual([
      'METRICS: must be "on" or "off" (got "yes")',
    ]);
  });

  it('refuses a token shorter than 32 characters', () => {
    const problems = configProblemsOf({ METRICS: 'on', METRICS_TOKEN: 'short' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^METRICS_TOKEN: must be at least 32 letters, digits/);
  });

  it('refuses a token while the metrics are off, in one line that does not repeat the token', () => {
    const problems = configProblemsOf({ METRICS_TOKEN: TOKEN });
    expect(problems).toEqual(['METRICS_TOKEN: is only read with METRICS=on']);
    expect(problems.join('\n')).not.toContain(TOKEN);
  });

  it('warns when open metrics face a public URL, and not with a token or on localhost', () => {
    const open = { METRICS: 'on', PUBLIC_URL: 'https://bank.example', DEMO_TOOLS: 'off' };
    const warned = (env: Record<string, string>) =>
      configWarnings(loadConfig(env)).some((line) => line.startsWith('METRICS is on'));
    expect(warned(open)).toBe(true);
    expect(warned({ ...open, METRICS_TOKEN: TOKEN })).toBe(false);
    expect(warned({ METRICS: 'on' })).toBe(false);
  });
});
