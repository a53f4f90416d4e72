import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import {
  PUBLIC_CONFIG_META_NAME,
  XSRF_HEADER,
  orchestrationPaths,
  readPublicConfig,
  registrationResponseSchema,
  widgetTokenResponseSchema,
  type PublicConfig,
} from '@anybank/contracts';
import { Mailbox, type DemoUser } from './sign-in';

/**
 * Customers of the journeys' own: a journey that changes a customer's sign-in methods (pairs a
 * device, activates the phone app) registers a new customer first, so that no seeded demo user
 * changes under another spec and no journey depends on another's order.
 */

export interface NewCustomer extends DemoUser {
  firstName: string;
  lastName: string;
  password: string;
}

/** Strong enough for the new-password check (zxcvbn score 4, nothing of the customer's). */
export const NEW_CUSTOMER_PASSWORD = 'Quiet.Maple.Lantern7';

/** A short random suffix: base 36, so it stays inside the username rule (a-z, 0-9, '.'). */
function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomInt(36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
}

/**
 * What a new visitor types into the registration form: a username unique to this run (3-32
 * characters: `label` plus a suffix), an e-mail address of their own at example.com, names of
 * letters only, and a password of their own: a new password may not be the published demo one;
 * `signIn` types `password` for them.
 */
export function newCustomerDetails(label: string): NewCustomer {
  const username = `${label}.${uniqueSuffix()}`;
  expect(username.length, `username ${username}`).toBeLessThanOrEqual(32);
  return {
    username,
    userType: 'customer',
    email: `${username}@example.com`,
    firstName: 'Robin',
    lastName: 'Tester',
    password: NEW_CUSTOMER_PASSWORD,
  };
}

/** Decodes the five entities the server escapes (apps/server/src/http/html.ts). */
function decodeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The public configuration the server writes into index.html (company and policy ids). */
export async function publicConfigOf(request: APIRequestContext): Promise<PublicConfig> {
  const response = await request.get('/');
  expect(response.status(), 'GET /').toBe(200);
  const html = await response.text();
  const meta = new RegExp(`<meta name="${PUBLIC_CONFIG_META_NAME}" content="([^"]*)">`).exec(html);
  expect(meta, `<meta name="${PUBLIC_CONFIG_META_NAME}"> in index.html`).not.toBeNull();
  return readPublicConfig(JSON.parse(decodeAttribute(meta![1]!)));
}

/**
 * Registers a new customer through the registration policy, with the very calls the Sign Up
 * widget makes (a widget token, `start`, then `verify` with the code e-mailed to them). The
 * customer has one sign-in method, their e-mail, so the pairing offer follows their sign-in.
 * registration.spec.ts walks the same way through the Sign Up modal.
 */
export async function registerCustomer(
  request: APIRequestContext,
  label: string,
): Promise<NewCustomer> {
  const customer = newCustomerDetails(label);
  const config = await publicConfigOf(request);

  const tokenResponse = await request.post(orchestrationPaths.widgetToken(config.companyId), {
    headers: { [XSRF_HEADER]: '1' },
  });
  expect(tokenResponse.status(), 'POST widget-token').toBe(200);
  const token = widgetTokenResponseSchema.parse(await tokenResponse.json()).access_token;

  const startPolicy = async (body: Record<string, unknown>) => {
    const response = await request.post(
      orchestrationPaths.policyStart(config.companyId, config.policyIds.registration),
      { headers: { Authorization: `Bearer ${token}` }, data: body },
    );
    expect(response.status(), `registration ${String(body.step)}: ${await response.text()}`).toBe(
      200,
    );
    return registrationResponseSchema.parse(await response.json());
  };

  const mailbox = await Mailbox.open(request, customer.email);
  const started = await startPolicy({
    step: 'start',
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    username: customer.username,
    password: customer.password,
  });
  if (started.status !== 'VERIFICATION_REQUIRED') {
    throw new Error(`The registration's start answered ${started.status}`);
  }

  const verified = await startPolicy({
    step: 'verify',
    registrationId: started.registrationId,
    code: await mailbox.readNewCode(),
  });
  expect(verified).toEqual({ status: 'COMPLETED', username: customer.username });
  return customer;
}
