import {
  SignJWT,
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  jwtVerify,
} from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAUTH_PATHS,
  RETAIL_BACKCHANNEL_LOGOUT_PATH,
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_SHOPPER_API_PATH,
  RETAIL_SHOP_CLIENT_ID,
  PASSWORD_CHANGE_API_PATH,
  SIGN_IN_SESSIONS_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  XSRF_HEADER,
  orchestrationPaths,
  apiErrorMessage,
  retailShopperMessages,
  retailShopperSchema,
  signInSessionsResponseSchema,
  type RetailShopper,
} from '@anybank/contracts';
import { auditEvents, retailShopSessions } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { BrowserSession } from './browser-session';
import { apiErrorSchema } from './error-shapes';
import { accountOf, checkoutToConsentScreen, customerAtConsentScreen } from './pay-by-bank';
import { SignInDriver, stepUp, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';

const config = testConfig();
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

// OpenID Connect Back-Channel Logout 1.0 between the bank and the retail shop (ADR 0028): the
// shop's session of jane, begun when she paid, ends when her sessions at the bank end. Run on
// API_DATABASES: the sessions are rows like any other, nothing here is about the engine.
describe.each(API_DATABASES)('back-channel logout to the retail shop on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let janeChecking: string;
  let janeId: string;
  /** Every logout token the bank posted to the shop, as sent (the bank's fetch, watched). */
  const posted: string[] = [];
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    janeChecking = await accountOf(test, 'jane.doe', 'checking');
    janeId = await userIdOf(test, 'jane.doe');
    globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith(RETAIL_BACKCHANNEL_LOGOUT_PATH) && init?.body instanceof URLSearchParams) {
        posted.push(init.body.get('logout_token') ?? '');
      }
      return realFetch(input, init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await server.app.close();
    await test.drop();
  });

  /** jane pays at the shop in a browser of her own: answers it, signed in at the shop. */
  async function janePaidAtTheShop(): Promise<BrowserSession> {
    const { browser, atScreen } = await checkoutToConsentScreen(origin);
    const callback = await atScreen.answer({ decision: 'allow', accountId: janeChecking });
    const returned = await browser.fetch(callback.pathname + callback.search, {
      redirect: 'manual',
    });
    expect(returned.status).toBe(303);
    return browser;
  }

  async function shopperOf(browser: BrowserSession): Promise<RetailShopper> {
    const answer = await browser.fetch(RETAIL_SHOPPER_API_PATH);
    expect(answer.status).toBe(200);
    return retailShopperSchema.parse(await answer.json());
  }

  /** The shop's page once the bank's token has arrived (it is sent in the background). */
  async function shopperOnceSignedOut(browser: BrowserSession): Promise<RetailShopper> {
    for (let tries = 0; tries < 100; tries += 1) {
      const shopper = await shopperOf(browser);
      if (shopper.status !== 'signed_in') return shopper;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return shopperOf(browser);
  }

  const postLogoutToken = (token: string) =>
    realFetch(new URL(RETAIL_BACKCHANNEL_LOGOUT_PATH, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }),
    });

  async function expectRefused(response: Response) {
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({
      code: 'retail_logout_token_invalid',
      message: apiErrorMessage('retail_logout_token_invalid'),
    });
  }

  async function shopSessionOf(browser: BrowserSession) {
    const rows = await test.handle.db
      .select({ sub: retailShopSessions.bankSub, sid: retailShopSessions.bankSid })
      .from(retailShopSessions);
    expect(browser.cookie('retail_shop_session')).toBeTruthy();
    // One row per payment made in these tests; this browser's is the newest.
    return rows.at(-1);
  }

  it('the discovery document says the bank sends logout tokens, with sid', async () => {
    const discovery = (await (
      await realFetch(new URL('/.well-known/openid-configuration', origin))
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
    });
  });

  it('after Sign out everywhere the shop’s session of jane ends, by a signed logout token naming her bank session, and a replay is refused', async () => {
    const browser = await janePaidAtTheShop();
    expect(await shopperOf(browser)).toEqual({
      status: 'signed_in',
      message: retailShopperMessages.signedIn,
    });
    const session = await shopSessionOf(browser);
    expect(session?.sub).toBe(janeId);
    expect(session?.sid).toEqual(expect.any(String));

    // jane, signed in elsewhere, signs out everywhere.
    const asJane = apiClient(origin, await customerToken(origin, 'jane.doe'));
    expect((await asJane(SIGN_OUT_OTHER_SESSIONS_API_PATH, { method: 'POST' })).status).toBe(200);

    // The shop's next page says she was signed out at AnyBank.
    const shopper = await shopperOnceSignedOut(browser);
    expect(shopper).toEqual({
      status: 'signed_out_at_bank',
      message: retailShopperMessages.signedOutAtBank,
    });
    expect(shopper.message).toContain('You were signed out at AnyBank');

    // The logout token the bank sent: signed with its published key, for the shop, naming
    // jane and the bank session the shop's session began in.
    const token = posted.find((sent) => decodeJwt(sent).sid === session?.sid);
    expect(token).toBeDefined();
    const discovery = (await (
      await realFetch(new URL('/.well-known/openid-configuration', origin))
    ).json()) as { issuer: string };
    expect(decodeProtectedHeader(token ?? '')).toMatchObject({ typ: 'logout+jwt', alg: 'ES256' });
    const { payload } = await jwtVerify(
      token ?? '',
      createRemoteJWKSet(new URL(OAUTH_PATHS.jwks, origin)),
      { issuer: discovery.issuer, audience: RETAIL_SHOP_CLIENT_ID, typ: 'logout+jwt' },
    );
    expect(payload.events).toEqual({ [LOGOUT_EVENT]: {} });
    expect(payload.sub).toBe(janeId);
    expect(payload.sid).toBe(session?.sid);
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload).not.toHaveProperty('nonce');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(120);

    // The same token again is refused: its jti was taken.
    await expectRefused(await postLogoutToken(token ?? ''));
    // The bank's audit log says it was delivered; the shop's, that it took it and refused the replay.
    const events = await test.handle.db
      .select({ type: auditEvents.type, details: auditEvents.details })
      .from(auditEvents)
      .where(sql`${auditEvents.type} like '%backchannel_logout%'`);
    expect(events).toContainEqual({
      type: 'backchannel_logout.delivered',
      details: expect.objectContaining({
        clientId: RETAIL_SHOP_CLIENT_ID,
        sid: session?.sid,
        via: 'customer-everywhere-else',
      }) as unknown,
    });
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'shop.backchannel_logout_accepted',
        'shop.backchannel_logout_refused',
      ]),
    );
  });

  it('a logout token the bank did not sign, or with its signature changed, is refused; ending the bank session from her list ends the shop’s', async () => {
    const browser = await janePaidAtTheShop();
    const session = await shopSessionOf(browser);
    const claims = {
      events: { [LOGOUT_EVENT]: {} },
      sid: session?.sid ?? '',
      jti: crypto.randomUUID(),
    };
    const discovery = (await (
      await realFetch(new URL('/.well-known/openid-configuration', origin))
    ).json()) as { issuer: string };
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'logout+jwt', kid: 'not-the-banks' })
      .setIssuer(discovery.issuer)
      .setAudience(RETAIL_SHOP_CLIENT_ID)
      .setSubject(janeId)
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(privateKey);
    await expectRefused(await postLogoutToken(forged));
    // A real token of the bank, its signature changed.
    const real = posted[0] ?? '';
    const [header, body, signature = ''] = real.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expectRefused(await postLogoutToken(`${header}.${body}.${flipped}`));
    expect((await shopperOf(browser)).status).toBe('signed_in');

    // jane ends the other sessions from her list, one at a time: the shop hears of its own.
    const asJane = apiClient(origin, await customerToken(origin, 'jane.doe'));
    const { sessions } = signInSessionsResponseSchema.parse(
      await (await asJane(SIGN_IN_SESSIONS_API_PATH)).json(),
    );
    const others = sessions.filter((listed) => !listed.current);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) {
      const ended = await asJane(`${SIGN_IN_SESSIONS_API_PATH}/${other.id}`, {
        method: 'DELETE',
      });
      expect(ended.status).toBe(204);
    }
    expect((await shopperOnceSignedOut(browser)).status).toBe('signed_out_at_bank');
  });

  it('signing out at the bank, in the browser she paid from, signs jane out of the shop: the provider’s own logout token', async () => {
    const browser = await janePaidAtTheShop();
    const session = await shopSessionOf(browser);
    await new SignInDriver(origin, undefined, browser).signOut(`${origin}/`);
    expect(await shopperOnceSignedOut(browser)).toEqual({
      status: 'signed_out_at_bank',
      message: retailShopperMessages.signedOutAtBank,
    });
    const token = posted.find((sent) => decodeJwt(sent).sid === session?.sid);
    expect(decodeJwt(token ?? '')).toMatchObject({
      sub: janeId,
      aud: RETAIL_SHOP_CLIENT_ID,
      events: { [LOGOUT_EVENT]: {} },
    });
    const [delivered] = await test.handle.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        sql`${auditEvents.type} = 'backchannel_logout.delivered' and ${auditEvents.details}->>'sid' = ${session?.sid ?? ''}`,
      );
    expect(delivered?.details).toMatchObject({ clientId: RETAIL_SHOP_CLIENT_ID, via: 'signout' });
  });

  it('deleting a customer signs them out of the shop', async () => {
    const emily = { username: 'emily.chen', email: 'emily.chen@example.com' };
    const browser = new BrowserSession(origin);
    const started = await browser.fetch(RETAIL_CHECKOUT_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify({ items: ['merino-socks'] }),
    });
    const { redirectTo } = (await started.json()) as { redirectTo: string };
    const atScreen = await customerAtConsentScreen(origin, new URL(redirectTo), emily, browser);
    const callback = await atScreen.answer({
      decision: 'allow',
      accountId: await accountOf(test, emily.username, 'checking'),
    });
    await browser.fetch(callback.pathname + callback.search, { redirect: 'manual' });
    expect((await shopperOf(browser)).status).toBe('signed_in');

    const deleted = await realFetch(
      new URL(
        orchestrationPaths.policyStart(config.companyId, config.policyIds.DELETE_USER),
        origin,
      ),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          accessToken: await customerToken(origin, emily.username),
          host: 'localhost',
        }),
      },
    );
    expect(deleted.status).toBe(200);
    expect(await shopperOnceSignedOut(browser)).toEqual({
      status: 'signed_out_at_bank',
      message: retailShopperMessages.signedOutAtBank,
    });
  });

  // Last: it changes jane's password, which the other tests sign in with.
  it('a password change signs jane out of the shop too, in every browser', async () => {
    const browser = await janePaidAtTheShop();
    const session = await shopSessionOf(browser);
    const token = await customerToken(origin, 'jane.doe');
    await stepUp(origin, token);
    const changed = await apiClient(origin, token)(PASSWORD_CHANGE_API_PATH, {
      method: 'POST',
      body: { newPassword: 'Quiet.Harbour!Lantern42' },
    });
    expect(changed.status).toBe(200);
    expect(await shopperOnceSignedOut(browser)).toEqual({
      status: 'signed_out_at_bank',
      message: retailShopperMessages.signedOutAtBank,
    });
    const [delivered] = await test.handle.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        sql`${auditEvents.type} = 'backchannel_logout.delivered' and ${auditEvents.details}->>'sid' = ${session?.sid ?? ''}`,
      );
    expect(delivered?.details).toMatchObject({ via: 'password-change' });
  });
});
