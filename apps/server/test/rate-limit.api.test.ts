import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';

describe('rate limits on the sign-in endpoints', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startSignInServer(test, { RATE_LIMIT_PER_MINUTE: '20' }));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('answers 429 once a client address has used its minute’s flow calls', async () => {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    const statuses: number[] = [];
    for (let call = 0; call < 21; call += 1) statuses.push((await driver.read()).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('allows the risk evaluation, which tells whether a username exists, a tenth of that', async () => {
    const driver = new SignInDriver(origin);
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      const response = await driver.browser.fetch('/api/riskEvaluation', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'jane.doe', riskPayload: PERSON_RISK_PAYLOAD }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
