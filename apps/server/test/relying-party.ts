import * as oidc from 'openid-client';
import { expect } from 'vitest';
import type { BrowserSession } from './browser-session';
import { PERSON_RISK_PAYLOAD, type SignInDriver } from './sign-in-driver';

/**
 * openid-client (panva) configured from the server's discovery document, as any relying party
 * would: the test server answers on plain http://localhost, which the library refuses unless told.
 */
export function discoverAs(
  origin: string,
  clientId: string,
  authentication: oidc.ClientAuth = oidc.None(),
): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(origin), clientId, undefined, authentication, {
    execute: [oidc.allowInsecureRequests],
  });
}

/**
 * Follows the browser's redirects until it reaches the redirect URI, and answers that URL: the
 * authorization response exactly as the relying party's callback receives it.
 */
export async function arriveAtRedirectUri(
  browser: BrowserSession,
  start: string | URL,
  redirectUri: string,
): Promise<URL> {
  let url = new URL(start, browser.origin);
  for (let hop = 0; hop < 10; hop += 1) {
    if (`${url.origin}${url.pathname}` === redirectUri) return url;
    const response = await browser.fetch(url.pathname + url.search);
    const location = response.headers.get('location');
    if (!location) throw new Error(`stopped at ${response.status} ${url} before ${redirectUri}`);
    url = new URL(location, url);
  }
  throw new Error(`too many redirects before ${redirectUri}`);
}

/** Opens the authorization URL in the driver's browser, which lands in the login modal's flow. */
export async function openAuthorization(
  driver: SignInDriver,
  authorizationUrl: URL,
): Promise<void> {
  const opened = await driver.browser.fetch(authorizationUrl.pathname + authorizationUrl.search);
  const loginPage = new URL(opened.headers.get('location') ?? '', driver.origin);
  driver.flowId = loginPage.searchParams.get('flowId') ?? '';
  if (!driver.flowId) throw new Error(`no login modal: ${opened.status} ${loginPage}`);
}

/**
 * A person's sign-in (identifier, password, e-mailed code) in the login modal the driver's
 * browser opened (`openAuthorization`); answers the authorization response at the redirect URI.
 */
export async function signInOpened(
  driver: SignInDriver,
  person: { username: string; email: string; password?: string },
): Promise<URL> {
  const { username, email, password = 'Welcome2Bank!' } = person;
  await driver.read();
  await driver.post('submitIdentifier', { identifier: username, riskPayload: PERSON_RISK_PAYLOAD });
  const afterPassword = await driver.post('checkUsernamePassword', { username, password });
  if (afterPassword.body.status === 'DEVICE_SELECTION_REQUIRED') {
    const device = afterPassword.body.devices?.find((candidate) => candidate.type === 'Email');
    await driver.post({ action: 'selectDevice' }, { deviceRef: { id: device?.id } });
  }
  await driver.post({ action: 'checkOtp' }, { otp: await driver.latestCode(email) });
  return arriveAtRedirectUri(driver.browser, await driver.continueToResume(), driver.redirectUri);
}

/**
 * A person's sign-in (identifier, password, e-mailed code) in the login modal the authorization
 * URL opens; answers the authorization response at the redirect URI.
 */
export async function signInAt(
  driver: SignInDriver,
  authorizationUrl: URL,
  person: { username: string; email: string; password?: string },
): Promise<URL> {
  await openAuthorization(driver, authorizationUrl);
  return signInOpened(driver, person);
}

/** The error a promise was refused with (the test fails if it was not refused). */
export async function refusal(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, 'the request was expected to be refused').toBeInstanceOf(Error);
  return error as Record<string, unknown>;
}
