import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSPECTOR_PATH,
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_SHOP_CLIENT_ID,
  XSRF_HEADER,
  apiErrorMessage,
  credentialAddressSchema,
  credentialRevocationPath,
  issuedCredentialsResponseSchema,
  vcPaths,
  walletCheckPath,
  walletCheckPaths,
  walletCheckResultSchema,
  type ApiErrorCode,
  type PresentationPurpose,
  type WalletCheckResult,
} from '@anybank/contracts';
import { auditEvents } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer } from './banking-server';
import { BrowserSession } from './browser-session';
import type { Server } from './sign-in-driver';
import { issueCredential, newHolderKey, type HolderKey } from './credential-wallet';
import { signCredential, presentCredential, testKey } from './sd-jwt-holder';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';
import {
  answerWalletRequest as answer,
  startWalletRequest,
  vpToken,
  type WalletRequest,
} from './test-wallet';

// The retail shop verifies presentations from the customer's wallet (OpenID4VP 1.0, ADR 0027)
// through its real routes: the test plays the shopper's browser and the wallet, which holds
// credentials the bank issued to jane through its real OpenID4VCI endpoints; the shop reads the
// bank's published key and status list over HTTP. A test issuer forges the one credential the
// bank did not sign. HTTP behaviour, so the one API database: answering once on both engines is
// the store's test (wallet-check.store.test.ts).
const JANE_MOBILE = '+15551234567';

