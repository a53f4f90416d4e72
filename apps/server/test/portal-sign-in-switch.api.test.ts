import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_CLIENTS } from '@anybank/contracts';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { SignInDriver, startSignInServer, type Server } from './sign-in-driver';

/**
 * A browser whose bank session is a customer's (jane just paid a shop by bank) presses a
 * partner's login: the portal asks who signs in (login-policy.ts) instead of refusing the
 * customer at the portal, and never lets the customer's session into it.
 */

// One database (API_DATABASES): one browser's requests, one at a time.
describe.each(API_DATABASES)('a partner portal in a customer’s browser on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startSignInServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('asks the advisor to sign in, where it refused the customer’s session before; silently, it signs no one in', async () => {
    const customer = new SignInDriver(origin);
    const landing = await customer.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    expect(landing.searchParams.get('code')).toBeTruthy();

    const advisor = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor, customer.browser);
    // The login modal's flow, not a return to the portal with access_denied.
    expect(await advisor.authorize()).toMatch(/\S+/);
    const flow = await advisor.read();
    expect(flow.status).toBe(200);
    expect(flow.body.status).toBe('IDENTIFIER_REQUIRED');

    // Asked to sign in silently, the portal is told a sign-in is needed (oidc-provider names a
    // policy check of its own interaction_required): no code for jane.
    const silent = await customer.browser.fetch(advisor.authorizeUrl({ prompt: 'none' }));
    const back = new URL(silent.headers.get('location') ?? '', origin);
    expect(back.pathname).toBe(PARTNER_CLIENTS.AnyWealthAdvisor.returnPath);
    expect(back.searchParams.get('error')).toBe('interaction_required');
    expect(back.searchParams.get('code')).toBeNull();
  });
});
