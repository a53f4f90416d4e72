import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_API_PATH, TRANSFERS_API_PATH, XSRF_HEADER } from '@anybank/contracts';
import { buildServer } from '../src/app';
import { accounts } from '../src/db/schema';
import { apiClient, transferRequest, userIdOf } from './banking-server';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { testConfig } from './test-config';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';

/**
 * GET /metrics (README "Metrics"), scraped as Prometheus would, moves with what the bank does: a
 * sign-in, a refused password, a transfer; off it is not there, and with a token only its
 * bearer reads it.
 */
const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

/** The value of one series in a scrape (0 when it is not there yet). */
function valueOf(scrape: string, series: string): number {
  const line = scrape.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(API_DATABASES)('GET /metrics on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startSignInServer(test, { METRICS: 'on', METRICS_TOKEN: TOKEN }));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function scrape(): Promise<string> {
    const response = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  it('counts a sign-in by its factors, its risk level and its requests by route, never by raw URL', async () => {
    const before = await scrape();
    // As the sign-in page does before the username step: the evaluation the person sees.
    const risk = await fetch(`${origin}/api/riskEvaluation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify({ username: 'jane.doe', riskPayload: PERSON_RISK_PAYLOAD }),
    });
    expect(risk.status).toBe(200);
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    expect(landing.searchParams.get('code')).toBeTruthy();
    const after = await scrape();

    const moved = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(moved('anybank_sign_ins_started_total{method="username"}')).toBe(1);
    expect(moved('anybank_sign_ins_completed_total{factors="otp+pwd"}')).toBe(1);
    expect(moved('anybank_risk_evaluations_total{level="LOW"}')).toBe(1);
    expect(moved('anybank_sign_ins_failed_total{factor="password"}')).toBe(0);
    const flowStep = `method="POST",route="${FLOW_API_PATH}/:flowId",status_code="200"`;
    expect(moved(`anybank_http_requests_total{${flowStep}}`)).toBeGreaterThanOrEqual(3);
    expect(
      moved(
        `anybank_http_request_duration_seconds_count{method="POST",route="${FLOW_API_PATH}/:flowId"}`,
      ),
    ).toBeGreaterThanOrEqual(3);
    // The OAuth server's endpoints too, though oidc-provider serves them outside Fastify.
    expect(
      moved(
        'anybank_http_requests_total{method="GET",route="/as/authorization.oauth2/*",status_code="303"}',
      ),
    ).toBe(1);
    expect(after).not.toContain(driver.flowId);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    // PostgreSQL's pool is reported; PGlite has none (one connection inside the process).
    expect(after.includes('anybank_db_pool_connections{state="max"}')).toBe(kind === 'postgres');
  });

  it('counts a refused password as a failed factor, and a transfer by its outcome', async () => {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', {
      identifier: 'emily.chen',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const before = await scrape();
    const refused = await driver.post('checkUsernamePassword', {
      username: 'emily.chen',
      password: 'not her password',
    });
    expect(refused.status).toBe(401);
    const afterPassword = await scrape();
    expect(
      valueOf(afterPassword, 'anybank_sign_ins_failed_total{factor="password"}') -
        valueOf(before, 'anybank_sign_ins_failed_total{factor="password"}'),
    ).toBe(1);

    const signedIn = new SignInDriver(origin);
    const landing = await signedIn.signInWithPasswordAndEmail(
      'emily.chen',
      'emily.chen@example.com',
    );
    const token = (await (await signedIn.token(landing.searchParams.get('code') ?? '')).json()) as {
      access_token: string;
    };
    const [checking, savings] = await test.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.ownerId, await userIdOf(test, 'emily.chen')))
      .orderBy(asc(accounts.position));
    const beforeTransfer = await scrape();
    const moved = await apiClient(origin, token.access_token)(
      TRANSFERS_API_PATH,
      transferRequest(checking?.id, savings?.id, '1.00'),
    );
    expect(moved.status).toBe(204);
    const confirmed = 'anybank_transfers_total{outcome="confirmed"}';
    expect(valueOf(await scrape(), confirmed) - valueOf(beforeTransfer, confirmed)).toBe(1);
  });

  it('refuses a scrape without the token or with a wrong one, 401 with its code', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ] as Record<string, string>[]) {
      const response = await fetch(`${origin}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'metrics_token_required' });
    }
  });

  it('is not there with METRICS off (404 like any unknown address), and open to anyone with METRICS=on and no token', async () => {
    for (const [env, status] of [
      [{}, 404],
      [{ METRICS: 'on' }, 200],
    ] as const) {
      const other = await buildServer({
        config: testConfig(env),
        database: test.handle,
        webDistDir: '/nonexistent',
      });
      try {
        const response = await other.app.inject({ url: '/metrics' });
        expect(response.statusCode).toBe(status);
        if (status === 404) expect(response.json()).toMatchObject({ code: 'not_found' });
        else expect(response.body).toContain('anybank_sign_ins_completed_total');
      } finally {
        await other.app.close();
      }
    }
  });
});
