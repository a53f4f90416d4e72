import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as argon2 from '@node-rs/argon2';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { listAuditEvents } from '../../audit/audit.store';
import { insertUser } from '../../directory/directory.store';
import { createPasswordService, hashPassword, type PasswordService } from './password.service';
import { readPasswordLock } from './password.store';

// The real argon2, watched: the tests count how many hashes each check verifies.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof argon2>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

const PASSWORD = 'Correct.Horse42';
const T0 = new Date('2026-03-02T10:00:00.000Z');
const MINUTE = 60 * 1000;

describe.each(DATABASE_KINDS)('password check on %s', (kind) => {
  let test: TestDatabase;
  let passwords: PasswordService;
  let now: Date;
  let passwordHash: string;
  let userCount = 0;

  /** A user of this test alone, so that no test sees another's failures. */
  async function newUser(options: { withPassword: boolean } = { withPassword: true }) {
    userCount += 1;
    const uid = `pat.kim${userCount}`;
    const user = await insertUser(test.handle.db, {
      uid,
      firstName: 'Pat',
      lastName: 'Kim',
      email: `${uid}@example.com`,
      userType: 'customer',
      passwordHash: options.withPassword ? passwordHash : null,
    });
    return user;
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    passwordHash = await hashPassword(PASSWORD);
    passwords = createPasswordService({ db: test.handle.db, clock: () => now });
  });
  afterAll(async () => {
    await test.drop();
  });
  beforeEach(() => {
    now = T0;
    vi.mocked(argon2.verify).mockClear();
  });

  it('accepts the right password, whatever the username’s case, and returns the user', async () => {
    const user = await newUser();
    const result = await passwords.checkPassword(` ${user.uid.toUpperCase()} `, PASSWORD);
    expect(result).toEqual({ ok: true, user });
  });

  it('refuses a wrong password and records the failure with the address', async () => {
    const user = await newUser();
    const result = await passwords.checkPassword(user.uid, 'Wrong.Horse42', { ip: '203.0.113.7' });
    expect(result).toEqual({ ok: false, reason: 'invalid' });
    const [event] = await listAuditEvents(test.handle.db, { type: 'signin.failed', limit: 1 });
    expect(event).toMatchObject({
      userId: user.id,
      ip: '203.0.113.7',
      details: { uid: user.uid, reason: 'wrong_password' },
    });
  });

  it.each([
    ['an unknown username', 'nobody.here', 'unknown_username'],
    ['a user without a password', null, 'no_password'],
  ] as const)(
    'answers %s as invalid after verifying one hash all the same',
    async (_name, uid, reason) => {
      const username = uid ?? (await newUser({ withPassword: false })).uid;
      expect(await passwords.checkPassword(username, PASSWORD)).toEqual({
        ok: false,
        reason: 'invalid',
      });
      expect(argon2.verify).toHaveBeenCalledTimes(1);
      expect(vi.mocked(argon2.verify).mock.calls[0]?.[0]).toMatch(
        /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
      );
      const [event] = await listAuditEvents(test.handle.db, { type: 'signin.failed', limit: 1 });
      expect(event?.details).toEqual({ uid: username, reason });
    },
  );

  it('locks the username on the 5th wrong password, refuses even the right one, then lets it in', async () => {
    const user = await newUser();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      now = new Date(T0.getTime() + attempt * 1000);
      expect(await passwords.checkPassword(user.uid, 'Wrong.Horse42')).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    now = new Date(T0.getTime() + 5000);
    const lockedUntil = new Date(now.getTime() + MINUTE);
    expect(await passwords.checkPassword(user.uid, 'Wrong.Horse42')).toEqual({
      ok: false,
      reason: 'locked',
      lockedUntil,
    });

    vi.mocked(argon2.verify).mockClear();
    now = new Date(lockedUntil.getTime() - 1);
    expect(await passwords.checkPassword(user.uid, PASSWORD)).toEqual({
      ok: false,
      reason: 'locked',
      lockedUntil,
    });
    expect(argon2.verify).not.toHaveBeenCalled();
    const locks = await listAuditEvents(test.handle.db, { type: 'signin.locked', limit: 2 });
    expect(locks.map((event) => event.details)).toEqual([
      { uid: user.uid, cause: 'attempt_while_locked', lockedUntil: lockedUntil.toISOString() },
      {
        uid: user.uid,
        cause: 'limit_reached',
        failures: 5,
        lockedUntil: lockedUntil.toISOString(),
      },
    ]);

    now = lockedUntil;
    expect(await passwords.checkPassword(user.uid, PASSWORD)).toEqual({ ok: true, user });
    expect(await readPasswordLock(test.handle.db, { uid: user.uid, ip: null })).toBeNull();
  });

  it('counts every verified one of 20 parallel wrong passwords and stays locked', async () => {
    const user = await newUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => passwords.checkPassword(user.uid, 'Wrong.Horse42')),
    );
    // Counts 1-4 answer 'invalid'; the 5th and later, and any attempt that already found the
    // lock (refused before verifying, so not counted), answer 'locked'.
    expect(results.filter((result) => !result.ok && result.reason === 'invalid')).toHaveLength(4);
    expect(results.filter((result) => !result.ok && result.reason === 'locked')).toHaveLength(16);
    const failed = await listAuditEvents(test.handle.db, { type: 'signin.failed', limit: 500 });
    const recorded = failed.filter((event) => event.userId === user.id).length;
    expect(recorded).toBeGreaterThanOrEqual(5);
    expect((await readPasswordLock(test.handle.db, { uid: user.uid, ip: null }))?.failures).toBe(
      recorded,
    );
    expect(await passwords.checkPassword(user.uid, PASSWORD)).toMatchObject({
      ok: false,
      reason: 'locked',
    });
  });

  it('locks the address that failed only: the owner elsewhere signs in with the right password', async () => {
    const user = await newUser();
    const attacker = { ip: '203.0.113.66' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await passwords.checkPassword(user.uid, 'Wrong.Horse42', attacker);
    }
    expect(await passwords.checkPassword(user.uid, PASSWORD, attacker)).toMatchObject({
      ok: false,
      reason: 'locked',
    });
    expect(await passwords.checkPassword(user.uid, PASSWORD, { ip: '198.51.100.20' })).toEqual({
      ok: true,
      user,
    });
    // The owner's success forgets nothing of the attacker's address.
    expect(await passwords.checkPassword(user.uid, PASSWORD, attacker)).toMatchObject({
      reason: 'locked',
    });
  });

  it('forgets earlier wrong passwords after the right one', async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await passwords.checkPassword(user.uid, 'Wrong.Horse42');
    }
    expect((await passwords.checkPassword(user.uid, PASSWORD)).ok).toBe(true);
    expect(await passwords.checkPassword(user.uid, 'Wrong.Horse42')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect((await readPasswordLock(test.handle.db, { uid: user.uid, ip: null }))?.failures).toBe(1);
  });
});

describe('password hashing', () => {
  it('hashes with argon2id at OWASP’s parameters, a new salt each time', async () => {
    const [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await argon2.verify(first, PASSWORD)).toBe(true);
  });
});
