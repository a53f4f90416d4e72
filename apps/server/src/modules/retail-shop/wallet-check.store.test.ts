import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';
import { createWalletCheckStore } from './wallet-check.store';

const outcome = { disclosed: { age_over_18: true }, refusal: null, checks: [] };

// The shop's wallet checks answer once (ADR 0027): the conditional update is what makes it so,
// on either engine, even for answers that arrive together.
describe.each(DATABASE_KINDS)('the shop’s wallet checks on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await test.drop();
  });

  const newCheck = async (expiresAt: Date) => {
    const store = createWalletCheckStore(test.handle.db, () => new Date());
    const id = randomUUID();
    await store.insert({
      id,
      purpose: 'age',
      nonce: 'n',
      state: 's',
      browserHash: 'b',
      inspectorId: null,
      expiresAt,
    });
    return { store, id };
  };

  it('takes one of two answers arriving together, and keeps it', async () => {
    const { store, id } = await newCheck(new Date(Date.now() + 300_000));
    const written = await Promise.all([
      store.answer(id, 'verified', outcome),
      store.answer(id, 'refused', { ...outcome, disclosed: null }),
    ]);
    expect(written.filter(Boolean)).toHaveLength(1);
    const kept = await store.find(id);
    expect(kept?.status).toBe(written[0] ? 'verified' : 'refused');
    expect(await store.answer(id, 'declined', outcome)).toBe(false);
  });

  it('takes no answer once the check has expired', async () => {
    const { store, id } = await newCheck(new Date(Date.now() - 1));
    expect(await store.answer(id, 'verified', outcome)).toBe(false);
    expect((await store.find(id))?.status).toBe('pending');
  });
});
