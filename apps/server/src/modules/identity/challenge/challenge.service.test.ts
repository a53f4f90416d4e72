import { UNKNOWN_DEVICE_KIND } from './device-kind';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { listAuditEvents } from '../../audit/audit.store';
import { insertMfaDevice, insertUser } from '../../directory/directory.store';
import type { ChallengeMethod, MethodAnswer, MethodTraits, Verdict } from './challenge-method';
import { createChallengeService, type ChallengeService } from './challenge.service';
import { registryOf } from './methods/methods';
import { promptForm } from './prompt-form';

const T0 = new Date('2026-12-07T10:00:00.000Z');
const MINUTE = 60 * 1000;
const TRANSFER = { amountCents: 150_000, fromAccountId: 'acct-0001', toAccountId: 'acct-9876' };
const SIGN_IN = { browser: 'Chrome on Linux', ip: '203.0.113.9' };

/**
 * A method the test drives: a code device ('FAKE_CODE', right code '123456') and a device the
 * person answers elsewhere ('FAKE_PHONE', whose answers the test queues). Both record what
 * they were asked, so the test sees the purpose's words reach them.
 */
function fakeMethods() {
  const asked: { method: string; linking: string | null; purpose: string }[] = [];
  const phoneAnswers: Verdict[] = [];
  const method = (
    name: string,
    type: string,
    traits: MethodTraits,
    check: (answer: MethodAnswer) => Verdict,
  ): ChallengeMethod => ({
    name,
    deviceTypes: [type],
    traits,
    usable: (device) => device.target !== 'unusable',
    display: (device) => ({ ...device, kind: UNKNOWN_DEVICE_KIND }),
    ask: ({ challenge }) => {
      asked.push({
        method: name,
        linking: challenge.linking?.text ?? null,
        purpose: challenge.purpose.name,
      });
      return Promise.resolve({ state: { askedAt: 'now' } });
    },
    check: (_call, answer) => Promise.resolve(check(answer)),
    prompt: ({ challenge }) => promptForm(name, challenge, []),
  });
  const code = method(
    'fake-code',
    'FAKE_CODE',
    { confirmsTransaction: true, proves: 'possession', answer: 'code', sendsCode: false },
    (answer) =>
      answer.kind === 'code' && answer.code === '123456'
        ? { verdict: 'accepted' }
        : { verdict: 'wrong' },
  );
  const phone = method(
    'fake-phone',
    'FAKE_PHONE',
    { confirmsTransaction: true, proves: 'possession', answer: 'approval', sendsCode: false },
    () => phoneAnswers.shift() ?? { verdict: 'waiting' },
  );
  const app = method(
    'fake-app',
    'FAKE_APP',
    { confirmsTransaction: false, proves: 'possession', answer: 'code', sendsCode: false },
    () => ({ verdict: 'accepted' }),
  );
  return { registry: registryOf([code, phone, app]), asked, phoneAnswers };
}

