import { eq } from 'drizzle-orm';
import { buildServer } from '../src/app';
import { accounts, users } from '../src/db/schema';
import type { TransferApprovals } from '../src/modules/banking/banking.service';
import type { MethodFactory } from '../src/modules/identity/challenge/challenge-method';
import { seedDemoData } from '../src/seed/seed';
import { freePort } from './browser-session';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import { testConfig } from './test-config';
import type { TestDatabase } from './test-database';

/**
 * A real seeded server on a real port, with the transfer approvals the test decides and, where
 * a test moves time on, the clock it gives.
 */
export async function startBankingServer(
  test: TestDatabase,
  options: {
    approvals?: TransferApprovals;
    env?: Record<string, string>;
    clock?: () => Date;
    /** Ways of proving it is you a test adds (its own method's folder, ADR 0026). */
    challengeMethods?: readonly MethodFactory[];
  } = {},
) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await seedDemoData(test.handle.db);
  const config = testConfig({
    PORT: String(port),
    PUBLIC_URL: origin,
    // Every test signs in several times from one address: measure the API, not the limiter.
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...options.env,
  });
  const server = await buildServer({
    config,
    database: test.handle,
    webDistDir: '/nonexistent',
    transferApprovals: options.approvals,
    clock: options.clock,
    challengeMethods: options.challengeMethods,
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, origin, config, banking: server.services.banking };
}

/** A demo customer's access token, from a real sign-in (password and e-mail code). */
export async function customerToken(origin: string, uid: string): Promise<string> {
  const driver = new SignInDriver(origin);
  const landing = await driver.signInWithPasswordAndEmail(uid, `${uid}@example.com`);
  const response = await driver.token(landing.searchParams.get('code') ?? '');
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no access token for ${uid}: ${response.status}`);
  return body.access_token;
}

/** The id of a seeded user. */
export async function userIdOf(test: TestDatabase, uid: string): Promise<string> {
  const [row] = await test.handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.uid, uid))
    .limit(1);
  if (!row) throw new Error(`no user ${uid}`);
  return row.id;
}

/** A seeded customer signed in for real, with their accounts in position order. */
export async function signedInCustomer(test: TestDatabase, origin: string, uid: string) {
  const id = await userIdOf(test, uid);
  const rows = await test.handle.db
    .select()
    .from(accounts)
    .where(eq(accounts.ownerId, id))
    .orderBy(accounts.position);
  const [checking, savings, visa] = rows.map((row) => row.id) as [string, string, string];
  const token = await customerToken(origin, uid);
  return {
    uid,
    id,
    token,
    call: apiClient(origin, token),
    checking,
    savings,
    visa,
  };
}

/** Calls the API as a browser would, with a bearer token. */
export function apiClient(origin: string, token: string) {
  return (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(new URL(path, origin), {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

/**
 * A transfer's POST as the transfer page sends it (JSON:API, a person's risk data), for
 * `apiClient`'s call to TRANSFERS_API_PATH.
 */
export function transferRequest(from: string | undefined, to: string | undefined, amount: string) {
  return {
    method: 'POST',
    body: {
      data: {
        type: 'transfers',
        attributes: {
          from_account_id: from,
          to_account_id: to,
          amount,
          risk_data: PERSON_RISK_PAYLOAD,
        },
      },
    },
  };
}