describe.each(API_DATABASES)('the retail shop’s wallet checks on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let token: string;
  let holder: HolderKey;
  /** Jane's verified-customer credential, which most checks present. */
  let credential: string;
  /** How far the server's clock is ahead of the test's (the expiry test moves it). */
  let ahead = 0;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test, {
      clock: () => new Date(Date.now() + ahead),
    }));
    token = await customerToken(origin, 'jane.doe');
    holder = await newHolderKey();
    credential = await issueCredential(origin, token, JANE_MOBILE, holder);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const startCheck = (purpose: PresentationPurpose, browser = new BrowserSession(origin)) =>
    startWalletRequest(test, origin, purpose, browser);

  async function resultOf(request: WalletRequest): Promise<WalletCheckResult> {
    const read = await request.browser.fetch(
      walletCheckPath(walletCheckPaths.result, request.checkId),
    );
    expect(read.status).toBe(200);
    return walletCheckResultSchema.parse(await read.json());
  }

  /** A credential the bank did not sign: another key under the bank's published kid. */
  async function forgedCredential(): Promise<string> {
    const published = await fetch(`${origin}${vcPaths.issuerKeys}`);
    const { jwks } = (await published.json()) as { jwks: { keys: { kid: string }[] } };
    return signCredential(origin, await testKey(jwks.keys[0]?.kid), holder);
  }

  /** A presentation of jane's credential, as the wallet makes it for a request. */
  async function presentation(
    request: WalletRequest,
    options: { claims?: string[]; aud?: string; nonce?: string; iat?: number; forged?: true } = {},
  ) {
    const presented = options.forged ? await forgedCredential() : credential;
    const made = await presentCredential(presented, holder, options.claims ?? request.claims, {
      aud: options.aud ?? RETAIL_SHOP_CLIENT_ID,
      nonce: options.nonce ?? request.nonce,
      ...(options.iat === undefined ? {} : { iat: options.iat }),
    });
    return { presentation: made };
  }

  async function auditOf(checkId: string) {
    return test.handle.db
      .select({
        type: auditEvents.type,
        details: auditEvents.details,
        inspectorId: auditEvents.inspectorId,
      })
      .from(auditEvents)
      .where(sql`${auditEvents.details}->>'checkId' = ${checkId}`);
  }

  /** The shop refuses the answer with `code`, and the browser's result says so, in words. */
  async function expectRefused(request: WalletRequest, posted: Response, code: ApiErrorCode) {
    expect(posted.status).toBe(400);
    expect(await posted.json()).toMatchObject({ code });
    const result = await resultOf(request);
    expect(result).toMatchObject({
      status: 'refused',
      disclosed: null,
      refusal: { code, message: apiErrorMessage(code as never) },
    });
    expect(result.checks.at(-1)?.passed).toBe(false);
    expect(await auditOf(request.checkId)).toEqual([
      expect.objectContaining({
        type: 'shop.wallet_check_refused',
        details: expect.objectContaining({ code }),
      }),
    ]);
  }

  it('verifies the age of a customer who shares only age_over_18, tells the starting browser alone, and counts an answer once', async () => {
    const request = await startCheck('age');
    expect(request.claims).toEqual(['age_over_18']);
    expect(await resultOf(request)).toMatchObject({
      status: 'pending',
      disclosed: null,
      checks: [],
    });
    const { presentation: made } = await presentation(request);

    const posted = await answer(request, { vp_token: vpToken(made), state: request.state });
    expect(posted.status).toBe(200);
    const result = await resultOf(request);
    expect(result).toMatchObject({
      status: 'verified',
      disclosed: { age_over_18: true },
      refusal: null,
    });
    expect(result.checks.every((check) => check.passed)).toBe(true);
    expect(result.checks.map((check) => check.name)).toContain(
      'AnyBank has not revoked the credential (its status list)',
    );

    const [event] = await auditOf(request.checkId);
    expect(event).toMatchObject({
      type: 'shop.wallet_check_verified',
      details: {
        purpose: 'age',
        requestedClaims: ['age_over_18'],
        disclosedClaims: ['age_over_18'],
        withheldClaims: ['given_name', 'family_name', 'birthdate', 'address', 'verification_level'],
      },
    });

    // A replayed answer changes nothing: the check was answered.
    const replayed = await answer(request, { vp_token: vpToken(made), state: request.state });
    expect(replayed.status).toBe(409);
    expect(await replayed.json()).toMatchObject({ code: 'wallet_check_answered' });
    expect(await resultOf(request)).toEqual(result);
    expect(await auditOf(request.checkId)).toHaveLength(1);
    // The request object is not served again.
    expect(
      (await fetch(`${origin}${walletCheckPath(walletCheckPaths.requestObject, request.checkId)}`))
        .status,
    ).toBe(409);

    // Another browser does not read the result.
    const stranger = await new BrowserSession(origin).fetch(
      walletCheckPath(walletCheckPaths.result, request.checkId),
    );
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'wallet_check_unknown' });
  });

  it('fills a delivery address from the name and address shared, and nothing more', async () => {
    const request = await startCheck('delivery');
    expect(request.claims).toEqual(['given_name', 'family_name', 'address']);
    const { presentation: made } = await presentation(request);
    expect((await answer(request, { vp_token: vpToken(made), state: request.state })).status).toBe(
      200,
    );
    const result = await resultOf(request);
    expect(result).toMatchObject({
      status: 'verified',
      disclosed: { given_name: 'Jane', family_name: 'Doe' },
    });
    // Jane's address as the bank holds it, and no claim beside the three asked for.
    expect(credentialAddressSchema.safeParse(result.disclosed?.address).success).toBe(true);
    expect(Object.keys(result.disclosed ?? {}).sort()).toEqual([
      'address',
      'family_name',
      'given_name',
    ]);
  });

  it('records a customer who declines on the phone as declined, in the shopper’s “Behind the scenes”', async () => {
    // The shopper's browser watches its panel; the answer comes from the phone, yet its event
    // belongs to the panel of the browser that asked.
    const browser = new BrowserSession(origin);
    const opened = await browser.fetch(INSPECTOR_PATH, {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    expect(opened.status).toBe(201);
    const request = await startCheck('age', browser);
    const posted = await answer(request, { error: 'access_denied', state: request.state });
    expect(posted.status).toBe(200);
    expect(await resultOf(request)).toMatchObject({
      status: 'declined',
      disclosed: null,
      refusal: null,
    });
    const [declined] = await auditOf(request.checkId);
    expect(declined?.type).toBe('shop.wallet_check_declined');
    expect(declined?.inspectorId).toEqual(expect.any(String));
  });

  it('refuses a presentation that shares a claim not asked for (the birthdate with the age)', async () => {
    const request = await startCheck('age');
    const { presentation: made } = await presentation(request, {
      claims: ['age_over_18', 'birthdate'],
    });
    await expectRefused(
      request,
      await answer(request, { vp_token: vpToken(made), state: request.state }),
      'wallet_check_not_requested_claim',
    );
  });

  it('refuses a presentation made for another verifier', async () => {
    const request = await startCheck('age');
    const { presentation: made } = await presentation(request, { aud: 'another-shop' });
    await expectRefused(
      request,
      await answer(request, { vp_token: vpToken(made), state: request.state }),
      'wallet_check_wrong_audience',
    );
  });

  it('refuses a key-binding proof older than 5 minutes', async () => {
    const request = await startCheck('age');
    const { presentation: made } = await presentation(request, {
      iat: Math.floor(Date.now() / 1000) - 301,
    });
    await expectRefused(
      request,
      await answer(request, { vp_token: vpToken(made), state: request.state }),
      'wallet_check_stale_proof',
    );
  });

  it('refuses a presentation made for another request’s nonce', async () => {
    const request = await startCheck('age');
    const other = await startCheck('age');
    const { presentation: made } = await presentation(request, { nonce: other.nonce });
    await expectRefused(
      request,
      await answer(request, { vp_token: vpToken(made), state: request.state }),
      'wallet_check_nonce_mismatch',
    );
  });

  it('refuses a credential not signed by the bank’s published key', async () => {
    const request = await startCheck('age');
    const { presentation: made } = await presentation(request, { forged: true });
    await expectRefused(
      request,
      await answer(request, { vp_token: vpToken(made), state: request.state }),
      'wallet_check_bad_signature',
    );
  });

  it('ignores an answer with another state, which leaves the check waiting', async () => {
    const request = await startCheck('age');
    const { presentation: made } = await presentation(request);
    const posted = await answer(request, { vp_token: vpToken(made), state: 'guessed' });
    expect(posted.status).toBe(400);
    expect(await posted.json()).toMatchObject({ code: 'wallet_check_state_mismatch' });
    expect(await resultOf(request)).toMatchObject({ status: 'pending' });
    expect((await answer(request, { vp_token: vpToken(made), state: request.state })).status).toBe(
      200,
    );
  });

  it('lets a cart with camping stove fuel go to the bank only with this browser’s verified age check', async () => {
    const checkout = (browser: BrowserSession, ageCheckId?: string) =>
      browser.fetch(RETAIL_CHECKOUT_API_PATH, {
        method: 'POST',
        headers: { [XSRF_HEADER]: '1', 'content-type': 'application/json' },
        body: JSON.stringify({
          items: ['merino-socks', 'camping-stove-fuel'],
          ...(ageCheckId ? { ageCheckId } : {}),
        }),
      });
    const request = await startCheck('age');
    // Not yet verified, or no check at all: refused.
    for (const refused of [
      await checkout(request.browser),
      await checkout(request.browser, request.checkId),
    ]) {
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'retail_age_check_required' });
    }
    const { presentation: made } = await presentation(request);
    expect((await answer(request, { vp_token: vpToken(made), state: request.state })).status).toBe(
      200,
    );
    // Another browser cannot borrow this browser's verified check.
    const borrowed = await checkout(new BrowserSession(origin), request.checkId);
    expect(borrowed.status).toBe(403);
    const paying = await checkout(request.browser, request.checkId);
    expect(paying.status).toBe(200);
    expect(await paying.json()).toMatchObject({ redirectTo: expect.stringContaining('/as/auth') });
  });

  it('ends a request after 5 minutes: the wallet can neither read nor answer it, and the page reads expired', async () => {
    const request = await startCheck('age');
    const { presentation: made } = await presentation(request);
    ahead = 301_000;
    try {
      const requestObject = await fetch(
        `${origin}${walletCheckPath(walletCheckPaths.requestObject, request.checkId)}`,
      );
      expect(requestObject.status).toBe(410);
      const posted = await answer(request, { vp_token: vpToken(made), state: request.state });
      expect(posted.status).toBe(410);
      expect(await posted.json()).toMatchObject({ code: 'wallet_check_expired' });
      expect(await resultOf(request)).toMatchObject({ status: 'expired', disclosed: null });
    } finally {
      ahead = 0;
    }
    expect(await auditOf(request.checkId)).toEqual([]);
  });

  it('refuses a revoked credential', async () => {
    const request = await startCheck('age');
    // A credential of its own, in a wallet of its own (another key), which jane then revokes
    // at the bank ("Revoke" on the Digital Wallet page): the status list's bit is set.
    const call = apiClient(origin, token);
    const ids = async () =>
      issuedCredentialsResponseSchema
        .parse(await (await call(vcPaths.credentials)).json())
        .credentials.map((issued) => issued.id);
    const before = await ids();
    const ownHolder = await newHolderKey();
    const own = await issueCredential(origin, token, JANE_MOBILE, ownHolder);
    const [ownId = ''] = (await ids()).filter((id) => !before.includes(id));
    const made = await presentCredential(own, ownHolder, request.claims, {
      aud: RETAIL_SHOP_CLIENT_ID,
      nonce: request.nonce,
    });
    expect((await call(credentialRevocationPath(ownId), { method: 'POST' })).status).toBe(200);
    // The credential the other checks present is still good.
    const other = await startCheck('age');
    const { presentation: still } = await presentation(other);
    expect((await answer(other, { vp_token: vpToken(still), state: other.state })).status).toBe(
      200,
    );
    await expectRefused(
      request,
      await answer(request, { vp_token: vpToken(made), state: request.state }),
      'wallet_check_revoked',
    );
  });
});