describe.each(DATABASE_KINDS)('the challenge engine on %s', (kind) => {
  let test: TestDatabase;
  let engine: ChallengeService;
  let fakes: ReturnType<typeof fakeMethods>;
  let now: Date;
  let userId: string;
  let otherUserId: string;
  const devices: Record<string, string> = {};
  let referenceCount = 0;
  const newReference = () => `reference-${(referenceCount += 1)}`;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const db = test.handle.db;
    const user = await insertUser(db, {
      uid: 'challenge.user',
      firstName: 'Chall',
      lastName: 'Enge',
      email: 'challenge.user@example.com',
      userType: 'customer',
    });
    userId = user.id;
    otherUserId = (
      await insertUser(db, {
        uid: 'other.user',
        firstName: 'Other',
        lastName: 'User',
        email: 'other.user@example.com',
        userType: 'customer',
      })
    ).id;
    for (const type of ['FAKE_APP', 'FAKE_CODE', 'FAKE_PHONE']) {
      devices[type] = (await insertMfaDevice(db, { userId, type, name: type, target: 'held' })).id;
    }
    devices.OTHER = (
      await insertMfaDevice(db, { userId: otherUserId, type: 'FAKE_CODE', name: 'x', target: 'x' })
    ).id;
  });
  afterAll(async () => {
    await test.drop();
  });
  beforeEach(() => {
    now = T0;
    fakes = fakeMethods();
    engine = createChallengeService({
      db: test.handle.db,
      methods: fakes.registry,
      clock: () => now,
      sleep: () => Promise.resolve(),
    });
  });

  const startTransfer = (deviceId?: string) =>
    engine.start({
      subjectId: userId,
      purpose: 'transfer-approval',
      reference: newReference(),
      context: TRANSFER,
      ...(deviceId ? { deviceId } : {}),
    });

  it('asks money of a method that confirms it, the phone first, with the amount and payee', async () => {
    const started = await startTransfer();
    expect(started.method).toBe('fake-phone');
    expect(started.deviceId).toBe(devices.FAKE_PHONE);
    const linking = '$1,500.00 from account ending 0001 to account ending 9876';
    expect(fakes.asked).toEqual([{ method: 'fake-phone', linking, purpose: 'transfer-approval' }]);
    expect(started.prompt.linking).toBe(linking);
    const [event] = await listAuditEvents(test.handle.db, { type: 'challenge.asked', limit: 1 });
    expect(event?.details).toMatchObject({
      challengeId: started.challengeId,
      purpose: 'transfer-approval',
      method: 'fake-phone',
      linking,
    });
  });

  it('never lets a method that does not confirm transactions approve money', async () => {
    const choices = await engine.choices(userId, 'transfer-approval');
    expect(choices.map((choice) => choice.method.name)).toEqual(['fake-phone', 'fake-code']);
    await expect(startTransfer(devices.FAKE_APP)).rejects.toMatchObject({
      code: 'challenge_no_method',
    });
    // Signing in, the same device may answer.
    const signIn = await engine.start({
      subjectId: userId,
      purpose: 'sign-in',
      reference: newReference(),
      context: SIGN_IN,
      deviceId: devices.FAKE_APP,
    });
    expect(signIn.method).toBe('fake-app');
    expect(signIn.prompt.linking).toBeNull();
  });

  it("refuses another user's device, and a subject with no usable device", async () => {
    await expect(startTransfer(devices.OTHER)).rejects.toMatchObject({ code: 'device_not_yours' });
    await expect(
      engine.start({
        subjectId: otherUserId,
        purpose: 'sign-in',
        reference: 'r',
        context: SIGN_IN,
        deviceId: undefined,
      }),
    ).resolves.toMatchObject({ method: 'fake-code' });
    await test.handle.db.execute(
      `update mfa_devices set target = 'unusable' where user_id = '${otherUserId}'`,
    );
    await expect(
      engine.start({
        subjectId: otherUserId,
        purpose: 'sign-in',
        reference: 'r',
        context: SIGN_IN,
      }),
    ).rejects.toMatchObject({ code: 'challenge_no_method' });
  });

  it('counts wrong answers and refuses at the purpose maximum, for good', async () => {
    const { challengeId } = await startTransfer(devices.FAKE_CODE);
    const wrong = { kind: 'code', code: '000000' } as const;
    for (const attemptsLeft of [4, 3, 2, 1]) {
      expect(await engine.answer(challengeId, wrong)).toEqual({ status: 'wrong', attemptsLeft });
    }
    expect(await engine.answer(challengeId, wrong)).toEqual({
      status: 'refused',
      reason: 'attempts_exceeded',
    });
    // The right code after the last wrong one changes nothing.
    expect(await engine.answer(challengeId, { kind: 'code', code: '123456' })).toEqual({
      status: 'refused',
      reason: 'not_pending',
    });
    expect(await engine.find(challengeId)).toMatchObject({ status: 'refused', attempts: 5 });
    const [event] = await listAuditEvents(test.handle.db, { type: 'challenge.refused', limit: 1 });
    expect(event?.details).toMatchObject({
      challengeId,
      outcome: { status: 'refused', reason: 'attempts_exceeded' },
    });
  });

  it('takes a right answer once', async () => {
    const { challengeId } = await startTransfer(devices.FAKE_CODE);
    const right = { kind: 'code', code: '123456' } as const;
    expect(await engine.answer(challengeId, right)).toEqual({ status: 'answered' });
    expect(await engine.answer(challengeId, right)).toEqual({
      status: 'refused',
      reason: 'not_pending',
    });
    const [event] = await listAuditEvents(test.handle.db, { type: 'challenge.answered', limit: 1 });
    expect(event?.details).toMatchObject({ challengeId, method: 'fake-code' });
  });

  it('expires at the end of the purpose lifetime, whatever the answer', async () => {
    const { challengeId, expiresAt } = await startTransfer(devices.FAKE_CODE);
    expect(expiresAt.getTime() - T0.getTime()).toBe(5 * MINUTE);
    now = new Date(T0.getTime() + 5 * MINUTE);
    expect(await engine.answer(challengeId, { kind: 'code', code: '123456' })).toEqual({
      status: 'refused',
      reason: 'expired',
    });
    expect(await engine.find(challengeId)).toMatchObject({ status: 'expired' });
    expect(await engine.prompt(challengeId)).toBeNull();
  });

  it('waits while the phone decides, then answers its decision', async () => {
    const { challengeId } = await startTransfer();
    fakes.phoneAnswers.push({ verdict: 'waiting' }, { verdict: 'waiting' }, { verdict: 'denied' });
    expect(await engine.wait(challengeId)).toEqual({ status: 'refused', reason: 'denied' });
    expect(fakes.phoneAnswers).toEqual([]);
    const second = await startTransfer();
    fakes.phoneAnswers.push({ verdict: 'waiting' }, { verdict: 'accepted' });
    expect(await engine.answer(second.challengeId, { kind: 'poll' })).toEqual({
      status: 'waiting',
    });
    expect(await engine.wait(second.challengeId)).toEqual({ status: 'answered' });
  });

  it('cancels a challenge still asked, once; it takes no answer after', async () => {
    const { challengeId } = await startTransfer(devices.FAKE_CODE);
    expect(await engine.cancel(challengeId)).toBe(true);
    expect(await engine.cancel(challengeId)).toBe(false);
    expect(await engine.answer(challengeId, { kind: 'code', code: '123456' })).toEqual({
      status: 'refused',
      reason: 'not_pending',
    });
    expect(await engine.latest('transfer-approval', `reference-${referenceCount}`)).toMatchObject({
      id: challengeId,
      status: 'cancelled',
    });
  });

  it('answers not_pending for an id it never issued', async () => {
    expect(await engine.answer('not-a-uuid', { kind: 'poll' })).toEqual({
      status: 'refused',
      reason: 'not_pending',
    });
  });
});
