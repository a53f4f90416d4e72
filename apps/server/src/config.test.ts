import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('starts with no environment at all: port 8080, embedded database in .data, outbox on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '.data' });
    expect(config.outboxEnabled).toBe(true);
    expect(config.productId).toBe('anybank');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.orchestratorUrl).toBe('http://localhost:8080/api/orchestration');
  });

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/bank' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://db.example/bank',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' }).port).toBe(8080);
  });

  it('normalises the base path and the public URL', () => {
    const config = loadConfig({ BASE_PATH: '/bank/', PUBLIC_URL: 'https://bank.example.com/' });
    expect(config.basePath).toBe('/bank');
    expect(config.publicUrl).toBe('https://bank.example.com');
    expect(config.orchestratorUrl).toBe('https://bank.example.com/bank/api/orchestration');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PRODUCT_ID', 'Any Bank'],
    ['DATABASE_URL', 'mysql://localhost/bank'],
    ['PUBLIC_URL', 'bank.example.com'],
    ['BASE_PATH', 'bank'],
    ['SESSION_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['OUTBOX', 'maybe'],
    ['ANALYTICS_MEASUREMENT_ID', 'UA-123'],
    ['ANALYTICS_COLLECTOR_URL', 'ftp://collector'],
    ['RETAIL_SITE_URL', 'ftp://retail'],
    ['POLICY_ID_REGISTRATION', 'has spaces'],
  ])('refuses %s=%s with a message naming the variable and the value', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${name}: .+ \\(got ${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`,
      ),
    );
  });

  it('reports every bad variable at once, one line each', () => {
    expect(problemsOf({ PORT: 'x', OUTBOX: 'y' }).map((line) => line.split(':')[0])).toEqual([
      'PORT',
      'OUTBOX',
    ]);
  });

  it('warns while a secret is the public demo default, and not once each is set', () => {
    expect(configWarnings(loadConfig({})).join(' ')).toMatch(
      /API_KEY.*SESSION_SECRET.*SIGNING_SECRET/,
    );
    const own = loadConfig({
      API_KEY: 'k'.repeat(20),
      SESSION_SECRET: 's'.repeat(40),
      SIGNING_SECRET: 't'.repeat(40),
    });
    expect(configWarnings(own)).toEqual([]);
  });

  it('warns that the outbox exposes codes on a public URL', () => {
    expect(
      configWarnings(loadConfig({ PUBLIC_URL: 'https://bank.example.com' })).join(' '),
    ).toMatch(/OUTBOX/);
  });
});
