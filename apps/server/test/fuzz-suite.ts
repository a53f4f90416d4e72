/* eslint-disable @typescript-eslint/no-non-null-assertion -- the fuzz test's own code, moved
   out of fuzz.api.test.ts to be shared by its shards: test code, where eslint.config allows it. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_DOCS_PATHS,
  ACCOUNTS_SCOPE,
  PAYMENTS_SCOPE,
  OAUTH_PATHS,
  orchestrationPaths,
  widgetTokenResponseSchema,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import { accounts, consents } from '../src/db/schema';
import { LOGOUT_SCRIPT_PATH } from '../src/modules/identity/oauth/oidc.pages';
import { startBankingServer, userIdOf } from './banking-server';
import { BrowserSession } from './browser-session';
import { ERROR_SCHEMAS } from './error-shapes';
import { partnerToken, signedInToken } from './partner-tokens';
import { announcedOidcEndpoints, fastifyRoutes, routeId } from './server-routes';
import { SignInDriver, type Server } from './sign-in-driver';
import { createConsent, shopOf, shopTokenWithProofs } from './pay-by-bank';
import { presenterCookie } from './presenter';
import { storedState } from './stored-state';
import {
  API_DATABASES,
  createTestDatabase,
  DATABASE_KINDS,
  type DatabaseKind,
  type TestDatabase,
} from './test-database';
import { ACCOUNT_SETTINGS_TARGETS } from './fuzz-account-settings-targets';
import { ASSISTANT_TARGETS } from './fuzz-assistant-targets';
import { OAUTH_AND_PAYMENT_TARGETS } from './fuzz-oauth-and-payment-targets';
import { POLICY_TARGETS } from './fuzz-policy-targets';
import { READ_TARGETS } from './fuzz-read-targets';
import { SIGN_IN_TARGETS } from './fuzz-sign-in-targets';
import { CUSTOMER, type Call, type Context, type Target, XSRF, build, config } from './fuzz-target';
import { WRITE_TARGETS } from './fuzz-write-targets';
import { WALLET_TARGETS } from './fuzz-wallet-targets';

/**
 * Every JSON endpoint gets FUZZ_RUNS (1,000 by default) generated requests, each with a hostile
 * body, query string and headers at once, and a good token where the endpoint wants one so that
 * the input is checked rather than only the token. None may answer 5xx, every refusal is in the
 * endpoint's documented error shape (docs/api-errors.md), and nothing stored changes: each body
 * is broken in a field the endpoint cannot do without, so a careful server refuses it whole.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** A failure prints its seed: FUZZ_SEED=<seed> replays the same requests. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * Counted per request, not anyone's data: the rate limiter's shared counters rise with every
 * call, refused or not; and a session's "last active" moves on (at most once a minute) with
 * every call its token makes.
 */
const COUNTERS = ['rate_limit_counters', 'sign_in_sessions'];
/** Counted per request too: each DPoP proof's jti, kept by the provider to refuse its replay. */
const COUNTED_OIDC_MODELS = ['ReplayDetection'];

/** Every JSON endpoint's fuzz target, in the order the shards take them. */
const TARGETS: Target[] = [
  ...READ_TARGETS,
  ...WRITE_TARGETS,
  ...SIGN_IN_TARGETS,
  ...POLICY_TARGETS,
  ...ACCOUNT_SETTINGS_TARGETS,
  ...OAUTH_AND_PAYMENT_TARGETS,
  ...WALLET_TARGETS,
  ...ASSISTANT_TARGETS,
];

/** Routes that are not JSON endpoints, and why they are not fuzzed here. */
const NOT_JSON: Record<string, string> = {
  [`GET ${LOGOUT_SCRIPT_PATH}`]: 'a fixed JavaScript file; it reads no input',
  [`GET ${API_DOCS_PATHS.page}`]: 'the API reference’s HTML page; it reads no input',
  [`GET ${API_DOCS_PATHS.oauthRedirect}`]:
    'an HTML page: Swagger UI’s script reads its query in the browser, the server never does',
  [`GET ${OAUTH_PATHS.authorization}`]:
    'a browser redirect to the login modal, or an HTML error page (oidc-provider)',
  [`GET ${OAUTH_PATHS.endSession}`]: 'an HTML sign-out page (oidc-provider)',
};

/** The pay-by-bank shop's token (its own DPoP key), a consent of its own, and proofs on demand. */
async function payingShop(test: TestDatabase, origin: string): Promise<Context['shop']> {
  const merchant = RETAIL_SHOP_COMPANY.accountId;
  const consent = await createConsent(await shopOf(test, origin), merchant, 4210);
  // Both of its scopes: the payment API's, and its company's accounts (ADR 0023).
  const { token, proof } = await shopTokenWithProofs(
    test,
    origin,
    `${PAYMENTS_SCOPE} ${ACCOUNTS_SCOPE}`,
  );
  return { token, consentId: consent.consentId, merchantAccountId: merchant, proof };
}

/**
 * One database by default (API_DATABASES: PostgreSQL when TEST_DATABASE_URL names one, where the
 * fuzz takes a third of PGlite's time, else PGlite): PGlite is PostgreSQL itself (compiled to
 * WebAssembly), so text encoding, casts and constraints refuse hostile values alike on both, and
 * the fuzz sends one request at a time, so the locking that sets them apart never comes into
 * play. Twice the run time buys nothing; FUZZ_ON_POSTGRES=1 runs it on both (with
 * TEST_DATABASE_URL).
 */
