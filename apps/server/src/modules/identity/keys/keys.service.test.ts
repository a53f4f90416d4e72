import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { serverSecrets, signingKeys } from '../../../db/schema';
import { KeySealError } from './key-seal';
import { loadServerKeys } from './keys.service';

const KEK = 'a-key-encryption-key-of-this-test-only-0123';
const LIFETIME_MS = 30 * 60 * 1000;

describe.each(DATABASE_KINDS)('the server’s stored secrets and keys on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await test.drop();
  });

  const load = (keyEncryptionKey: string | null, fromEnvironment = {}) =>
    loadServerKeys({
      db: test.handle.db,
      keyEncryptionKey,
      fromEnvironment,
      tokenLifetimeMs: LIFETIME_MS,
    });

  it('makes random secrets and a key once, and every later load reads the same ones', async () => {
    const loads = await Promise.all([load(null), load(null), load(null)]);
    const [first] = loads;
    for (const keys of loads) {
      expect(keys.secrets).toEqual(first!.secrets);
      expect(keys.signingKeys.signingKey()).toEqual(first!.signingKeys.signingKey());
    }
    expect(first!.secrets.signingSecret).not.toEqual(first!.secrets.sessionSecret);
    expect(first!.secrets.signingSecret.length).toBeGreaterThanOrEqual(32);
    expect(await test.handle.db.select().from(signingKeys)).toHaveLength(1);
  });

  it('stores the private key and the secrets encrypted when KEY_ENCRYPTION_KEY is set', async () => {
    const keys = await load(KEK);
    const [row] = await test.handle.db.select().from(signingKeys);
    expect(row?.privateJwk).toMatch(/^sealed\.v1\./);
    expect(row?.privateJwk).not.toContain(keys.signingKeys.signingKey().d);
    for (const secret of await test.handle.db.select().from(serverSecrets)) {
      expect(secret.value).toMatch(/^sealed\.v1\./);
      expect(Object.values(keys.secrets).some((value) => secret.value.includes(value))).toBe(false);
    }
    // The same key opens them again; none, or another one, refuses to start.
    expect((await load(KEK)).signingKeys.signingKey()).toEqual(keys.signingKeys.signingKey());
    await expect(load(null)).rejects.toThrow(KeySealError);
    await expect(load(`${KEK}-not`)).rejects.toThrow(/does not open with this KEY_ENCRYPTION_KEY/);
  });

  it('stores them as they are without KEY_ENCRYPTION_KEY (the start-up warning says so)', async () => {
    const keys = await load(null);
    const [row] = await test.handle.db.select().from(signingKeys);
    expect(row?.privateJwk).toBe(`plain.${JSON.stringify(keys.signingKeys.signingKey())}`);
  });

  it('takes the secrets the environment sets, and stores only the others', async () => {
    const keys = await load(null, { sessionSecret: 's'.repeat(40), apiKey: 'k'.repeat(20) });
    expect(keys.secrets.sessionSecret).toBe('s'.repeat(40));
    expect(keys.secrets.apiKey).toBe('k'.repeat(20));
    const names = (await test.handle.db.select().from(serverSecrets)).map((row) => row.name);
    expect(names.sort()).toEqual(['presenter-secret', 'signing-secret']);
    // The presenter secret too: one from the environment is taken, and not stored.
    await test.handle.db.delete(serverSecrets);
    const chosen = await load(null, {
      sessionSecret: 's'.repeat(40),
      apiKey: 'k'.repeat(20),
      presenterSecret: 'p'.repeat(20),
    });
    expect(chosen.secrets.presenterSecret).toBe('p'.repeat(20));
    const stored = (await test.handle.db.select().from(serverSecrets)).map((row) => row.name);
    expect(stored).toEqual(['signing-secret']);
  });
});
