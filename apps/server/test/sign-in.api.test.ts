import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_HEADER } from '@anybank/contracts';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { SignInDriver, startSignInServer, type Server } from './sign-in-driver';

// One database (API_DATABASES): the sign-in over HTTP, one request at a time.
describe.each(API_DATABASES)(
  'sign-in through the OAuth server and the flow engine on %s',
  (kind) => {
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

    it('signs jane.doe in with password and e-mail code, hands over her attributes once, and issues a token', async () => {
      const driver = new SignInDriver(origin);
      const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
      expect(landing.pathname).toBe('/');
      expect(landing.searchParams.get('state')).toBe(driver.pkce.state);
      expect(landing.searchParams.get('refType')).toBe('BXFSPRefID');

      const pickup = await driver.pickup(landing);
      expect(pickup.status).toBe(200);
      const attributes = (await pickup.json()) as Record<string, string>;
      expect(attributes).toMatchObject({
        Email: 'jane.doe@example.com',
        FirstName: 'Jane',
        LastName: 'Doe',
        uid: 'jane.doe',
        anybankUserType: 'customer',
        fullAddress: '123 Main Street, Springfield, 62701',
        mobile: '+15551234567',
      });
      expect(attributes.accts?.split(',')).toHaveLength(3);
      expect((await driver.pickup(landing)).status).toBe(401);

      const token = await driver.token(landing.searchParams.get('code') ?? '');
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      const me = await driver.browser.fetch('/api/me', {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        uid: 'jane.doe',
        userType: 'customer',
        scopes: expect.arrayContaining(['banking', 'consent']),
      });
    });

    it('refuses a flow POST without the X-XSRF-Header', async () => {
      const driver = new SignInDriver(origin);
      await driver.authorize();
      const response = await driver.post('submitIdentifier', { identifier: 'jane.doe' }, {});
      expect(response.status).toBe(403);
      expect(response.body.message).toContain(XSRF_HEADER);
    });

    it('does not let another browser continue a flow', async () => {
      const driver = new SignInDriver(origin);
      await driver.authorize();
      const stranger = new SignInDriver(origin);
      stranger.flowId = driver.flowId;
      expect((await stranger.read()).status).toBe(403);
      expect((await stranger.post('submitIdentifier', { identifier: 'jane.doe' })).status).toBe(
        403,
      );
    });
  },
);
