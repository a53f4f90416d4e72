import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCES_API_PATH,
  ACCOUNTS_SCOPE,
  FLOW_API_PATH,
  SCIM_USERS_API_PATH,
  STEP_UP_REQUIRED,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import { accounts, consents, users } from '../src/db/schema';
import { startBankingServer, userIdOf } from './banking-server';
import { BrowserSession } from './browser-session';
import { scimErrorBodySchema } from './error-shapes';
import { afterExpiryOf, atClock, expiryOf } from './expired-token';
import { applicationToken, partnerToken, signedInToken } from './partner-tokens';
import { shopTokenWithProofs } from './pay-by-bank';
import { announcedOidcEndpoints, fastifyRoutes, routeId } from './server-routes';
import { SignInDriver, stepUp, type Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import {
  CALLERS,
  CUSTOMER,
  type Caller,
  type Context,
  OTHER_CUSTOMER,
  type Person,
  type Row,
  UID_OF,
  XSRF,
} from './authorization-matrix';
import { ACCOUNT_SETTINGS_ROWS } from './authorization-rows-account-settings';
import { ASSISTANT_ROWS } from './authorization-rows-assistant';
import { OIDC_ROWS } from './authorization-rows-oidc';
import { OWN_DATA_ROWS } from './authorization-rows-own-data';
import { PAY_BY_BANK_ROWS } from './authorization-rows-pay-by-bank';
import { POLICY_AND_PARTNER_ROWS } from './authorization-rows-policies-and-partners';
import { PUBLIC_ROWS } from './authorization-rows-public';
import { WALLET_ROWS } from './authorization-rows-wallet';

/**
 * Every route of the server × every kind of caller → the status it answers. The routes are read
 * from the running server, so a route without a row fails the test. A row's request acts on the
 * customer's own things (her consent, her accounts, her directory entry): "other customer" is
 * another signed-in customer sending that very request, and must not reach them. "retail shop"
 * is the pay-by-bank shop's own token (client credentials, scope `accounts`), DPoP-bound and
 * sent as `Authorization: DPoP` with a fresh proof: it reads its company's account and nothing
 * else (ADR 0023).
 */

/** Every route's row, in the order the matrix runs them (the customer removed last). */
const ROWS: Row[] = [
  ...PUBLIC_ROWS,
  ...OIDC_ROWS,
  ...OWN_DATA_ROWS,
  ...WALLET_ROWS,
  ...ACCOUNT_SETTINGS_ROWS,
  ...PAY_BY_BANK_ROWS,
  ...POLICY_AND_PARTNER_ROWS,
  ...ASSISTANT_ROWS,
];

/**
 * Routes that have no row, and why. HEAD is Fastify's copy of each GET (same handler, no body);
 * OPTIONS is oidc-provider's CORS preflight, which answers no data.
 */
const EXEMPT_METHODS: Record<string, string> = {
  HEAD: 'served by the GET row’s handler (Fastify exposes HEAD for every GET)',
  OPTIONS: 'CORS preflight of oidc-provider: answers headers, never data',
};

// One database (API_DATABASES): who may call each route: the HTTP guards, not SQL.
describe.each(API_DATABASES)('who may call each route, on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let context: Context;
  const tokens = new Map<Caller, string | null>();
  /** A DPoP proof of the shop's key for a request (the "retail shop" caller's). */
  let shopProof: (method: string, path: string) => Promise<string>;

  async function person(uid: string): Promise<Person> {
    const id = await userIdOf(test, uid);
    const owned = await test.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.ownerId, id))
      .orderBy(accounts.position);
    const [consent] = await test.handle.db
      .select({ id: consents.id })
      .from(consents)
      .where(and(eq(consents.subject, id), eq(consents.definitionId, 'communication')));
    if (!owned[1] || !consent) throw new Error(`${uid} has no accounts or consent`);
    return {
      id,
      uid,
      email: `${uid}@example.com`,
      checkingId: owned[0]!.id,
      savingsId: owned[1].id,
      communicationConsentId: consent.id,
    };
  }

  async function profiles(): Promise<Map<string, Record<string, string[] | null>>> {
    const rows = await test.handle.db.select().from(users);
    const list = (value: string | null) => (value ? [value] : null);
    return new Map(
      rows.map((row) => [
        row.uid,
        {
          givenName: [row.firstName],
          sn: [row.lastName],
          mail: [row.email],
          mobile: list(row.mobile),
          street: list(row.street),
          l: list(row.city),
          postalCode: list(row.postalCode),
        },
      ]),
    );
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    const started = await startBankingServer(test, {
      env: { METRICS: 'on', METRICS_TOKEN: randomBytes(32).toString('base64url') },
    });
    server = started.server;
    const { origin } = started;
    const customerToken = await signedInToken(origin, CUSTOMER);
    tokens.set('no token', null);
    tokens.set('expired token', customerToken);
    tokens.set('customer', customerToken);
    tokens.set('other customer', await signedInToken(origin, OTHER_CUSTOMER));
    tokens.set('AnyWealthAdvisor', await partnerToken(origin, 'AnyWealthAdvisor'));
    tokens.set('AnyMarketing', await partnerToken(origin, 'AnyMarketing'));
    tokens.set('CustomerServiceRep', await partnerToken(origin, 'CustomerServiceRep'));
    tokens.set('client credentials', await applicationToken(origin, server.services.keys.secrets));
    const shop = await shopTokenWithProofs(test, origin, ACCOUNTS_SCOPE);
    tokens.set('retail shop', shop.token);
    shopProof = shop.proof;

    await stepUp(origin, customerToken);
    const pairing = await fetch(new URL(FLOW_API_PATH, origin), {
      method: 'POST',
      headers: { ...XSRF, authorization: `Bearer ${customerToken}` },
    });
    const signIn = new SignInDriver(origin, undefined, new BrowserSession(origin));
    const details = await profiles();
    context = {
      origin,
      customer: await person(CUSTOMER),
      merchantCheckingId: RETAIL_SHOP_COMPANY.accountId,
      pairingFlowId: ((await pairing.json()) as { id: string }).id,
      signInFlowId: await signIn.authorize(),
      profileOf: (caller) => details.get(UID_OF[caller])!,
    };
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function send(row: Row, caller: Caller): Promise<Response> {
    const token = tokens.get(caller) ?? null;
    if (row.stepUpFirst && token && (caller === 'customer' || caller === 'other customer')) {
      await stepUp(context.origin, token);
    }
    const request = row.request(context, token, caller);
    const headers: Record<string, string> = { ...request.headers };
    if (token && row.tokenIn !== 'body' && caller === 'retail shop') {
      headers.authorization = `DPoP ${token}`;
      headers.dpop = await shopProof(request.method ?? row.route.method, request.path);
    } else if (token && row.tokenIn !== 'body') {
      headers.authorization = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    }
    return fetch(new URL(request.path, context.origin), {
      method: request.method ?? row.route.method,
      headers,
      body,
      redirect: 'manual',
    });
  }

  it('has a row for every route the server serves, and no row for a route it does not', async () => {
    const served = fastifyRoutes(server.app);
    const exempt = served.filter((served) => EXEMPT_METHODS[served.method]);
    for (const head of exempt.filter((served) => served.method === 'HEAD')) {
      expect(served.map(routeId)).toContain(routeId({ ...head, method: 'GET' }));
    }
    const oidc = (await announcedOidcEndpoints(context.origin)).map((url) => ({
      method: ROWS.find((row) => row.route.url === url)?.route.method ?? 'an announced endpoint',
      url,
    }));
    const routes = new Set(
      [...served.filter((served) => !EXEMPT_METHODS[served.method]), ...oidc].map(routeId),
    );
    const rows = new Set(ROWS.map((row) => routeId(row.route)));
    expect(
      [...routes].filter((id) => !rows.has(id)),
      'routes without a row',
    ).toEqual([]);
    const oidcPrefixes = ['/as/', '/.well-known/'];
    const stale = [...rows].filter(
      (id) => !routes.has(id) && !oidcPrefixes.some((prefix) => id.includes(` ${prefix}`)),
    );
    expect(stale, 'rows for routes the server does not serve').toEqual([]);
  });

  // Before the matrix: its last row deletes the customer.
  it('takes the customer’s token until its last second, and refuses it a second later', async () => {
    const balances = ROWS.find((row) => row.route.url === BALANCES_API_PATH)!;
    const token = tokens.get('customer')!;
    const lastSecond = new Date(expiryOf(token).getTime() - 1000);
    expect((await atClock(lastSecond, () => send(balances, 'customer'))).status).toBe(200);
    expect((await afterExpiryOf(token, () => send(balances, 'customer'))).status).toBe(401);
  });

  const MATRIX = ROWS.flatMap((row) =>
    CALLERS.map((caller) => ({ row, caller, status: row.answers[caller] })),
  );

  it.each(
    MATRIX.map(
      (cell) => [routeId(cell.row.route), cell.row.name, cell.caller, cell.status, cell] as const,
    ),
  )(
    '%s (%s), called with %s, answers %i',
    async (_route, _name, _caller, status, { row, caller }) => {
      const call = () => send(row, caller);
      const token = tokens.get(caller);
      const response =
        caller === 'expired token' && token ? await afterExpiryOf(token, call) : await call();
      expect(response.status).toBe(status);
      const isOwnApi = !row.route.url.startsWith('/as/') && !row.route.url.startsWith('/.well');
      if (isOwnApi && (status === 401 || status === 403)) {
        // A refusal carries a reason and nothing of anyone's data (SCIM's in RFC 7644's shape).
        const refusal = (await response.json()) as object;
        if (row.route.url.startsWith(SCIM_USERS_API_PATH)) {
          expect(scimErrorBodySchema.parse(refusal)).toMatchObject({ status: String(status) });
        } else {
          // A typed `code` (docs/api-errors.md) may name the reason beside the message; a
          // step-up refusal also names the caller's own kinds of factor and where to start it.
          const extra = (refusal as { code?: string }).code === STEP_UP_REQUIRED;
          expect(
            Object.keys(refusal).filter(
              (key) => key !== 'code' && !(extra && ['methods', 'stepUpPath'].includes(key)),
            ),
          ).toEqual(['message']);
        }
      }
      const body = row.bodies?.[caller];
      if (body) expect(await response.json()).toMatchObject(body);
      // Read to the end, as a client does: an unread answer (the API reference is large) keeps
      // its connection busy, and the server's close would wait for it.
      if (!response.bodyUsed) await response.arrayBuffer();
    },
  );

  it('refuses an application token because no person stands behind it', async () => {
    const response = await send(
      ROWS.find((row) => row.route.url === BALANCES_API_PATH)!,
      'client credentials',
    );
    expect(await response.json()).toEqual({
      code: 'application_token',
      message: 'This service needs the access token of a signed-in user.',
    });
  });
});
