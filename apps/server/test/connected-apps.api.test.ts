import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_DOCS_PATHS,
  BALANCES_API_PATH,
  CONNECTED_APPS_API_PATH,
  OAUTH_CONSENT_API_PATH,
  OAUTH_CONSENT_PAGE_PATH,
  OAUTH_PATHS,
  TRANSFERS_API_PATH,
  XSRF_HEADER,
  connectedAppsResponseSchema,
  consentDecisionResponseSchema,
  consentRequestSchema,
  messages,
  type BrowserClient,
} from '@anybank/contracts';
import { auditEvents } from '../src/db/schema';
import { RETAIL_CLIENT_ID } from '../src/modules/identity/oauth/client-scopes.rules';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import type { BrowserSession } from './browser-session';
import { PERSON_RISK_PAYLOAD, SignInDriver, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/** What the retail checkout asked for in the issue: the bank's own API scopes among them. */
const GREEDY_SCOPE = 'openid profile banking consent';
const RETAIL_CALLBACK = `${testConfig().retailSiteUrl}/callback`;
const RETAIL: BrowserClient = {
  clientId: RETAIL_CLIENT_ID,
  returnPath: '/callback',
  userType: null,
  scopes: GREEDY_SCOPE.split(' '),
};

/** A shopper's browser at the retail checkout, which sends them to the bank to sign in. */
class Shopper extends SignInDriver {
  constructor(origin: string, browser?: BrowserSession) {
    super(origin, RETAIL, browser);
  }

  override get redirectUri() {
    return RETAIL_CALLBACK;
  }

  /** The consent request the page shows, for the interaction named in its URL. */
  consentRequest(page: URL) {
    const query = new URLSearchParams({ interaction: page.searchParams.get('interaction') ?? '' });
    return this.browser.fetch(`${OAUTH_CONSENT_API_PATH}?${query}`);
  }

  /** Answers the consent page; answers where the browser lands in the end. */
  async decide(page: URL, decision: 'allow' | 'deny'): Promise<URL> {
    const response = await this.browser.fetch(OAUTH_CONSENT_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify({ interaction: page.searchParams.get('interaction'), decision }),
    });
    expect(response.status).toBe(200);
    const { redirectTo } = consentDecisionResponseSchema.parse(await response.json());
    return (await this.browser.navigate(redirectTo)).url;
  }

  async accessToken(landing: URL): Promise<{ access_token: string; scope?: string }> {
    const response = await this.token(landing.searchParams.get('code') ?? '');
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; scope?: string };
  }
}

const isConsentPage = (url: URL) => url.pathname === OAUTH_CONSENT_PAGE_PATH;

