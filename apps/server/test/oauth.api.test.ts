import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_CLIENTS } from '@anybank/contracts';
import { BrowserSession } from './browser-session';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';

// One database (API_DATABASES): oidc-provider's HTTP behaviour; the stores have tests of their own on both.
describe.each(API_DATABASES)('OAuth server, pickup and sign-out on %s', (kind) => {
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

  it('refuses a code with the wrong PKCE verifier', async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    const wrong = await driver.token(landing.searchParams.get('code') ?? '', 'x'.repeat(128));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps a refusal that quotes a request value within RFC 6749 §5.2: no `"` or `\\` in error_description', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/as/revoke_token.oauth2',
      headers: { origin: '"\\', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=anybank-web',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; error_description: string }>();
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/^[\x20\x21\x23-\x5B\x5D-\x7E]+$/);
    expect(body.error_description).toContain("origin '/ not allowed");
  });

  it('refuses an authorization request without PKCE', async () => {
    const driver = new SignInDriver(origin);
    const response = await driver.browser.fetch(
      driver.authorizeUrl({ code_challenge: '', code_challenge_method: '' }),
    );
    const location = new URL(response.headers.get('location') ?? '', origin);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('hands over the pickup only with its cookie and its instance header, and only once', async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');

    const thief = new SignInDriver(origin);
    expect((await thief.pickup(landing)).status).toBe(401);

    const wrongInstance = new URL(landing);
    wrongInstance.searchParams.set('refType', 'AdvisorSPRefID');
    expect((await driver.pickup(wrongInstance)).status).toBe(401);

    expect((await driver.pickup(landing)).status).toBe(200);
    expect((await driver.pickup(landing)).status).toBe(401);
  });

  it('signs out: the session ends, the grant is revoked and the old token is refused', async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    const { access_token } = (await (
      await driver.token(landing.searchParams.get('code') ?? '')
    ).json()) as { access_token: string };
    const me = () =>
      driver.browser.fetch('/api/me', { headers: { authorization: `Bearer ${access_token}` } });
    expect((await me()).status).toBe(200);

    // While signed in, a new authorization needs no sign-in at all (single sign-on).
    const silent = new SignInDriver(origin, undefined, driver.browser);
    const sso = await silent.browser.navigate(silent.authorizeUrl({ prompt: 'none' }));
    expect(sso.url.searchParams.get('code')).toBeTruthy();

    expect(await driver.signOut(`${origin}/`)).toBe(`${origin}/`);
    const after = await me();
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({
      message: 'Your session has ended. Please sign in again.',
    });

    const afterSignOut = new SignInDriver(origin, undefined, driver.browser);
    const noSession = await afterSignOut.browser.navigate(
      afterSignOut.authorizeUrl({ prompt: 'none' }),
    );
    expect(noSession.url.searchParams.get('error')).toBe('login_required');
  });

  it('signs amy.davis in to the advisor portal with a token carrying her user type and scopes', async () => {
    const driver = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    await driver.authorize();
    await driver.post('submitIdentifier', {
      identifier: 'amy.davis',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    await driver.post('checkUsernamePassword', {
      username: 'amy.davis',
      password: 'Welcome2Bank!',
    });
    await driver.post(
      { action: 'checkOtp' },
      { otp: await driver.latestCode('amy.davis@example.com') },
    );
    const landing = await driver.resume(await driver.continueToResume());
    expect(landing.pathname).toBe('/app/advisor');
    expect(landing.searchParams.get('state')).toBe(driver.pkce.state);

    const token = (await (await driver.token(landing.searchParams.get('code') ?? '')).json()) as {
      access_token: string;
    };
    const claims = decodeJwt(token.access_token);
    expect(claims).toMatchObject({
      FirstName: 'Amy',
      LastName: 'Davis',
      anybankUserType: 'AnyWealthAdvisor',
    });
    expect(String(claims.scope).split(' ').sort()).toEqual([
      'consent',
      'consent_admin',
      'directory',
    ]);
    expect(await driver.signOut(`${origin}/partner/signoff`)).toBe(`${origin}/partner/signoff`);
  });

  it('never gives a customer partner scopes, whatever the client asks for', async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    const silent = new SignInDriver(origin, undefined, driver.browser);
    const sso = await silent.browser.navigate(
      silent.authorizeUrl({
        prompt: 'none',
        scope: 'openid banking consent_admin directory helpdesk',
      }),
    );
    const token = (await (await silent.token(sso.url.searchParams.get('code') ?? '')).json()) as {
      access_token: string;
    };
    expect(String(decodeJwt(token.access_token).scope).split(' ').sort()).toEqual(['banking']);
    expect(landing.pathname).toBe('/');
  });

  it('lets a signed-in customer, and only a customer, switch on the high-risk demo override', async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    const { access_token } = (await (
      await driver.token(landing.searchParams.get('code') ?? '')
    ).json()) as { access_token: string };
    const put = (token: string | null, body: unknown) =>
      driver.browser.fetch('/api/admin/risk-override', {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    expect((await put(null, { enabled: true })).status).toBe(401);
    expect((await put(access_token, { enabled: 'yes' })).status).toBe(400);
    expect((await put(access_token, { enabled: true })).status).toBe(204);

    const evaluation = await driver.browser.fetch('/api/riskEvaluation', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'jane.doe', riskPayload: PERSON_RISK_PAYLOAD }),
    });
    expect(((await evaluation.json()) as { result: { level: string } }).result.level).toBe('HIGH');

    const advisor = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    await advisor.authorize();
    await advisor.post('submitIdentifier', {
      identifier: 'amy.davis',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    await advisor.post('checkUsernamePassword', {
      username: 'amy.davis',
      password: 'Welcome2Bank!',
    });
    await advisor.post(
      { action: 'checkOtp' },
      { otp: await advisor.latestCode('amy.davis@example.com') },
    );
    const landingAdvisor = await advisor.resume(await advisor.continueToResume());
    const advisorToken = (await (
      await advisor.token(landingAdvisor.searchParams.get('code') ?? '')
    ).json()) as { access_token: string };
    expect((await put(advisorToken.access_token, { enabled: true })).status).toBe(403);
  });

  it('refuses a token from another signing key, and one without a token at all', async () => {
    const browser = new BrowserSession(origin);
    expect((await browser.fetch('/api/me')).status).toBe(401);
    const forged = 'eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCJ9.eyJzdWIiOiJ4In0.' + 'A'.repeat(86);
    expect(
      (await browser.fetch('/api/me', { headers: { authorization: `Bearer ${forged}` } })).status,
    ).toBe(401);
  });
});
