import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { configProblemsOf } from '../test/test-config';
import { ConfigError, configWarnings, loadConfig } from './config';

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

  it('reads phone numbers without + in the US unless PHONE_DEFAULT_COUNTRY names another country', () => {
    expect(loadConfig({}).phoneDefaultCountry).toBe('US');
    expect(loadConfig({ PHONE_DEFAULT_COUNTRY: 'gb' }).phoneDefaultCountry).toBe('GB');
    expect(() => loadConfig({ PHONE_DEFAULT_COUNTRY: 'XX' })).toThrow(ConfigError);
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
    ['WORKERS', '0'],
    ['WORKERS', 'two'],
    ['WORKERS', '1.5'],
  ])('refuses %s=%s with a message naming the variable and the value', (name, value) => {
    const problems = configProblemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${name}: .+ \\(got ${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`,
      ),
    );
  });

  it('reports every bad variable at once, one line each', () => {
    expect(configProblemsOf({ PORT: 'x', OUTBOX: 'y' }).map((line) => line.split(':')[0])).toEqual([
      'PORT',
      'OUTBOX',
    ]);
  });

  it('has no value of its own for any secret: unset ones are generated at start (ADR 0017)', () => {
    const config = loadConfig({});
    expect(config.secretsFromEnvironment).toEqual({});
    expect(config.keyEncryptionKey).toBeNull();
  });

  it('takes the secrets and the key-encryption key the environment sets', () => {
    const config = loadConfig({
      API_KEY: 'k'.repeat(20),
      SESSION_SECRET: 's'.repeat(40),
      SIGNING_SECRET: 't'.repeat(40),
      KEY_ENCRYPTION_KEY: 'e'.repeat(40),
    });
    expect(config.secretsFromEnvironment).toEqual({
      apiKey: 'k'.repeat(20),
      sessionSecret: 's'.repeat(40),
      signingSecret: 't'.repeat(40),
    });
    expect(config.keyEncryptionKey).toBe('e'.repeat(40));
    expect(configProblemsOf({ KEY_ENCRYPTION_KEY: 'short' })[0]).toMatch(/^KEY_ENCRYPTION_KEY: /);
  });

  it('warns while the stored keys are not encrypted, and not once KEY_ENCRYPTION_KEY is set', () => {
    expect(configWarnings(loadConfig({})).join(' ')).toMatch(/KEY_ENCRYPTION_KEY is not set/);
    expect(configWarnings(loadConfig({ KEY_ENCRYPTION_KEY: 'e'.repeat(40) }))).toEqual([]);
  });

  it('warns that the outbox exposes codes on a public URL', () => {
    expect(
      configWarnings(loadConfig({ PUBLIC_URL: 'https://bank.example.com' })).join(' '),
    ).toMatch(/OUTBOX/);
  });

  it('turns the demo tools on by default, and all of them off with DEMO_TOOLS=off', () => {
    expect(loadConfig({})).toMatchObject({ demoToolsEnabled: true, outboxEnabled: true });
    expect(loadConfig({ DEMO_TOOLS: 'off' })).toMatchObject({
      demoToolsEnabled: false,
      outboxEnabled: false,
    });
    expect(loadConfig({ DEMO_TOOLS: 'off', OUTBOX: 'on' }).outboxEnabled).toBe(false);
    // OUTBOX=off alone turns off the outbox and nothing else.
    expect(loadConfig({ OUTBOX: 'off' })).toMatchObject({
      demoToolsEnabled: true,
      outboxEnabled: false,
    });
    expect(configProblemsOf({ DEMO_TOOLS: 'sometimes' })[0]).toMatch(
      /^DEMO_TOOLS: must be "on" or "off"/,
    );
  });

  it.each([
    [undefined, true],
    ['on', true],
    ['true', true],
    ['off', false],
    ['false', false],
  ])('reads MIGRATE_ON_START=%s as migrating on start: %s', (value, migrates) => {
    expect(loadConfig(value === undefined ? {} : { MIGRATE_ON_START: value }).migrateOnStart).toBe(
      migrates,
    );
  });

  it('runs one process unless WORKERS asks for more, and one per core with WORKERS=auto', () => {
    const onPostgres = { DATABASE_URL: 'postgres://db.example/bank' };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ ...onPostgres, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...onPostgres, WORKERS: 'auto' }).workers).toBe(availableParallelism());
  });

  it('refuses several workers on the embedded database, in one line naming DATABASE_URL', () => {
    expect(configProblemsOf({ WORKERS: '2' })).toEqual([
      'WORKERS: must be 1 with the embedded database, which has one connection; set DATABASE_URL to a PostgreSQL server to run several processes (got "2")',
    ]);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses a MIGRATE_ON_START that is neither on nor off', () => {
    expect(configProblemsOf({ MIGRATE_ON_START: 'later' })[0]).toMatch(
      /^MIGRATE_ON_START: must be "on" or "off"/,
    );
  });

  it('warns while the demo tools are on for a public URL, and not once DEMO_TOOLS=off', () => {
    const publicUrl = {
      PUBLIC_URL: 'https://bank.example.com',
      KEY_ENCRYPTION_KEY: 'e'.repeat(40),
    };
    expect(configWarnings(loadConfig(publicUrl)).join(' ')).toMatch(/DEMO_TOOLS is on/);
    expect(configWarnings(loadConfig({ ...publicUrl, DEMO_TOOLS: 'off' }))).toEqual([]);
    expect(configWarnings(loadConfig({ KEY_ENCRYPTION_KEY: 'e'.repeat(40) }))).toEqual([]);
  });

  it('takes the default brand from the environment, its colours checked like the admin form’s (ADR 0020)', () => {
    expect(loadConfig({}).brand).toEqual({
      bankName: 'AnyBank',
      productName: 'AnyBank',
      primaryColor: '#0a3d7a',
      accentColor: '#ffffff',
    });
    expect(
      loadConfig({ BANK_NAME: ' Contoso Bank ', BRAND_PRIMARY_COLOR: '#5C2D91' }).brand,
    ).toMatchObject({ bankName: 'Contoso Bank', primaryColor: '#5c2d91' });
    expect(configProblemsOf({ BRAND_PRIMARY_COLOR: 'navy', BANK_NAME: '<b>' })).toEqual([
      expect.stringMatching(/^BANK_NAME: /),
      expect.stringMatching(/^BRAND_PRIMARY_COLOR: must be a colour written #rrggbb/),
    ]);
    expect(
      configProblemsOf({ BRAND_PRIMARY_COLOR: '#7fb3ff', BRAND_ACCENT_COLOR: '#000000' }),
    ).toEqual([
      'BRAND_PRIMARY_COLOR: The contrast between white text and the primary colour #7fb3ff is 2.14:1; WCAG AA needs at least 4.5:1 for text. (got "#7fb3ff")',
      'BRAND_ACCENT_COLOR: The contrast between black text and the accent colour #000000 is 1.00:1; WCAG AA needs at least 4.5:1 for text. (got "#000000")',
    ]);
  });
});
