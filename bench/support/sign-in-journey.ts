// One complete sign-in as the benchmarks drive it (login.bench.ts, behind-the-scenes.bench.ts):
// authorization request, identifier, password, the e-mailed code read from the outbox, resume,
// pickup and the code exchanged for a token, each step timed.
import { DEMO_PASSWORD } from '@anybank/contracts';
import { PERSON_RISK_PAYLOAD, SignInDriver } from '../../apps/server/test/sign-in-driver';
import type { BenchCustomer } from './bench-customers';

export const STEPS = [
  'authorization request',
  'identifier',
  'password',
  'read the e-mail (outbox)',
  'e-mail code',
  'resume to the bank',
  'pickup',
  'token',
] as const;
export type Step = (typeof STEPS)[number];

function expectStatus(status: number, expected: number, what: string) {
  if (status !== expected) throw new Error(`${what} answered ${status}, not ${expected}`);
}

/** One whole sign-in of `customer`, each step's duration added to `durations`. */
export async function signIn(
  origin: string,
  customer: BenchCustomer,
  durations: Map<Step, number[]>,
  /** A "Behind the scenes" panel's cookie (name and value): the sign-in is watched by it. */
  panel?: { name: string; value: string },
) {
  const timed = async <T>(step: Step, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    durations.get(step)?.push(performance.now() - started);
    return result;
  };
  const driver = new SignInDriver(origin);
  if (panel) driver.browser.holdCookie(panel.name, panel.value);
  await timed('authorization request', () => driver.authorize());
  await timed('identifier', async () => {
    expectStatus((await driver.read()).status, 200, 'reading the flow');
    const answer = await driver.post('submitIdentifier', {
      identifier: customer.uid,
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    expectStatus(answer.status, 200, 'the identifier');
  });
  await timed('password', async () => {
    const answer = await driver.post('checkUsernamePassword', {
      username: customer.uid,
      password: DEMO_PASSWORD,
    });
    expectStatus(answer.status, 200, 'the password');
  });
  const code = await timed('read the e-mail (outbox)', () => driver.latestCode(customer.email));
  await timed('e-mail code', async () => {
    const answer = await driver.post({ action: 'checkOtp' }, { otp: code });
    expectStatus(answer.status, 200, 'the code');
  });
  const landing = await timed('resume to the bank', async () => {
    const resumeUrl = await driver.continueToResume();
    if (!resumeUrl) throw new Error('the flow gave no resume URL');
    return driver.resume(resumeUrl);
  });
  await timed('pickup', async () => {
    const response = await driver.pickup(landing);
    await response.arrayBuffer();
    expectStatus(response.status, 200, 'the pickup');
  });
  await timed('token', async () => {
    const response = await driver.token(landing.searchParams.get('code') ?? '');
    await response.arrayBuffer();
    expectStatus(response.status, 200, 'the token request');
  });
}
