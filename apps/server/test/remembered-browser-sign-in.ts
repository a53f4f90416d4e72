import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  BANK_CLIENT,
  DEMO_PASSWORD,
  FLOW_API_PATH,
  REMEMBERED_BROWSERS_API_PATH,
  XSRF_HEADER,
  rememberedBrowsersResponseSchema,
  type RiskPayload,
} from '@anybank/contracts';
import { auditEvents } from '../src/db/schema';
import { userIdOf } from './banking-server';
import { BrowserSession } from './browser-session';
import { PERSON_RISK_PAYLOAD, SignInDriver, type FlowAnswer } from './sign-in-driver';
import type { TestDatabase } from './test-database';

// Sign-ins for the remembered-browser tests (remembered-browsers.api.test.ts): one browser of a
// person, and the flow's steps as that browser takes them.

/** One browser of a person: its cookie jar and its device id (the risk payload's). */
export function browserWith(origin: string, deviceId: string) {
  return {
    session: new BrowserSession(origin),
    payload: { ...PERSON_RISK_PAYLOAD, deviceId } satisfies RiskPayload,
  };
}
export type Browser = ReturnType<typeof browserWith>;

/** The sign-in steps, against the server and database the test started (read when called). */
export function rememberedBrowserSignIn(env: () => { origin: string; test: TestDatabase }) {
  /** Username and password in a new sign-in of this browser: the flow's answer to them. */
  async function upToPassword(browser: Browser, uid: string) {
    const driver = new SignInDriver(env().origin, BANK_CLIENT, browser.session);
    await driver.authorize();
    const identified = await driver.post('submitIdentifier', {
      identifier: uid,
      riskPayload: browser.payload,
    });
    expect(identified.body.status, 'after the username').toBe('USERNAME_PASSWORD_REQUIRED');
    return { driver, identified };
  }

  const password = (driver: SignInDriver, uid: string) =>
    driver.post('checkUsernamePassword', { username: uid, password: DEMO_PASSWORD });

  /** The e-mail code after the password; answers the code step's and the code's answers. */
  async function emailCode(driver: SignInDriver, uid: string, afterPassword: FlowAnswer) {
    let asked = afterPassword;
    if (asked.status === 'DEVICE_SELECTION_REQUIRED') {
      const email = asked.devices?.find((device) => device.type === 'Email');
      asked = (await driver.post({ action: 'selectDevice' }, { deviceRef: { id: email?.id } }))
        .body;
    }
    expect(asked.status, 'the code is asked').toBe('OTP_REQUIRED');
    const code = await driver.latestCode(`${uid}@example.com`);
    const checked = await driver.post({ action: 'checkOtp' }, { otp: code });
    expect(checked.body.status).toBe('MFA_COMPLETED');
    return asked;
  }

  /** Continue after the second factor, ticked or not; answers the raw response at RESUME. */
  async function continueToResume(driver: SignInDriver, rememberBrowser: boolean) {
    const post = () =>
      driver.browser.fetch(`${FLOW_API_PATH}/${driver.flowId}?action=continueAuthentication`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [XSRF_HEADER]: '1',
          'user-agent': PERSON_RISK_PAYLOAD.userAgent,
        },
        body: JSON.stringify({ rememberBrowser }),
      });
    let response = await post();
    let body = (await response.json()) as FlowAnswer;
    // 'Not now' on the pairing offer carries the same answer.
    if (body.status === 'DEVICE_PAIRING_METHOD_REQUIRED') {
      response = await post();
      body = (await response.json()) as FlowAnswer;
    }
    expect(body.status).toBe('RESUME');
    return { response, body };
  }

  /** A whole sign-in with the e-mail code, "Don't ask again" ticked: answers the token. */
  async function signInRemembering(browser: Browser, uid: string) {
    const { driver } = await upToPassword(browser, uid);
    const asked = await emailCode(driver, uid, (await password(driver, uid)).body);
    expect(asked.rememberBrowserOffered, 'the code step offers "Don\'t ask again"').toBe(true);
    const { response, body } = await continueToResume(driver, true);
    return { driver, response, token: await tokenAfter(driver, body.resumeUrl ?? '') };
  }

  async function tokenAfter(driver: SignInDriver, resumeUrl: string): Promise<string> {
    const landing = await driver.resume(resumeUrl);
    const response = await driver.token(landing.searchParams.get('code') ?? '');
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** Sign Out: the next sign-in of this browser starts from the username again. */
  async function signOut(driver: SignInDriver) {
    expect(await driver.signOut(`${env().origin}/`)).toBe(`${env().origin}/`);
  }

  /** The next sign-in of this browser, up to the answer to the password. */
  async function nextSignIn(browser: Browser, uid: string) {
    const { driver } = await upToPassword(browser, uid);
    return { driver, afterPassword: (await password(driver, uid)).body };
  }

  const listOf = async (browser: Browser, token: string) => {
    const response = await browser.session.fetch(REMEMBERED_BROWSERS_API_PATH, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return rememberedBrowsersResponseSchema.parse(await response.json()).browsers;
  };

  const forget = (browser: Browser, token: string, id: string) =>
    browser.session.fetch(`${REMEMBERED_BROWSERS_API_PATH}/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });

  async function audited(uid: string, type: string) {
    return env()
      .test.handle.db.select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.type, type), eq(auditEvents.userId, await userIdOf(env().test, uid))),
      )
      .orderBy(auditEvents.id);
  }
  return {
    upToPassword,
    password,
    emailCode,
    continueToResume,
    signInRemembering,
    tokenAfter,
    signOut,
    nextSignIn,
    listOf,
    forget,
    audited,
  };
}
