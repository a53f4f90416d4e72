import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, orchestrationPaths, widgetTokenResponseSchema } from '@anybank/contracts';
import type { Server } from '../src/app';
import type { Config } from '../src/config';
import { createTestDatabase, type TestDatabase } from './test-database';
import { COMPANY, client, startOrchestrationServer } from './orchestration-client';

describe('orchestration rate limits per client address', () => {
  let test: TestDatabase;
  let server: Server;
  let api: ReturnType<typeof client>;
  let config: Config;
  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    let origin: string;
    ({ server, origin, config } = await startOrchestrationServer(test, {
      RATE_LIMIT_PER_MINUTE: '20',
    }));
    api = client(origin);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('allows username recovery, which tells whether an address is registered, a tenth', async () => {
    const token = widgetTokenResponseSchema.parse(
      (
        await api.call('GET', orchestrationPaths.sdkToken(COMPANY), {
          headers: { [API_KEY_HEADER]: server.services.keys.secrets.apiKey },
        })
      ).body,
    ).access_token;
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      const mail = `nobody.${call}@example.com`;
      const answer = await api.start(
        config.policyIds.USERNAME_RECOVERY,
        { hostname: 'localhost', mail, encodedMail: Buffer.from(mail).toString('base64') },
        token,
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Other policies keep their own, larger allowance.
    const qr = await api.start(
      config.policyIds.QR_CODE,
      { keyUri: 'otpauth://totp/AnyBank:x?secret=JBSWY3DPEHPK3PXP' },
      token,
    );
    expect(qr.status).toBe(200);
  });
});