const KINDS: DatabaseKind[] = process.env.FUZZ_ON_POSTGRES ? DATABASE_KINDS : API_DATABASES;

/**
 * The fuzz of every target whose place in TARGETS is `shard` modulo `shards` (1-based): each
 * shard is a test file of its own (fuzz.api.test.ts, fuzz-2…), so that the two workers share
 * the ~60,000 requests instead of one running them all while the other has finished.
 */
export function describeFuzzShard(shard: number, shards: number) {
  describe.each(KINDS)('hostile input to every JSON endpoint, on %s', (kind) => {
    let test: TestDatabase;
    let server: Server;
    let origin: string;
    let context: Context;

    beforeAll(async () => {
      test = await createTestDatabase(kind, { seeded: true });
      ({ server, origin } = await startBankingServer(test, {
        env: { METRICS: 'on', METRICS_TOKEN: randomBytes(32).toString('base64url') },
      }));
      const customerId = await userIdOf(test, CUSTOMER);
      const owned = await test.handle.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.ownerId, customerId))
        .orderBy(accounts.position);
      const [consent] = await test.handle.db
        .select({ id: consents.id })
        .from(consents)
        .where(and(eq(consents.subject, customerId), eq(consents.definitionId, 'communication')));
      const widget = await fetch(
        new URL(orchestrationPaths.widgetToken(config.companyId), origin),
        {
          method: 'POST',
          headers: XSRF,
        },
      );
      context = {
        tokens: {
          customer: await signedInToken(origin, CUSTOMER),
          advisor: await partnerToken(origin, 'AnyWealthAdvisor'),
          marketing: await partnerToken(origin, 'AnyMarketing'),
          rep: await partnerToken(origin, 'CustomerServiceRep'),
          widget: widgetTokenResponseSchema.parse(await widget.json()).access_token,
        },
        presenterCookie: await presenterCookie(server),
        customerId,
        checkingId: owned[0]!.id,
        savingsId: owned[1]!.id,
        consentId: consent!.id,
        strangersFlowId: await new SignInDriver(
          origin,
          undefined,
          new BrowserSession(origin),
        ).authorize(),
        shop: await payingShop(test, origin),
      };
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    // Once, in the first shard: the list of targets is the same in each.
    if (shard === 1) {
      it('fuzzes every JSON endpoint the server serves', async () => {
        const fuzzed = new Set(TARGETS.map((target) => routeId(target.route)));
        const served = fastifyRoutes(server.app)
          .filter((route) => route.method !== 'HEAD')
          .map(routeId);
        const announced = (await announcedOidcEndpoints(origin)).flatMap((url) =>
          TARGETS.filter((target) => target.route.url === url).length > 0 ? [] : [`GET ${url}`],
        );
        const missing = [...served, ...announced].filter((id) => !fuzzed.has(id) && !NOT_JSON[id]);
        expect(missing, 'JSON endpoints without a fuzz target').toEqual([]);
      });
    }

    function describeCall(call: Call): string {
      const cut = (value: string | undefined) =>
        value && value.length > 300 ? `${value.slice(0, 300)}… (${value.length} chars)` : value;
      return JSON.stringify({ ...call, url: cut(call.url), payload: cut(call.payload) });
    }

    const shardTargets = TARGETS.filter(
      (target, index) => (target.shard ?? (index % shards) + 1) === shard,
    );
    it.each(
      shardTargets.map((target) => [routeId(target.route), target.variant ?? '', target] as const),
    )(
      '%s %s: never a 5xx, refusals in the documented shape, nothing stored changes',
      async (_route, _variant, target) => {
        const schema = ERROR_SCHEMAS[target.shape];
        const spec = target.spec(context);
        const calls = 'method' in spec ? build(spec) : spec;
        const options = {
          ignoredTables: COUNTERS,
          oidcModelsLeftOut: COUNTED_OIDC_MODELS,
          auditTypesLeftOut: target.auditedRead
            ? ['partner.read', 'partner.searched', 'partner.consent_refused']
            : (target.auditedRefusals ?? []),
        };
        const before = await storedState(test.handle, options);
        await fc.assert(
          fc.asyncProperty(calls, async (call) => {
            const sent = target.prepare ? await target.prepare(call, context) : call;
            const response = await server.app.inject(sent);
            const problem = (reason: string) =>
              new Error(
                `${reason}: ${response.statusCode} ${response.body.slice(0, 500)}\n${describeCall(sent)}`,
              );
            if (response.statusCode >= 500) throw problem('server error');
            if (response.statusCode < 400) return;
            let body: unknown;
            try {
              body = JSON.parse(response.body);
            } catch {
              throw problem('an error that is not JSON');
            }
            const parsed = schema.safeParse(body);
            if (!parsed.success) throw problem(`not the ${target.shape} error shape`);
          }),
          { numRuns: Math.min(target.runs ?? RUNS, RUNS), seed: SEED },
        );
        const after = await storedState(test.handle, options);
        const changed = Object.keys({ ...before, ...after }).filter(
          (table) => before[table] !== after[table],
        );
        expect(changed, 'tables whose rows changed').toEqual([]);
      },
      600_000,
    );
  });
}
