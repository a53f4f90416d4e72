import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { insertUser } from '../../directory/directory.store';
import { attemptLatestCode, consumeCode, insertCode, type NewOneTimeCode } from './otp.store';

const NOW = new Date('2026-03-02T10:00:00.000Z');

describe.each(DATABASE_KINDS)('one-time code storage on %s', (kind) => {
  let test: TestDatabase;
  let userId: string;
  const code = (reference: string, codeHash: string): NewOneTimeCode => ({
    userId,
    purpose: 'signin',
    reference,
    codeHash,
    maxAttempts: 5,
    expiresAt: new Date(NOW.getTime() + 300_000),
  });

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const user = await insertUser(test.handle.db, {
      uid: 'otp.owner',
      firstName: 'Otto',
      lastName: 'Owner',
      email: 'otp.owner@example.com',
      userType: 'customer',
    });
    userId = user.id;
  });
  afterAll(async () => {
    await test.drop();
  });

  it('answers null when no code was issued for the reference', async () => {
    expect(await attemptLatestCode(test.handle.db, 'signin', 'no-such-flow')).toBeNull();
  });

  it('retires the earlier code when a new one is issued for the same reference', async () => {
    const first = await insertCode(test.handle.db, code('flow-a', 'hash-1'), NOW);
    // Same millisecond on purpose: the code in use is found without relying on the clock.
    const second = await insertCode(test.handle.db, code('flow-a', 'hash-2'), NOW);
    const other = await insertCode(test.handle.db, code('flow-b', 'hash-3'), NOW);
    const attempted = await attemptLatestCode(test.handle.db, 'signin', 'flow-a');
    expect(attempted).toMatchObject({ id: second.id, codeHash: 'hash-2', attempts: 1 });
    expect(await consumeCode(test.handle.db, first.id, NOW)).toBe(false);
    expect(await attemptLatestCode(test.handle.db, 'signin', 'flow-b')).toMatchObject({
      id: other.id,
      consumedAt: null,
    });
  });

  it('keeps one code alive when several are issued for a reference at once', async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        insertCode(test.handle.db, code('flow-burst', `burst-${index}`), NOW),
      ),
    );
    const alive = [];
    for (let index = 0; index < 5; index += 1) {
      const row = await attemptLatestCode(test.handle.db, 'signin', 'flow-burst');
      if (row && row.consumedAt === null && (await consumeCode(test.handle.db, row.id, NOW))) {
        alive.push(row.id);
      }
    }
    expect(alive).toHaveLength(1);
  });

  it('counts 20 parallel attempts exactly 20 times', async () => {
    await insertCode(test.handle.db, code('flow-count', 'hash'), NOW);
    const rows = await Promise.all(
      Array.from({ length: 20 }, () => attemptLatestCode(test.handle.db, 'signin', 'flow-count')),
    );
    expect(rows.map((row) => row?.attempts).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('consumes a code once, however many try at the same time', async () => {
    const row = await insertCode(test.handle.db, code('flow-race', 'hash'), NOW);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeCode(test.handle.db, row.id, NOW)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await attemptLatestCode(test.handle.db, 'signin', 'flow-race')).toMatchObject({
      id: row.id,
      consumedAt: NOW,
    });
  });
});
