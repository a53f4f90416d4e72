import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_API_PATH, riskEvaluationResponseSchema, type RiskPayload } from '@anybank/contracts';
import {
  createTestDatabase,
  API_DATABASES,
  type TestDatabase,
} from '../../../../test/test-database';
import type { Database } from '../../../db/database';
import { users } from '../../../db/schema';
import { registerErrorMapping } from '../../../http/errors';
import { listAuditEvents } from '../../audit/audit.store';
import { insertUser } from '../../directory/directory.store';
import { createPasswordService, hashPassword } from '../credentials/password.service';
import { registerRiskRoutes } from './risk.routes';
import { createRiskService } from './risk.service';

const browser: RiskPayload = {
  deviceId: 'device-0123456789',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  language: 'en-US',
  timeZone: 'Europe/London',
  screen: { width: 1440, height: 900, colorDepth: 24 },
  webdriver: false,
};

/** What app.ts does for this route, and no more: error mapping, rate limits, the route. */
async function buildRiskApp(db: Database): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorMapping(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  registerRiskRoutes(app, { risk: createRiskService({ db }) });
  await app.ready();
  return app;
}

// One database (API_DATABASES): the route's HTTP answers; risk.store.test.ts covers its SQL on both.
describe.each(API_DATABASES)('risk evaluation API on %s', (kind) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let userCount = 0;

  async function newUser(changes: { highRiskNextSignIn?: boolean; passwordHash?: string } = {}) {
    userCount += 1;
    const uid = `riley.chen${userCount}`;
    return insertUser(test.handle.db, {
      uid,
      firstName: 'Riley',
      lastName: 'Chen',
      email: `${uid}@example.com`,
      userType: 'customer',
      ...changes,
    });
  }

  /** Each request from its own address, so that no test spends another's rate limit. */
  function evaluate(body: unknown, remoteAddress = `192.0.2.${userCount}`) {
    return app.inject({
      method: 'POST',
      url: RISK_API_PATH,
      payload: body as object,
      remoteAddress,
    });
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    app = await buildRiskApp(test.handle.db);
  });
  afterAll(async () => {
    await app.close();
    await test.drop();
  });

  it('answers LOW for an ordinary browser, whatever the username’s case', async () => {
    const user = await newUser();
    const response = await evaluate({
      username: ` ${user.uid.toUpperCase()} `,
      riskPayload: browser,
    });
    expect(response.statusCode).toBe(200);
    expect(riskEvaluationResponseSchema.parse(response.json())).toEqual({
      result: { level: 'LOW', recommendedAction: 'Continue signing in.', reasons: [] },
    });
    const denials = await listAuditEvents(test.handle.db, { type: 'risk.denied', limit: 100 });
    expect(denials.filter((event) => event.userId === user.id)).toEqual([]);
  });

  it('answers HIGH for a browser driven by webdriver and records the denial', async () => {
    const user = await newUser();
    const response = await evaluate({
      username: user.uid,
      riskPayload: { ...browser, webdriver: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: {
        level: 'HIGH',
        recommendedAction: 'Sign-in blocked because this browser looks automated.',
        reasons: ['The browser reports that automation software controls it (webdriver).'],
      },
    });
    const [event] = await listAuditEvents(test.handle.db, { type: 'risk.denied', limit: 1 });
    expect(event).toMatchObject({
      userId: user.id,
      ip: `192.0.2.${userCount}`,
      details: { uid: user.uid, level: 'HIGH', rules: ['webdriver'] },
    });
  });

  it('answers HIGH once for the admin’s override, then LOW again', async () => {
    const user = await newUser({ highRiskNextSignIn: true });
    const first = await evaluate({ username: user.uid, riskPayload: browser });
    expect(first.json().result).toMatchObject({ level: 'HIGH' });
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.highRiskNextSignIn).toBe(false);
    const second = await evaluate({ username: user.uid, riskPayload: browser });
    expect(second.json().result).toMatchObject({ level: 'LOW' });
  });

  it('answers MEDIUM to the address with 5 wrong passwords for the username, LOW elsewhere', async () => {
    const user = await newUser({ passwordHash: await hashPassword('Correct.Horse42') });
    const passwords = createPasswordService({ db: test.handle.db });
    const guesser = '198.51.100.7';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await passwords.checkPassword(user.uid, 'Wrong.Horse42', { ip: guesser });
    }
    const before = await evaluate({ username: user.uid, riskPayload: browser }, guesser);
    expect(before.json().result.level).toBe('LOW');
    await passwords.checkPassword(user.uid, 'Wrong.Horse42', { ip: guesser });
    const after = await evaluate({ username: user.uid, riskPayload: browser }, guesser);
    expect(after.json()).toEqual({
      result: {
        level: 'MEDIUM',
        recommendedAction:
          'Too many failed sign-ins for this username from your network. Please wait 15 minutes and try again.',
        reasons: [
          '5 failed sign-ins for this username from this address in the last 15 minutes: this address may not sign in as it for now.',
        ],
      },
    });
    // The owner elsewhere is not refused: the bank only says it will ask for more.
    const elsewhere = await evaluate({ username: user.uid, riskPayload: browser }, '192.0.2.200');
    expect(elsewhere.json()).toEqual({
      result: {
        level: 'LOW',
        recommendedAction: 'Continue signing in.',
        reasons: [
          '5 failed sign-ins for this username from other addresses in the last 15 minutes: not refused here, but the second factor is asked even on a remembered browser.',
        ],
      },
    });
  });

  it('answers 404 "Invalid username." for a username nobody has', async () => {
    const response = await evaluate({ username: 'no.such.user', riskPayload: browser });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Invalid username.', code: 'INVALID_USERNAME' });
  });

  it.each([
    ['no risk payload', { username: 'riley.chen1' }, /^Please check your input\. riskPayload: /],
    [
      'webdriver that is not a boolean',
      { username: 'riley.chen1', riskPayload: { ...browser, webdriver: 'no' } },
      /riskPayload\.webdriver: /,
    ],
    ['an empty username', { username: '   ', riskPayload: browser }, /username: /],
  ])('answers 400 naming the field for %s', async (_name, body, message) => {
    const response = await evaluate(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('answers 429 to an address after 30 evaluations in a minute', async () => {
    const user = await newUser();
    const body = { username: user.uid, riskPayload: browser };
    const statuses = [];
    for (let request = 0; request < 31; request += 1) {
      statuses.push((await evaluate(body, '192.0.2.250')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await evaluate(body, '192.0.2.251')).statusCode).toBe(200);
  });
});
