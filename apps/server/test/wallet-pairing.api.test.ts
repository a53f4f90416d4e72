import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_HEADER,
  BALANCES_API_PATH,
  OAUTH_PATHS,
  PARTNER_CLIENTS,
  WALLET_CARD_AUDIENCE,
  WALLET_CARD_JWT_TYPE,
  WALLET_CARD_TYPE,
  XSRF_HEADER,
  orchestrationPaths,
  walletCardClaimsSchema,
  walletMessages,
  walletPaths,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import type { Config } from '../src/config';
import { auditEvents, walletPairings } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { apiClient, customerToken, userIdOf } from './banking-server';
import { freePort } from './browser-session';
import { SignInDriver } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

const COMPANY = 'anybank-demo';

interface Answer {
  status: number;
  body: {
    message?: string;
    success?: boolean;
    card?: string;
    additionalProperties?: {
      pairingId?: string;
      qrCode?: string;
      pairingUrl?: string;
      expiresAt?: string;
      status?: string;
    };
  };
}

describe.each(DATABASE_KINDS)('digital-wallet pairing on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  let janeToken: string;
  let emilyToken: string;
  let janeId: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    await seedDemoData(test.handle.db);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    config = testConfig({
      PORT: String(port),
      PUBLIC_URL: origin,
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    server = await buildServer({ config, database: test.handle, webDistDir: '/nonexistent' });
    await server.app.listen({ port, host: '127.0.0.1' });
    janeToken = await customerToken(origin, 'jane.doe');
    emilyToken = await customerToken(origin, 'emily.chen');
    janeId = await userIdOf(test, 'jane.doe');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function policy(
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(
      new URL(orchestrationPaths.policyStart(COMPANY, config.policyIds.WALLET_PAIRING), origin),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
    );
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  const start = (accessToken: string, extra: Record<string, unknown> = {}) =>
    policy({ step: 'start', accessToken, ...extra });
  const status = (accessToken: string, pairingId: string) =>
    policy({ step: 'status', accessToken, pairingId });

  async function redeem(ticket: string, headers: Record<string, string> = { [XSRF_HEADER]: '1' }) {
    const response = await fetch(new URL(walletPaths.cards, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ ticket }),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  /** The ticket in a pairing link, as the phone reads it from the fragment. */
  function ticketOf(pairingUrl: string | undefined): string {
    const fragment = new URL(pairingUrl ?? '').hash.slice(1);
    return new URLSearchParams(fragment).get('walletPairing') ?? '';
  }

  async function startedPairing(accessToken: string) {
    const answer = await start(accessToken);
    expect(answer.status).toBe(200);
    const pairingId = answer.body.additionalProperties?.pairingId ?? '';
    return { pairingId, ticket: ticketOf(answer.body.additionalProperties?.pairingUrl) };
  }

  it("pairs jane's wallet: her link buys one card, signed with the key the bank publishes and naming her", async () => {
    const before = Date.now();
    const answer = await start(janeToken, { subject: janeId });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const started = answer.body.additionalProperties ?? {};
    expect(started.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(started.pairingUrl).toMatch(
      new RegExp(`^${origin}/mobile#walletPairing=[A-Za-z0-9_-]{43}$`),
    );
    const expiresIn = Date.parse(started.expiresAt ?? '') - before;
    expect(expiresIn).toBeGreaterThan(590_000);
    expect(expiresIn).toBeLessThanOrEqual(610_000);
    expect(await status(janeToken, started.pairingId ?? '')).toEqual({
      status: 200,
      body: { additionalProperties: { status: 'PENDING' } },
    });

    const ticket = ticketOf(started.pairingUrl);
    // Only a hash of the ticket is stored: a copy of the table redeems nothing.
    const stored = await test.handle.db
      .select()
      .from(walletPairings)
      .where(eq(walletPairings.id, started.pairingId ?? ''));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(ticket);

    const redeemed = await redeem(ticket);
    expect(redeemed.status).toBe(201);
    const card = redeemed.body.card ?? '';
    const jwks = createRemoteJWKSet(new URL(OAUTH_PATHS.jwks, origin));
    const { payload, protectedHeader } = await jwtVerify(card, jwks, {
      issuer: origin,
      audience: WALLET_CARD_AUDIENCE,
      algorithms: ['ES256'],
      typ: WALLET_CARD_JWT_TYPE,
    });
    expect(protectedHeader.alg).toBe('ES256');
    const claims = walletCardClaimsSchema.parse(payload);
    expect(claims).toMatchObject({
      sub: janeId,
      jti: started.pairingId,
      card_type: WALLET_CARD_TYPE,
      name: 'Jane Doe',
      given_name: 'Jane',
      family_name: 'Doe',
    });
    expect(claims.customer_number).toMatch(/^•{6}\d{4}$/);
    expect(claims.exp - claims.iat).toBe(365 * 24 * 3600);

    expect(await status(janeToken, started.pairingId ?? '')).toEqual({
      status: 200,
      body: { additionalProperties: { status: 'PAIRED' } },
    });
    const audit = await test.handle.db
      .select({ type: auditEvents.type })
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, janeId), eq(auditEvents.type, 'wallet.paired')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a second redemption of the same link, and a link that has expired', async () => {
    const first = await startedPairing(janeToken);
    expect((await redeem(first.ticket)).status).toBe(201);
    expect(await redeem(first.ticket)).toEqual({
      status: 410,
      body: { code: 'wallet_ticket_refused', message: walletMessages.ticketRefused },
    });

    const second = await startedPairing(janeToken);
    await test.handle.db
      .update(walletPairings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletPairings.id, second.pairingId));
    expect((await redeem(second.ticket)).status).toBe(410);
    expect((await status(janeToken, second.pairingId)).body.additionalProperties?.status).toBe(
      'EXPIRED',
    );
  });

  it('redeems a link once even when two phones race for it', async () => {
    const { ticket } = await startedPairing(janeToken);
    const answers = await Promise.all([redeem(ticket), redeem(ticket), redeem(ticket)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410, 410]);
  });

  it("retires the customer's unused link when they ask for a new one", async () => {
    const older = await startedPairing(janeToken);
    const newer = await startedPairing(janeToken);
    expect((await redeem(older.ticket)).status).toBe(410);
    expect((await status(janeToken, older.pairingId)).body.additionalProperties?.status).toBe(
      'EXPIRED',
    );
    expect((await redeem(newer.ticket)).status).toBe(201);
  });

  it('refuses a link that was never issued, and one with a changed character', async () => {
    const { ticket } = await startedPairing(janeToken);
    const changed = `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`;
    expect((await redeem(changed)).status).toBe(410);
    expect((await redeem('not-a-ticket')).status).toBe(400);
    // The right ticket still works: a wrong guess does not burn it.
    expect((await redeem(ticket)).status).toBe(201);
  });

  it('takes a redemption only from a page that sends the anti-forgery header', async () => {
    const { ticket } = await startedPairing(janeToken);
    expect((await redeem(ticket, {})).status).toBe(403);
    expect((await redeem(ticket)).status).toBe(201);
  });

  it("does not let another customer's token start a pairing for jane or read hers", async () => {
    expect(await start(emilyToken, { subject: janeId })).toEqual({
      status: 403,
      body: { code: 'wallet_other_customer', message: walletMessages.otherCustomer },
    });
    const janes = await startedPairing(janeToken);
    expect((await status(emilyToken, janes.pairingId)).status).toBe(404);

    // What emily's own token starts is emily's card, whatever the body says.
    const emilys = await startedPairing(emilyToken);
    const card = (await redeem(emilys.ticket)).body.card ?? '';
    const { payload } = await jwtVerify(
      card,
      createRemoteJWKSet(new URL(OAUTH_PATHS.jwks, origin)),
    );
    expect(payload.sub).toBe(await userIdOf(test, 'emily.chen'));
    expect(payload.name).toBe('Emily Chen');
  });

  it('refuses to start without the customer’s own access token, whatever else the caller holds', async () => {
    expect((await policy({ step: 'start' })).status).toBe(401);
    expect((await start('not.a.token')).status).toBe(401);
    expect(
      (await policy({ step: 'start' }, { [API_KEY_HEADER]: server.services.keys.secrets.apiKey }))
        .status,
    ).toBe(401);
    const widget = await fetch(new URL(orchestrationPaths.widgetToken(COMPANY), origin), {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    const { access_token } = (await widget.json()) as { access_token: string };
    expect((await start(access_token)).status).toBe(401);
    expect(
      (await policy({ step: 'start' }, { authorization: `Bearer ${access_token}` })).status,
    ).toBe(401);
  });

  it('pairs wallets for customers only: an advisor is refused', async () => {
    const driver = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    const landing = await driver.signInWithPasswordAndEmail('amy.davis', 'amy.davis@example.com');
    const { access_token } = (await (
      await driver.token(landing.searchParams.get('code') ?? '')
    ).json()) as { access_token: string };
    expect(await start(access_token)).toEqual({
      status: 403,
      body: { code: 'wallet_customers_only', message: walletMessages.customersOnly },
    });
  });

  it('issues a card that no API takes as an access token', async () => {
    const { ticket } = await startedPairing(janeToken);
    const card = (await redeem(ticket)).body.card ?? '';
    expect(decodeProtectedHeader(card).typ).toBe(WALLET_CARD_JWT_TYPE);
    expect((await apiClient(origin, card)(BALANCES_API_PATH)).status).toBe(401);
    expect((await start(card)).status).toBe(401);
  });
});
