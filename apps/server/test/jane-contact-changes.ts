import { eq } from 'drizzle-orm';
import { orchestrationPaths, outboxResponseSchema } from '@anybank/contracts';
import { contactChanges, mfaDevices, stepUps, users } from '../src/db/schema';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import type { TestDatabase } from './test-database';

/**
 * What the API tests of jane.doe changing her e-mail address or phone share (step-up and
 * contact-takeover): her seeded contact details, the profile update the banking page sends,
 * her sign-in, the outbox, and putting her contacts back between tests (docs/security.md,
 * step-up).
 */

export const JANE = { email: 'jane.doe@example.com', mobile: '+15551234567' };

const COMPANY = 'anybank-demo';

interface PolicyAnswer {
  status: number;
  body: Record<string, unknown> & { code?: string; message?: string };
}

/**
 * The calls these tests make to the server at `origin()` (a getter: the server starts in
 * beforeAll, after the calls are named).
 */
export function janeCalls(origin: () => string) {
  return {
    policy: (policyId: string, body: unknown) => startPolicy(origin(), policyId, body),
    outboxTo: (address: string) => outboxMessages(origin(), address),
    signIn: () => signInJane(origin()),
  };
}

/** Starts an orchestration policy as the banking page does, from a person's browser. */
async function startPolicy(origin: string, policyId: string, body: unknown): Promise<PolicyAnswer> {
  const response = await fetch(new URL(orchestrationPaths.policyStart(COMPANY, policyId), origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PERSON_RISK_PAYLOAD.userAgent },
    body: JSON.stringify(body),
  });
  return answerOf(response);
}

/** A JSON answer's status and body, as the tests compare them. */
export async function answerOf(response: Response): Promise<PolicyAnswer> {
  return { status: response.status, body: (await response.json()) as PolicyAnswer['body'] };
}

/** The profile update's body: jane's seeded profile with this e-mail and mobile ('' for none). */
export const profileBody = (accessToken: string, email: string, mobile = JANE.mobile) => ({
  hostname: 'localhost',
  accessToken,
  rawData: {
    givenName: ['Jane'],
    sn: ['Doe'],
    cn: ['Jane Doe'],
    mail: [email],
    mobile: mobile === '' ? null : [mobile],
    street: ['123 Main Street'],
    l: ['Springfield'],
    postalCode: ['62701'],
  },
});

/** The demo outbox's latest messages to `address`, newest first. */
async function outboxMessages(origin: string, address: string) {
  const response = await fetch(
    new URL(`/api/dev/outbox?to=${encodeURIComponent(address)}&limit=50`, origin),
  );
  return outboxResponseSchema.parse(await response.json()).messages;
}

/** Jane's sign-in (password and e-mail code) in a browser of its own, and its access token. */
async function signInJane(origin: string): Promise<{ driver: SignInDriver; token: string }> {
  const driver = new SignInDriver(origin);
  const landing = await driver.signInWithPasswordAndEmail('jane.doe', JANE.email);
  const response = await driver.token(landing.searchParams.get('code') ?? '');
  return { driver, token: ((await response.json()) as { access_token: string }).access_token };
}

/**
 * Puts jane back as seeded: her e-mail and mobile, her Email and SMS devices only, and no
 * step-up or contact change pending (anyone's).
 */
export async function resetJaneContacts(test: TestDatabase, janeId: string) {
  const db = test.handle.db;
  await db.delete(stepUps);
  await db.delete(contactChanges);
  await db.update(users).set(JANE).where(eq(users.id, janeId));
  await db.delete(mfaDevices).where(eq(mfaDevices.userId, janeId));
  await db.insert(mfaDevices).values([
    { userId: janeId, type: 'Email', name: 'Email', target: JANE.email },
    { userId: janeId, type: 'SMS', name: 'SMS', target: JANE.mobile },
  ]);
}