// One database (API_DATABASES): scopes, consent pages and grants over HTTP, one request at a time.
describe.each(API_DATABASES)('connected apps: scopes and consent on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  /** A signed-in shopper at the consent page: the bank has issued no code to the shop yet. */
  async function shopperAtConsent(uid: string): Promise<{ shopper: Shopper; page: URL }> {
    const shopper = new Shopper(origin);
    const page = await shopper.signInWithPasswordAndEmail(uid, `${uid}@example.com`);
    expect(page.origin).toBe(origin);
    expect(isConsentPage(page)).toBe(true);
    expect(page.searchParams.get('code')).toBeNull();
    return { shopper, page };
  }

  /** The audit events of one type about one user, oldest first. */
  async function audited(uid: string, type: string) {
    return test.handle.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.type, type), eq(auditEvents.userId, await userIdOf(test, uid))))
      .orderBy(auditEvents.id);
  }

  const userinfo = (token: string) =>
    fetch(new URL(OAUTH_PATHS.userinfo, origin), {
      headers: { authorization: `Bearer ${token}` },
    });

  it('tells clients where each one’s scopes are listed, and the reference lists the retail checkout’s', async () => {
    const discovery = (await (await fetch(new URL(OAUTH_PATHS.discovery, origin))).json()) as {
      service_documentation?: string;
      scopes_supported?: string[];
    };
    expect(discovery.service_documentation).toBe(`${origin}/api/docs`);
    const reference = (await (await fetch(new URL(API_DOCS_PATHS.document, origin))).json()) as {
      paths: Record<string, { get?: { description?: string } }>;
    };
    const authorization = reference.paths[OAUTH_PATHS.authorization]?.get?.description ?? '';
    expect(authorization).toContain('| `retail-checkout` | openid profile email | yes |');
    expect(authorization).toContain('dropped');
  });

  it('asks the shopper before any code goes to the retail checkout, listing only what it may have', async () => {
    const { shopper, page } = await shopperAtConsent('jane.doe');
    const response = await shopper.consentRequest(page);
    expect(response.status).toBe(200);
    expect(consentRequestSchema.parse(await response.json())).toEqual({
      clientId: RETAIL_CLIENT_ID,
      appName: 'Retail checkout',
      accountName: 'Jane Doe',
      scopes: ['openid', 'profile'],
    });
  });

  it('drops banking for the retail checkout: its token reads no balances and moves no money', async () => {
    const { shopper, page } = await shopperAtConsent('emily.chen');
    const landing = await shopper.decide(page, 'allow');
    expect(landing.origin + landing.pathname).toBe(RETAIL_CALLBACK);
    expect(landing.searchParams.get('state')).toBe(shopper.pkce.state);

    const tokens = await shopper.accessToken(landing);
    expect(tokens.scope?.split(' ').sort()).toEqual(['openid', 'profile']);
    const asShop = apiClient(origin, tokens.access_token);
    expect([401, 403]).toContain((await asShop(BALANCES_API_PATH)).status);
    const emily = await userIdOf(test, 'emily.chen');
    const transfer = await asShop(TRANSFERS_API_PATH, {
      method: 'POST',
      body: {
        data: {
          type: 'transfers',
          attributes: {
            from_account_id: emily,
            to_account_id: emily,
            amount: 1,
            risk_data: PERSON_RISK_PAYLOAD,
          },
        },
      },
    });
    expect([401, 403]).toContain(transfer.status);
    // What it may have, it has: the shopper's name at userinfo.
    expect(await (await userinfo(tokens.access_token)).json()).toMatchObject({
      given_name: 'Emily',
    });
  });

  it('still gives the bank’s own site its scopes, with no consent page', async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    // Back at the bank's own site with its code: no consent page on the way.
    expect(landing.origin).toBe(origin);
    expect(isConsentPage(landing)).toBe(false);
    expect(landing.searchParams.get('code')).toBeTruthy();
    const tokens = (await (await driver.token(landing.searchParams.get('code') ?? '')).json()) as {
      access_token: string;
    };
    expect(String(decodeJwt(tokens.access_token).scope).split(' ').sort()).toEqual([
      'banking',
      'consent',
    ]);
    expect((await apiClient(origin, tokens.access_token)(BALANCES_API_PATH)).status).toBe(200);
  });

  it('does not ask again once allowed: in the same session, nor at the next sign-in', async () => {
    const { shopper, page } = await shopperAtConsent('michael.brown');
    await shopper.decide(page, 'allow');

    const again = new Shopper(origin, shopper.browser);
    const silent = await again.browser.navigate(again.authorizeUrl());
    expect(silent.url.origin + silent.url.pathname).toBe(RETAIL_CALLBACK);
    expect(silent.url.searchParams.get('code')).toBeTruthy();

    const elsewhere = new Shopper(origin);
    const landing = await elsewhere.signInWithPasswordAndEmail(
      'michael.brown',
      'michael.brown@example.com',
    );
    expect(landing.origin + landing.pathname).toBe(RETAIL_CALLBACK);
    expect(landing.searchParams.get('code')).toBeTruthy();
  });

  it('gives access_denied to the retail checkout when the shopper does not allow it', async () => {
    const { shopper, page } = await shopperAtConsent('john.smith');
    const landing = await shopper.decide(page, 'deny');
    expect(landing.origin + landing.pathname).toBe(RETAIL_CALLBACK);
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(landing.searchParams.get('code')).toBeNull();
    expect(await audited('john.smith', 'oauth.consent_refused')).toEqual([
      { details: { clientId: RETAIL_CLIENT_ID } },
    ]);
    // Nothing remembered: the next authorization asks again.
    const next = await shopper.browser.navigate(
      new Shopper(origin, shopper.browser).authorizeUrl(),
    );
    expect(isConsentPage(next.url)).toBe(true);
  });

  it('answers prompt=none without a consent with consent_required, issuing no code', async () => {
    const { shopper } = await shopperAtConsent('sofia.garcia');
    const silent = await shopper.browser.navigate(
      new Shopper(origin, shopper.browser).authorizeUrl({ prompt: 'none' }),
    );
    expect(silent.url.origin + silent.url.pathname).toBe(RETAIL_CALLBACK);
    expect(silent.url.searchParams.get('error')).toBe('consent_required');
    expect(silent.url.searchParams.get('code')).toBeNull();
  });

  it('shows a consent request only to the browser that holds it', async () => {
    const { page } = await shopperAtConsent('jane.doe');
    const stranger = new Shopper(origin);
    const response = await stranger.consentRequest(page);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      code: 'consent_request_not_found',
      message: messages.connectedApps.requestEnded,
    });
    const decision = await stranger.browser.fetch(OAUTH_CONSENT_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify({
        interaction: page.searchParams.get('interaction'),
        decision: 'allow',
      }),
    });
    expect(decision.status).toBe(404);
  });

  it('lists the retail checkout under Connected apps; Revoke ends its tokens at once and the next sign-in asks again', async () => {
    const { shopper, page } = await shopperAtConsent('david.wilson');
    const shopToken = (await shopper.accessToken(await shopper.decide(page, 'allow'))).access_token;
    expect((await userinfo(shopToken)).status).toBe(200);

    const asCustomer = apiClient(origin, await customerToken(origin, 'david.wilson'));
    const listed = connectedAppsResponseSchema.parse(
      await (await asCustomer(CONNECTED_APPS_API_PATH)).json(),
    );
    expect(listed.apps).toEqual([
      expect.objectContaining({
        clientId: RETAIL_CLIENT_ID,
        name: 'Retail checkout',
        scopes: ['openid', 'profile'],
      }),
    ]);

    const revoked = await asCustomer(`${CONNECTED_APPS_API_PATH}/${RETAIL_CLIENT_ID}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);
    expect((await userinfo(shopToken)).status).toBe(401);
    expect(
      connectedAppsResponseSchema.parse(await (await asCustomer(CONNECTED_APPS_API_PATH)).json())
        .apps,
    ).toEqual([]);

    // Even in the session the shopper is still signed in with, the shop must ask again.
    const next = await shopper.browser.navigate(
      new Shopper(origin, shopper.browser).authorizeUrl(),
    );
    expect(isConsentPage(next.url)).toBe(true);

    const twice = await asCustomer(`${CONNECTED_APPS_API_PATH}/${RETAIL_CLIENT_ID}`, {
      method: 'DELETE',
    });
    expect(twice.status).toBe(404);
    expect(await audited('david.wilson', 'oauth.consent_given')).toEqual([
      { details: { clientId: RETAIL_CLIENT_ID, scopes: ['openid', 'profile'] } },
    ]);
    expect(await audited('david.wilson', 'oauth.app_revoked')).toEqual([
      { details: { clientId: RETAIL_CLIENT_ID, grantsEnded: 1 } },
    ]);
    expect(await twice.json()).toMatchObject({ code: 'app_not_connected' });
  });
});
