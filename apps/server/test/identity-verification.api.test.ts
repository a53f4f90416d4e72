import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BRAND,
  IDENTITY_VERIFIED_ACR,
  fillBrand,
  messages,
  outboxResponseSchema,
} from '@anybank/contracts';
import { auditEvents, users } from '../src/db/schema';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';

/**
 * The credit-card application's sign-in (ADR 0015): its authorization asks for a verified
 * identity, and a user whose identity is not verified gets one more step in the flow — a code
 * e-mailed to them — before the authorization resumes.
 */

const CREDIT_CARD = { acr_values: IDENTITY_VERIFIED_ACR };
/** john.smith: no password; his e-mail is his only sign-in method. */
const JOHN = { username: 'john.smith', email: 'john.smith@example.com' };

// One database (API_DATABASES): flow steps over HTTP, one request at a time.
describe.each(API_DATABASES)('identity verification in the sign-in flow on %s', (kind) => {
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

  async function setVerified(username: string, identityVerified: boolean) {
    await test.handle.db.update(users).set({ identityVerified }).where(eq(users.uid, username));
  }

  async function isVerified(username: string): Promise<boolean | undefined> {
    const [row] = await test.handle.db
      .select({ identityVerified: users.identityVerified })
      .from(users)
      .where(eq(users.uid, username));
    return row?.identityVerified;
  }

  async function verificationAudits(username: string) {
    const [user] = await test.handle.db.select().from(users).where(eq(users.uid, username));
    return test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'identity.verified'), eq(auditEvents.userId, user!.id)));
  }

  async function newestMessage(address: string) {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(address)}&limit=1`, origin),
    );
    return outboxResponseSchema.parse(await response.json()).messages[0];
  }

  /** john's sign-in up to the end of his second factor: what follows is the flow's choice. */
  async function johnPastMfa(authorization: Record<string, string>) {
    const signIn = new SignInDriver(origin);
    await signIn.authorize(authorization);
    await signIn.post('submitIdentifier', {
      identifier: JOHN.username,
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    await signIn.post({ action: 'checkOtp' }, { otp: await signIn.latestCode(JOHN.email) });
    let answer = await signIn.post({ action: 'continueAuthentication' });
    // His single method makes the flow offer to add another: 'Not now'.
    if (answer.body.status === 'DEVICE_PAIRING_METHOD_REQUIRED') {
      answer = await signIn.post({ action: 'continueAuthentication' });
    }
    return { driver: signIn, answer };
  }

  it('asks an unverified customer applying for the card for a code e-mailed to them, then sets the flag and audits it', async () => {
    await setVerified(JOHN.username, false);
    const { driver, answer } = await johnPastMfa(CREDIT_CARD);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'IDENTITY_VERIFICATION_REQUIRED',
      verificationTarget: 'j********h@example.com',
    });
    expect(answer.body.resumeUrl).toBeUndefined();
    const mail = await newestMessage(JOHN.email);
    expect(mail?.subject).toBe(
      fillBrand(messages.creditCard.verificationEmailSubject, DEFAULT_BRAND),
    );
    const code = mail?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code keeps the step, unverified; so does a reload of the flow.
    const wrong = await driver.post(
      { action: 'checkOtp' },
      { otp: code === '000000' ? '111111' : '000000' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      status: 'IDENTITY_VERIFICATION_REQUIRED',
      code: 'wrong_otp',
      message: messages.login.incorrectOtp,
    });
    expect((await driver.read()).body.status).toBe('IDENTITY_VERIFICATION_REQUIRED');
    expect(await isVerified(JOHN.username)).toBe(false);

    const right = await driver.post({ action: 'checkOtp' }, { otp: code });
    expect(right.status).toBe(200);
    expect(right.body.status).toBe('RESUME');
    expect(right.body.resumeUrl).toMatch(new RegExp(`/as/authorization.oauth2/${driver.flowId}$`));
    expect(await isVerified(JOHN.username)).toBe(true);
    expect(await verificationAudits(JOHN.username)).toHaveLength(1);

    // The sign-in completes, and its ID token says the identity was verified.
    const landing = await driver.resume(right.body.resumeUrl ?? '');
    const token = (await (await driver.token(landing.searchParams.get('code') ?? '')).json()) as {
      id_token: string;
    };
    expect(decodeJwt(token.id_token).acr).toBe(IDENTITY_VERIFIED_ACR);
  });

  it('sends a verified customer straight on, without a code', async () => {
    await setVerified(JOHN.username, true);
    const { answer } = await johnPastMfa(CREDIT_CARD);
    expect(answer.body.status).toBe('RESUME');
    expect(answer.body.resumeUrl).toBeTruthy();
  });

  it('asks nothing more of an unverified customer who signs in for anything else', async () => {
    await setVerified(JOHN.username, false);
    const { answer } = await johnPastMfa({});
    expect(answer.body.status).toBe('RESUME');
    expect(await isVerified(JOHN.username)).toBe(false);
  });

  it('ends the sign-in with access_denied when the customer cancels the verification', async () => {
    await setVerified(JOHN.username, false);
    const { driver } = await johnPastMfa(CREDIT_CARD);
    const cancelled = await driver.post({ action: 'cancelAuthentication' });
    expect(cancelled.body.status).toBe('FAILED');
    const back = await driver.resume(cancelled.body.resumeUrl ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await isVerified(JOHN.username)).toBe(false);
  });

  it("does not let an unverified customer's single sign-on session skip the verification", async () => {
    await setVerified(JOHN.username, false);
    const signedIn = await johnPastMfa({});
    await signedIn.driver.resume(signedIn.answer.body.resumeUrl ?? '');

    // Signed in already, the credit-card application still opens the login (and its step)…
    const again = new SignInDriver(origin, undefined, signedIn.driver.browser);
    const apply = await again.browser.navigate(again.authorizeUrl(CREDIT_CARD));
    expect(apply.url.searchParams.get('flowId')).toBeTruthy();
    expect(apply.url.searchParams.get('code')).toBeNull();

    // …whereas a verified customer's session goes straight through.
    await setVerified(JOHN.username, true);
    const verified = new SignInDriver(origin, undefined, signedIn.driver.browser);
    const straight = await verified.browser.navigate(verified.authorizeUrl(CREDIT_CARD));
    expect(straight.url.searchParams.get('code')).toBeTruthy();
    expect(straight.url.searchParams.get('flowId')).toBeNull();
  });

  it('asks again once the flag was cleared (the demo admin reset)', async () => {
    await setVerified(JOHN.username, true);
    expect((await johnPastMfa(CREDIT_CARD)).answer.body.status).toBe('RESUME');
    await setVerified(JOHN.username, false);
    expect((await johnPastMfa(CREDIT_CARD)).answer.body.status).toBe(
      'IDENTITY_VERIFICATION_REQUIRED',
    );
  });
});
