import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_PATHS } from '@anybank/contracts';
import type { Server } from '../src/app';
import { startBankingServer } from './banking-server';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * Open client registration (ADR 0029) stores a client per call: an address may register a
 * tenth of the sign-in limit a minute, and is then refused 429 before the provider stores one.
 */
describe('client registration from one address', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    // A sign-in limit of 20 a minute: 2 registrations a minute per address.
    ({ server, origin } = await startBankingServer(test, { env: { RATE_LIMIT_PER_MINUTE: '20' } }));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const register = () =>
    fetch(new URL(OAUTH_PATHS.registration, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Many Assistants',
        redirect_uris: ['http://127.0.0.1:1/oauth/callback'],
        token_endpoint_auth_method: 'none',
      }),
    });

  it('registers two assistants a minute, then refuses the next with 429 and Retry-After', async () => {
    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(201);
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { code: string }).code).toBe('rate_limited');
  });
});
