import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { listAuditEvents } from '../../audit/audit.store';
import { insertUser } from '../../directory/directory.store';
import { hashCode } from './otp.rules';
import { createOtpService, type OtpService } from './otp.service';

const SECRET = 'test-signing-secret-0123456789-abcdef';
const T0 = new Date('2026-03-02T10:00:00.000Z');
const MINUTE = 60 * 1000;

/** Another 6-digit code than `code`. */
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

describe.each(DATABASE_KINDS)('one-time codes on %s', (kind) => {
  let test: TestDatabase;
  let otp: OtpService;
  let now: Date;
  let userId: string;
  let flowCount = 0;
  /** A reference of this test alone. */
  const newFlow = () => `flow-${(flowCount += 1)}`;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    otp = createOtpService({ db: test.handle.db, signingSecret: SECRET, clock: () => now });
    const user = await insertUser(test.handle.db, {
      uid: 'code.user',
      firstName: 'Cody',
      lastName: 'User',
      email: 'code.user@example.com',
      userType: 'customer',
    });
    userId = user.id;
  });
  afterAll(async () => {
    await test.drop();
  });
  beforeEach(() => {
    now = T0;
  });

  it('issues a 6-digit code that verifies once for its user', async () => {
    const reference = newFlow();
    const code = await otp.issue({ userId, purpose: 'signin', reference });
    expect(code).toMatch(/^\d{6}$/);
    expect(await otp.verify({ purpose: 'signin', reference, code })).toEqual({
      result: 'ok',
      userId,
    });
    expect(await otp.verify({ purpose: 'signin', reference, code })).toEqual({
      result: 'not_found',
    });
  });

  it('stores the code only as a keyed hash', async () => {
    const reference = newFlow();
    const code = await otp.issue({ userId, purpose: 'signin', reference });
    const row = await test.handle.db.query.oneTimeCodes.findFirst({
      where: (codes, { eq }) => eq(codes.reference, reference),
    });
    expect(row?.codeHash).toBe(hashCode(SECRET, 'signin', reference, code));
  });

  it('counts down the attempts left on wrong codes', async () => {
    const reference = newFlow();
    const code = await otp.issue({ userId, purpose: 'signin', reference });
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push(
        await otp.verify({ purpose: 'signin', reference, code: wrong(code), ip: '198.51.100.4' }),
      );
    }
    expect(answers).toEqual([
      { result: 'invalid', attemptsLeft: 4 },
      { result: 'invalid', attemptsLeft: 3 },
      { result: 'invalid', attemptsLeft: 2 },
    ]);
    const [event] = await listAuditEvents(test.handle.db, { type: 'otp.failed', limit: 1 });
    expect(event).toMatchObject({
      userId,
      ip: '198.51.100.4',
      details: { purpose: 'signin', result: 'invalid', attempts: 3 },
    });
  });

  it('refuses even the right code once the attempts are used up', async () => {
    const reference = newFlow();
    const code = await otp.issue({ userId, purpose: 'signin', reference });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await otp.verify({ purpose: 'signin', reference, code: wrong(code) });
    }
    expect(await otp.verify({ purpose: 'signin', reference, code: wrong(code) })).toEqual({
      result: 'attempts_exceeded',
    });
    expect(await otp.verify({ purpose: 'signin', reference, code })).toEqual({
      result: 'attempts_exceeded',
    });
  });

  it('honours a shorter attempt limit and time to live given at issue', async () => {
    const reference = newFlow();
    const code = await otp.issue({
      userId,
      purpose: 'pairing',
      reference,
      maxAttempts: 1,
      ttlMs: MINUTE,
    });
    expect(await otp.verify({ purpose: 'pairing', reference, code: wrong(code) })).toEqual({
      result: 'attempts_exceeded',
    });
    const next = newFlow();
    const second = await otp.issue({ userId, purpose: 'pairing', reference: next, ttlMs: MINUTE });
    now = new Date(T0.getTime() + MINUTE);
    expect(await otp.verify({ purpose: 'pairing', reference: next, code: second })).toEqual({
      result: 'expired',
    });
  });

  it('lets a code expire after 5 minutes', async () => {
    const reference = newFlow();
    const code = await otp.issue({ userId, purpose: 'signin', reference });
    now = new Date(T0.getTime() + 5 * MINUTE - 1);
    const other = newFlow();
    const early = await otp.issue({ userId, purpose: 'signin', reference: other });
    now = new Date(T0.getTime() + 5 * MINUTE);
    expect(await otp.verify({ purpose: 'signin', reference, code })).toEqual({ result: 'expired' });
    expect(await otp.verify({ purpose: 'signin', reference: other, code: early })).toEqual({
      result: 'ok',
      userId,
    });
  });

  it('accepts only the newest code issued for a reference', async () => {
    const reference = newFlow();
    const first = await otp.issue({ userId, purpose: 'signin', reference });
    const second = await otp.issue({ userId, purpose: 'signin', reference });
    if (first !== second) {
      expect(await otp.verify({ purpose: 'signin', reference, code: first })).toEqual({
        result: 'invalid',
        attemptsLeft: 4,
      });
    }
    expect(await otp.verify({ purpose: 'signin', reference, code: second })).toEqual({
      result: 'ok',
      userId,
    });
  });

  it.each([
    ['another purpose', { purpose: 'recovery' }],
    ['another reference', { reference: 'flow-elsewhere' }],
  ])('finds no code under %s', async (_name, changes) => {
    const reference = newFlow();
    const code = await otp.issue({ userId, purpose: 'signin', reference });
    expect(await otp.verify({ purpose: 'signin', reference, code, ...changes })).toEqual({
      result: 'not_found',
    });
  });

  it('lets only one of two parallel right answers through', async () => {
    const reference = newFlow();
    const code = await otp.issue({ userId, purpose: 'signin', reference });
    const answers = await Promise.all([
      otp.verify({ purpose: 'signin', reference, code }),
      otp.verify({ purpose: 'signin', reference, code }),
    ]);
    expect(answers).toContainEqual({ result: 'ok', userId });
    expect(answers).toContainEqual({ result: 'not_found' });
  });

  it('does not accept a code issued under another signing secret', async () => {
    const reference = newFlow();
    const code = await otp.issue({ userId, purpose: 'signin', reference });
    const elsewhere = createOtpService({
      db: test.handle.db,
      signingSecret: 'another-signing-secret-0123456789-xyz',
      clock: () => now,
    });
    expect(await elsewhere.verify({ purpose: 'signin', reference, code })).toEqual({
      result: 'invalid',
      attemptsLeft: 4,
    });
  });
});
