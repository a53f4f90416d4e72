import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../../test/test-database';
import { insertMfaDevice, insertUser } from '../../../directory/directory.store';
import {
  createMessagingService,
  type MessagingService,
} from '../../../messaging/messaging.service';
import { createOtpService } from '../../credentials/otp.service';
import { createPushService, type PushService } from '../../devices/push.service';
import { decidePushRequest, listPendingPushRequests } from '../../devices/push.store';
import { createChallengeService, type ChallengeService } from '../challenge.service';
import { createMethods, type BackchannelApprovals, type MethodDeps } from './methods';

const TRANSFER = { amountCents: 150_000, fromAccountId: 'acct-0001', toAccountId: 'acct-9876' };
const LINKING = '$1,500.00 from account ending 0001 to account ending 9876';

/** The bank's code and phone methods, through the engine, on the real code and push services. */
describe.each(DATABASE_KINDS)('the bank methods on %s', (kind) => {
  let test: TestDatabase;
  let messaging: MessagingService;
  let push: PushService;
  let engine: ChallengeService;
  let userId: string;
  const device: Record<string, string> = {};
  const cibaAsked: Parameters<BackchannelApprovals['request']>[0][] = [];
  let cibaAnswer: Awaited<ReturnType<BackchannelApprovals['poll']>> = 'pending';
  let count = 0;
  const reference = () => `ref-${(count += 1)}`;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const db = test.handle.db;
    messaging = createMessagingService({ db, email: null, log: pino({ level: 'silent' }) });
    push = createPushService({ db, messaging });
    userId = (
      await insertUser(db, {
        uid: 'method.user',
        firstName: 'Meth',
        lastName: 'Od',
        email: 'method.user@example.com',
        userType: 'customer',
      })
    ).id;
    for (const [type, extra] of [
      ['Email', { target: 'method.user@example.com' }],
      ['SMS', { target: '+12015550123' }],
      ['iPhone', { publicKey: '{"kty":"EC"}' }],
    ] as const) {
      device[type] = (await insertMfaDevice(db, { userId, type, name: type, ...extra })).id;
    }
  });
  afterAll(async () => {
    await test.drop();
  });
  beforeEach(() => {
    const backchannel: BackchannelApprovals = {
      request: (input) => {
        cibaAsked.push(input);
        return Promise.resolve('auth-req-1');
      },
      poll: () => Promise.resolve(cibaAnswer),
    };
    const db = test.handle.db;
    const deps = {
      db,
      otp: createOtpService({ db, signingSecret: 'test-secret-0123456789-abcdefghij' }),
      messaging,
      push,
      backchannel,
      clock: () => new Date(),
    } as Partial<MethodDeps> as MethodDeps; // the code and phone methods use these parts only
    engine = createChallengeService({
      db,
      methods: createMethods(deps),
      sleep: () => Promise.resolve(),
    });
  });

  /** The code in the newest message to `to`, and its text. */
  async function lastMessageTo(to: string) {
    const [message] = await messaging.listOutbox({ to, limit: 1 });
    return { code: /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '', body: message?.body ?? '' };
  }

  it('e-mails a transfer code carrying the amount and accounts; the code answers it once', async () => {
    const started = await engine.start({
      subjectId: userId,
      purpose: 'transfer-approval',
      reference: reference(),
      context: TRANSFER,
      deviceId: device.Email,
    });
    expect(started).toMatchObject({
      method: 'email-code',
      sent: { channel: 'email', destination: 'm*********r@example.com' },
    });
    expect(started.prompt.nodes).toContainEqual(
      expect.objectContaining({ type: 'input', name: 'code' }),
    );
    const { code, body } = await lastMessageTo('method.user@example.com');
    expect(body).toContain('$1,500.00');
    expect(body).toContain('ending 9876');
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await engine.answer(started.challengeId, { kind: 'code', code: wrong })).toEqual({
      status: 'wrong',
      attemptsLeft: 4,
    });
    expect(await engine.answer(started.challengeId, { kind: 'code', code })).toEqual({
      status: 'answered',
    });
    expect(await engine.answer(started.challengeId, { kind: 'code', code })).toEqual({
      status: 'refused',
      reason: 'not_pending',
    });
  });

  it("sends a contact change's code to the new number, not to a device", async () => {
    const started = await engine.start({
      subjectId: userId,
      purpose: 'contact-change',
      reference: reference(),
      context: { kind: 'mobile' },
      target: { channel: 'sms', address: '+12015550199' },
    });
    expect(started).toMatchObject({ method: 'sms-code', deviceId: null });
    const { code } = await lastMessageTo('+12015550199');
    expect(await engine.answer(started.challengeId, { kind: 'code', code })).toEqual({
      status: 'answered',
    });
  });

  it('asks the phone to approve money through CIBA, with the linking words as the binding message', async () => {
    cibaAnswer = 'pending';
    const started = await engine.start({
      subjectId: userId,
      purpose: 'transfer-approval',
      reference: reference(),
      context: TRANSFER,
    });
    expect(started.method).toBe('phone-push');
    expect(cibaAsked.at(-1)).toEqual({
      userId,
      bindingMessage: LINKING,
      lines: { Amount: '$1,500.00', 'From account': 'ending 0001', 'To account': 'ending 9876' },
      reference: expect.any(String),
      context: TRANSFER,
    });
    expect(started.prompt.nodes).toContainEqual(expect.objectContaining({ type: 'wait' }));
    expect(await engine.answer(started.challengeId, { kind: 'poll' })).toEqual({
      status: 'waiting',
    });
    cibaAnswer = 'denied';
    expect(await engine.wait(started.challengeId)).toEqual({ status: 'refused', reason: 'denied' });
  });

  it('pushes a sign-in to the phone, and reads its decision', async () => {
    const started = await engine.start({
      subjectId: userId,
      purpose: 'sign-in',
      reference: reference(),
      context: { browser: 'Firefox on Linux', ip: '203.0.113.5' },
      deviceId: device.iPhone,
    });
    const [request] = await listPendingPushRequests(
      test.handle.db,
      device.iPhone ?? '',
      new Date(),
    );
    expect(request?.context).toMatchObject({
      details: { From: 'Firefox on Linux', 'IP address': '203.0.113.5' },
    });
    expect(await engine.answer(started.challengeId, { kind: 'poll' })).toEqual({
      status: 'waiting',
    });
    await decidePushRequest(test.handle.db, request?.id ?? '', 'approved', new Date());
    expect(await engine.answer(started.challengeId, { kind: 'poll' })).toEqual({
      status: 'answered',
    });
  });

  it('refuses an answer of the wrong kind', async () => {
    const started = await engine.start({
      subjectId: userId,
      purpose: 'sign-in',
      reference: reference(),
      context: { browser: 'x', ip: null },
      deviceId: device.iPhone,
    });
    await expect(
      engine.answer(started.challengeId, { kind: 'code', code: '123456' }),
    ).rejects.toMatchObject({ code: 'challenge_answer_unsupported' });
  });
});
