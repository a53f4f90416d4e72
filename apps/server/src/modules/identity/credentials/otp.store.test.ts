import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { insertUser } from '../../directory/directory.store';
import { attemptCode, insertCode, type NewOneTimeCode } from './otp.store';

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

  const attempt = (reference: string, candidateHash = 'a wrong hash') =>
    attemptCode(test.handle.db, { purpose: 'signin', reference, candidateHash, now: NOW });

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
    expect(await attempt('no-such-flow', 'hash')).toBeNull();
  });

  it('retires the earlier code when a new one is issued for the same reference', async () => {
    await insertCode(test.handle.db, code('flow-a', 'hash-1'), NOW);
    // Same millisecond on purpose: the code in use is found without relying on the clock.
    const second = await insertCode(test.handle.db, code('flow-a', 'hash-2'), NOW);
    const other = await insertCode(test.handle.db, code('flow-b', 'hash-3'), NOW);
    // The first code's hash no longer opens anything: it was retired.
    expect(await attempt('flow-a', 'hash-1')).toMatchObject({
      row: { id: second.id, codeHash: 'hash-2', attempts: 1 },
      consumed: false,
    });
    expect(await attempt('flow-b')).toMatchObject({
      row: { id: other.id, consumedAt: null },
      consumed: false,
    });
  });

  it('keeps one code alive when several are issued for a reference at once', async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        insertCode(test.handle.db, code('flow-burst', `burst-${index}`), NOW),
      ),
    );
    const opened = [];
    for (let index = 0; index < 5; index += 1) {
      const attempted = await attempt('flow-burst', `burst-${index}`);
      if (attempted?.consumed) opened.push(attempted.row.id);
    }
    expect(opened).toHaveLength(1);
  });

  it('counts 20 parallel attempts exactly 20 times', async () => {
    await insertCode(test.handle.db, code('flow-count', 'hash'), NOW);
    const attempts = await Promise.all(Array.from({ length: 20 }, () => attempt('flow-count')));
    expect(attempts.map((one) => one?.row.attempts).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('consumes a code once, however many right answers come at the same time', async () => {
    const row = await insertCode(test.handle.db, code('flow-race', 'hash'), NOW);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => attempt('flow-race', 'hash')),
    );
    expect(results.filter((result) => result?.consumed)).toHaveLength(1);
    // The others saw it used already: each is told as it was before its own attempt.
    expect(
      results.filter((result) => result?.row.consumedAt?.getTime() === NOW.getTime()),
    ).toHaveLength(9);
    expect(await attempt('flow-race', 'hash')).toMatchObject({
      row: { id: row.id, consumedAt: NOW },
      consumed: false,
    });
  });

  it('does not consume the right code once it expired or its attempts ran out', async () => {
    await insertCode(
      test.handle.db,
      { ...code('flow-expired', 'hash'), expiresAt: NOW },
      new Date(NOW.getTime() - 300_000),
    );
    expect(await attempt('flow-expired', 'hash')).toMatchObject({ consumed: false });
    await insertCode(test.handle.db, { ...code('flow-tired', 'hash'), maxAttempts: 2 }, NOW);
    await attempt('flow-tired');
    await attempt('flow-tired');
    expect(await attempt('flow-tired', 'hash')).toMatchObject({
      row: { attempts: 3, consumedAt: null },
      consumed: false,
    });
  });
});
