import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_BRANDING_PATH,
  ADMIN_THRESHOLDS_PATH,
  BRANDING_API_PATH,
  BRANDING_LOGO_PATH,
  DEFAULT_BRAND,
  ADVISOR_CONSENTS_API_PATH,
  ACCOUNT_ACTIVITY_API_PATH,
  ACCOUNT_ACTIVITY_CSV_API_PATH,
  ACCOUNT_STATEMENTS_API_PATH,
  BALANCES_API_PATH,
  CLIENT_BALANCES_API_PATH,
  ACCOUNTS_SCOPE,
  OB_TRANSACTIONS_API_PATH,
  PAYMENT_ACTIVITY_API_PATH,
  RECENT_ACTIVITY_API_PATH,
  accountActivityCsvPath,
  accountActivityPath,
  accountStatementsPath,
  obTransactionsPath,
  CONNECTED_APPS_API_PATH,
  REMEMBERED_BROWSERS_API_PATH,
  RECOVERY_CODES_API_PATH,
  CONTACT_UNDO_PATH,
  PASSWORD_CHANGE_API_PATH,
  PASSWORDLESS_API_PATH,
  SIGN_IN_SESSIONS_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  CONSENTS_API_PATH,
  DEMO_PASSWORD,
  DEMO_RESET_PATH,
  INSPECTOR_EVENTS_PATH,
  INSPECTOR_PATH,
  FLOW_API_PATH,
  MENU_OPTIONS_API_PATH,
  OAUTH_CONSENT_API_PATH,
  PAYMENTS_API_PATH,
  PAYMENT_CONSENTS_API_PATH,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  RETAIL_CALLBACK_PATH,
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_ORDERS_API_PATH,
  RETAIL_RESUBMISSION_API_PATH,
  retailResubmissionPath,
  OAUTH_PATHS,
  PICKUP_INSTANCE_HEADER,
  PICKUP_PATH,
  RISK_API_PATH,
  SCIM_USERS_API_PATH,
  PRESENTER_PATH,
  SIGNING_KEY_ROTATION_PATH,
  STEP_UP_PATH,
  STEP_UP_REQUIRED,
  TRANSFERS_API_PATH,
  XSRF_HEADER,
  directoryAttributeNames,
  directoryEntryPath,
  orchestrationPaths,
  passkeyNamePath,
  scimUidEquals,
  scimUserPath,
  transferCancellationPath,
  transferConfirmationPath,
  vendorContentType,
  walletPaths,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import type { PolicyName } from '../src/config';
import { accounts, consents, users } from '../src/db/schema';
import { LOGOUT_SCRIPT_PATH } from '../src/modules/identity/oauth/oidc.pages';
import { startBankingServer, userIdOf } from './banking-server';
import { BrowserSession } from './browser-session';
import { scimErrorBodySchema } from './error-shapes';
import { afterExpiryOf, atClock, expiryOf } from './expired-token';
import { PARTNER_STAFF, applicationToken, partnerToken, signedInToken } from './partner-tokens';
import { shopTokenWithProofs } from './pay-by-bank';
import { announcedOidcEndpoints, fastifyRoutes, routeId, type RouteKey } from './server-routes';
import { PERSON_RISK_PAYLOAD, SignInDriver, stepUp, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * Every route of the server × every kind of caller → the status it answers. The routes are read
 * from the running server, so a route without a row fails the test. A row's request acts on the
 * customer's own things (her consent, her accounts, her directory entry): "other customer" is
 * another signed-in customer sending that very request, and must not reach them. "retail shop"
 * is the pay-by-bank shop's own token (client credentials, scope `accounts`), DPoP-bound and
 * sent as `Authorization: DPoP` with a fresh proof: it reads its company's account and nothing
 * else (issue 16 §2).
 */

const CALLERS = [
  'no token',
  'expired token',
  'customer',
  'other customer',
  'AnyWealthAdvisor',
  'AnyMarketing',
  'CustomerServiceRep',
  'client credentials',
  'retail shop',
] as const;
type Caller = (typeof CALLERS)[number];
type SignedInCaller = Exclude<
  Caller,
  'no token' | 'expired token' | 'client credentials' | 'retail shop'
>;
type Answers = Record<Caller, number>;

/** The customer whose things the rows act on, and another customer. */
const CUSTOMER = 'emily.chen';
const OTHER_CUSTOMER = 'michael.brown';
const UID_OF: Record<Caller, string> = {
  'no token': CUSTOMER,
  // The expired token is the customer's own, used once its lifetime is over.
  'expired token': CUSTOMER,
  customer: CUSTOMER,
  'other customer': OTHER_CUSTOMER,
  AnyWealthAdvisor: PARTNER_STAFF.AnyWealthAdvisor,
  AnyMarketing: PARTNER_STAFF.AnyMarketing,
  CustomerServiceRep: PARTNER_STAFF.CustomerServiceRep,
  'client credentials': CUSTOMER,
  'retail shop': CUSTOMER,
};

const config = testConfig();
const ATTRIBUTES = directoryAttributeNames(config.productId);
const XSRF = { [XSRF_HEADER]: '1' };

interface Person {
  id: string;
  uid: string;
  email: string;
  checkingId: string;
  savingsId: string;
  communicationConsentId: string;
}

interface Context {
  origin: string;
  customer: Person;
  /** The checking account of the shop's company (Retail Shop Ltd), a business customer. */
  merchantCheckingId: string;
  /** The customer's device-pairing flow, started from her profile with her token. */
  pairingFlowId: string;
  /** A sign-in in the customer's browser: bound to that browser's interaction cookie. */
  signInFlowId: string;
  /** Each caller's own directory details, as the profile page sends them back unchanged. */
  profileOf: (caller: Caller) => Record<string, string[] | null>;
}

interface Request {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

interface Row {
  route: RouteKey;
  name: string;
  /**
   * Where the caller's token goes: the Authorization header (default), or the JSON body's
   * `accessToken`, where the orchestration policies that act on a user take it.
   */
  tokenIn?: 'header' | 'body';
  request: (context: Context, token: string | null, caller: Caller) => Request;
  answers: Answers;
  /** What some callers' answers hold, where the status alone does not tell (a 200 refusal). */
  bodies?: Partial<Record<Caller, object>>;
  /**
   * A change of a way to sign in: it needs a step-up made for it (docs/security.md, step-up),
   * so each customer caller makes one just before. Partner staff cannot step up (the step-up
   * is for customers): a fresh token alone gets them 401 `step_up_required`.
   */
  stepUpFirst?: true;
}

/** Public by design: the token is not what this route looks at, so every caller gets this. */
function everyone(status: number): Answers {
  return Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Answers;
}

/**
 * A route for signed-in people: no token or an expired one is 401, an application's token is
 * 403 (no person stands behind it), the shop's DPoP-bound token 401 (these routes take bearer
 * tokens only), and signed-in callers get their answer or 403.
 */
function signedIn(allowed: Partial<Record<SignedInCaller, number>>, refused = 403): Answers {
  return {
    'no token': 401,
    'expired token': 401,
    customer: allowed.customer ?? refused,
    'other customer': allowed['other customer'] ?? refused,
    AnyWealthAdvisor: allowed.AnyWealthAdvisor ?? refused,
    AnyMarketing: allowed.AnyMarketing ?? refused,
    CustomerServiceRep: allowed.CustomerServiceRep ?? refused,
    'client credentials': 403,
    'retail shop': 401,
  };
}

const route = (method: string, url: string): RouteKey => ({ method, url });
const policyPath = (name: PolicyName) =>
  orchestrationPaths.policyStart(config.companyId, config.policyIds[name]);
const POLICY_ROUTE = route('POST', '/api/orchestration/:companyId/policy/:policyId/start');
const DIRECTORY_ROUTE = '/api/directory/v1/:dn';
const FLOW_ROUTE = `${FLOW_API_PATH}/:flowId`;
const PHONE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
  format: 'jwk',
});
const WIDGET_POLICY_BODIES: Partial<Record<PolicyName, unknown>> = {
  REGISTRATION: {
    step: 'start',
    firstName: 'Nora',
    lastName: 'Quinn',
    email: 'nora.quinn@example.com',
    username: 'nora.quinn',
    password: DEMO_PASSWORD,
  },
  USERNAME_RECOVERY: {
    hostname: 'localhost',
    mail: `${CUSTOMER}@example.com`,
    encodedMail: Buffer.from(`${CUSTOMER}@example.com`).toString('base64'),
  },
  QR_CODE: { keyUri: 'otpauth://totp/AnyBank:emily.chen?secret=JBSWY3DPEHPK3PXP' },
};

const ROWS: Row[] = [
  // --- Public by design --------------------------------------------------------------------
  {
    route: route('GET', '/healthz'),
    name: 'the health check',
    request: () => ({ path: '/healthz' }),
    answers: everyone(200),
  },
  {
    route: route('GET', '/readyz'),
    name: 'the readiness check',
    request: () => ({ path: '/readyz' }),
    answers: everyone(200),
  },
  // "This wasn't me": only the link's single-use token decides, never who calls; one that is
  // no change's is 410 for everyone (contact-takeover.api.test.ts: the right one undoes it).
  {
    route: route('POST', CONTACT_UNDO_PATH),
    name: 'undoing a contact change with its link’s token',
    request: () => ({
      method: 'POST',
      path: CONTACT_UNDO_PATH,
      headers: XSRF,
      json: { token: 'A'.repeat(43) },
    }),
    answers: everyone(410),
  },
  // Issue 17 §3: with METRICS_TOKEN set only its bearer reads the metrics; no person's or
  // application's access token opens them (metrics.api.test.ts: the token does, and off: 404).
  {
    route: route('GET', '/metrics'),
    name: 'the metrics, for the holder of METRICS_TOKEN',
    request: () => ({ path: '/metrics' }),
    answers: everyone(401),
  },
  // The API reference describes what each route checks, never a secret or anyone's data: its
  // page, its document, its sign-in return page and its viewer's files are anyone's to read.
  {
    route: route('GET', '/api/docs'),
    name: 'the API reference page',
    request: () => ({ path: '/api/docs' }),
    answers: everyone(200),
  },
  {
    route: route('GET', '/api/docs/openapi.json'),
    name: 'the API reference document',
    request: () => ({ path: '/api/docs/openapi.json' }),
    answers: everyone(200),
  },
  {
    route: route('GET', '/api/docs/oauth2-redirect.html'),
    name: 'the API reference’s sign-in return page',
    request: () => ({ path: '/api/docs/oauth2-redirect.html?code=abc&state=xyz' }),
    answers: everyone(200),
  },
  {
    route: route('GET', '/api/docs/:file'),
    name: 'a file of the API reference’s viewer',
    request: () => ({ path: '/api/docs/api-docs.js' }),
    answers: everyone(200),
  },
  {
    route: route('GET', LOGOUT_SCRIPT_PATH),
    name: 'the sign-out page’s script',
    request: () => ({ path: LOGOUT_SCRIPT_PATH }),
    answers: everyone(200),
  },
  {
    // The demo's mailbox (OUTBOX=on, the default for a developer): anyone may read it, which is
    // why a public deployment turns it off (README).
    route: route('GET', '/api/dev/outbox'),
    name: 'the dev outbox',
    request: ({ customer }) => ({ path: `/api/dev/outbox?to=${customer.email}&limit=1` }),
    answers: everyone(200),
  },
  {
    // Before sign-in nobody has a token: the username is the question.
    route: route('POST', RISK_API_PATH),
    name: 'the risk evaluation of a username',
    request: ({ customer }) => ({
      method: 'POST',
      path: RISK_API_PATH,
      json: { username: customer.uid, riskPayload: PERSON_RISK_PAYLOAD },
    }),
    answers: everyone(200),
  },
  {
    // The phone proves itself with its password and then an e-mailed code, never a token.
    route: route('POST', '/api/mobile/activation'),
    name: 'starting the phone app’s activation',
    request: ({ customer }) => ({
      method: 'POST',
      path: '/api/mobile/activation',
      headers: XSRF,
      json: { username: customer.uid, password: DEMO_PASSWORD },
    }),
    answers: everyone(202),
  },
  {
    route: route('POST', '/api/mobile/activation/confirm'),
    name: 'confirming the activation with a wrong code',
    request: ({ customer }) => ({
      method: 'POST',
      path: '/api/mobile/activation/confirm',
      headers: XSRF,
      json: { username: customer.uid, code: '000000', publicKey: PHONE_KEY },
    }),
    answers: everyone(400),
  },
  {
    // The phone signs its requests with its key: a bearer token opens nothing here.
    route: route('GET', '/api/mobile/devices/:deviceId/push-requests'),
    name: 'a phone’s pending push requests, unsigned',
    request: () => ({
      path: `/api/mobile/devices/${randomUUID()}/push-requests`,
      headers: {
        'x-device-timestamp': String(Date.now()),
        'x-device-signature': 'A'.repeat(64),
      },
    }),
    answers: everyone(401),
  },
  {
    route: route('POST', '/api/mobile/push-requests/:requestId/decision'),
    name: 'a decision on a push request that does not exist',
    request: () => ({
      method: 'POST',
      path: `/api/mobile/push-requests/${randomUUID()}/decision`,
      headers: XSRF,
      json: { deviceId: randomUUID(), decision: 'approve', signature: 'A'.repeat(64) },
    }),
    answers: everyone(404),
  },
  {
    // The pairing ticket is the only credential of a wallet card.
    route: route('POST', walletPaths.cards),
    name: 'redeeming an unknown wallet ticket',
    request: () => ({
      method: 'POST',
      path: walletPaths.cards,
      headers: XSRF,
      json: { ticket: randomBytes(32).toString('base64url') },
    }),
    answers: everyone(410),
  },
  {
    // "Reset demo" (a demo tool, like the outbox: anyone who reaches the demo may reset it, no
    // token asked). Here without the anti-forgery header, so no row resets the matrix's own
    // data; what a reset does, and its 400 and 429, are in test/demo-reset.api.test.ts.
    route: route('POST', DEMO_RESET_PATH),
    name: 'Reset demo from a cross-site form (no anti-forgery header)',
    request: () => ({ method: 'POST', path: DEMO_RESET_PATH, json: { confirm: true } }),
    answers: everyone(403),
  },
  {
    // It resets everyone's demo: the presenter's cookie only, whatever token a caller holds
    // (README "Demo tools"). No caller here holds it; with it, test/demo-reset.api.test.ts.
    route: route('POST', DEMO_RESET_PATH),
    name: 'Reset demo without the presenter cookie',
    request: () => ({
      method: 'POST',
      path: DEMO_RESET_PATH,
      headers: XSRF,
      json: { confirm: true },
    }),
    answers: everyone(403),
  },
  {
    // The presenter secret (README "Demo tools"): whether this browser holds the cookie, a
    // try (refused from a cross-site form, wrong here for everyone), forgetting it.
    route: route('GET', PRESENTER_PATH),
    name: 'whether this browser is the presenter’s',
    request: () => ({ path: PRESENTER_PATH }),
    answers: everyone(200),
    bodies: { customer: { presenter: false } },
  },
  {
    route: route('POST', PRESENTER_PATH),
    name: 'the presenter secret from a cross-site form (no anti-forgery header)',
    request: () => ({ method: 'POST', path: PRESENTER_PATH, json: { secret: 'x'.repeat(43) } }),
    answers: everyone(403),
  },
  {
    route: route('POST', PRESENTER_PATH),
    name: 'a wrong presenter secret',
    request: () => ({
      method: 'POST',
      path: PRESENTER_PATH,
      headers: XSRF,
      json: { secret: 'x'.repeat(43) },
    }),
    answers: everyone(401),
  },
  {
    route: route('DELETE', PRESENTER_PATH),
    name: 'forgetting the presenter cookie',
    request: () => ({ method: 'DELETE', path: PRESENTER_PATH, headers: XSRF }),
    answers: everyone(204),
  },
  {
    // "Behind the scenes" (issue 15 §1, a demo tool): a panel is the browser's own cookie; a
    // token of any kind names no panel, and opening one needs the anti-forgery header.
    route: route('POST', INSPECTOR_PATH),
    name: 'opening Behind the scenes from a cross-site form (no anti-forgery header)',
    request: () => ({ method: 'POST', path: INSPECTOR_PATH }),
    answers: everyone(403),
  },
  {
    route: route('DELETE', INSPECTOR_PATH),
    name: 'closing Behind the scenes from a cross-site form (no anti-forgery header)',
    request: () => ({ method: 'DELETE', path: INSPECTOR_PATH }),
    answers: everyone(403),
  },
  {
    route: route('GET', INSPECTOR_EVENTS_PATH),
    name: 'Behind the scenes events without a panel cookie, whoever the token is',
    request: () => ({ path: INSPECTOR_EVENTS_PATH }),
    answers: everyone(409),
  },
  {
    // Server-side callers hold the API key; a user's token is not one.
    route: route('GET', '/api/orchestration/:companyId/sdktoken'),
    name: 'an SDK token without the API key',
    request: () => ({ path: orchestrationPaths.sdkToken(config.companyId) }),
    answers: everyone(401),
  },
  {
    route: route('POST', '/api/orchestration/:companyId/widget-token'),
    name: 'a widget token for the bank’s own pages',
    request: () => ({
      method: 'POST',
      path: orchestrationPaths.widgetToken(config.companyId),
      headers: XSRF,
    }),
    answers: everyone(200),
  },
  ...(['REGISTRATION', 'USERNAME_RECOVERY', 'QR_CODE'] as const).map((name): Row => ({
    // Public policies take a widget token: a user's access token is not one.
    route: POLICY_ROUTE,
    name: `the ${name} policy, with a user’s token instead of a widget token`,
    request: () => ({ method: 'POST', path: policyPath(name), json: WIDGET_POLICY_BODIES[name] }),
    answers: everyone(401),
  })),
  {
    route: route('GET', '/ext/ref/return'),
    name: 'the bank site’s OAuth return',
    request: () => ({ path: '/ext/ref/return?error=access_denied&state=s' }),
    answers: everyone(303),
  },
  {
    // The reference is bound to the browser that signed in, by an HttpOnly cookie.
    route: route('POST', PICKUP_PATH),
    name: 'picking up a sign-in from another browser',
    request: () => ({
      method: 'POST',
      path: `${PICKUP_PATH}?REF=${randomBytes(24).toString('base64url')}`,
      headers: { ...XSRF, [PICKUP_INSTANCE_HEADER]: 'BXFSPRefID' },
    }),
    answers: everyone(401),
  },
  {
    // A sign-in belongs to the browser holding its interaction cookie, whoever else asks.
    route: route('GET', FLOW_ROUTE),
    name: 'reading someone else’s sign-in',
    request: ({ signInFlowId }) => ({ path: `${FLOW_API_PATH}/${signInFlowId}` }),
    answers: everyone(403),
  },
  {
    route: route('POST', FLOW_ROUTE),
    name: 'answering someone else’s sign-in',
    request: ({ signInFlowId, customer }) => ({
      method: 'POST',
      path: `${FLOW_API_PATH}/${signInFlowId}`,
      headers: { ...XSRF, 'content-type': vendorContentType('anybank', 'submitIdentifier') },
      json: { identifier: customer.uid, riskPayload: PERSON_RISK_PAYLOAD },
    }),
    answers: everyone(403),
  },
  {
    // Issue 14 §1: a passkey sign-in is a step of the sign-in it answers, bound as every step.
    route: route('POST', FLOW_ROUTE),
    name: 'signing in with a passkey in someone else’s sign-in',
    request: ({ signInFlowId }) => ({
      method: 'POST',
      path: `${FLOW_API_PATH}/${signInFlowId}?action=signInWithPasskey`,
      headers: XSRF,
      json: {
        assertion: { id: 'x' },
        origin: 'http://localhost',
        riskPayload: PERSON_RISK_PAYLOAD,
      },
    }),
    answers: everyone(403),
  },

  // --- oidc-provider's endpoints (RFC 6749 / OpenID Connect: the client authenticates) ------
  {
    route: route('GET', '/.well-known/openid-configuration'),
    name: 'the discovery document',
    request: () => ({ path: OAUTH_PATHS.discovery }),
    answers: everyone(200),
  },
  {
    route: route('GET', OAUTH_PATHS.jwks),
    name: 'the signing keys',
    request: () => ({ path: OAUTH_PATHS.jwks }),
    answers: everyone(200),
  },
  {
    // Starts a sign-in: the login modal opens, whoever sends the request.
    route: route('GET', OAUTH_PATHS.authorization),
    name: 'an authorization request',
    request: ({ origin }) => ({ path: new SignInDriver(origin).authorizeUrl() }),
    answers: everyone(303),
  },
  {
    // RFC 9126: the bank's site is a public client (PKCE, no secret), so it may push its own
    // request; an Authorization header that is not client authentication is refused.
    route: route('POST', OAUTH_PATHS.pushedAuthorization),
    name: 'a pushed authorization request of the bank’s public client',
    request: ({ origin }) => ({
      method: 'POST',
      path: OAUTH_PATHS.pushedAuthorization,
      form: Object.fromEntries(
        new URL(new SignInDriver(origin).authorizeUrl(), origin).searchParams,
      ),
    }),
    answers: { ...everyone(400), 'no token': 201 },
  },
  {
    // The resume URL only works in the browser holding the interaction cookie.
    route: route('GET', `${OAUTH_PATHS.authorization}/:uid`),
    name: 'resuming someone else’s authorization',
    request: ({ signInFlowId }) => ({ path: `${OAUTH_PATHS.authorization}/${signInFlowId}` }),
    answers: everyone(400),
  },
  {
    route: route('POST', OAUTH_PATHS.token),
    name: 'a token request without client authentication',
    request: () => ({
      method: 'POST',
      path: OAUTH_PATHS.token,
      form: { grant_type: 'client_credentials' },
    }),
    answers: everyone(400),
  },
  {
    // Bank access tokens are JWTs for the bank's API, not for userinfo.
    route: route('GET', OAUTH_PATHS.userinfo),
    name: 'userinfo',
    request: () => ({ path: OAUTH_PATHS.userinfo }),
    answers: everyone(401),
  },
  {
    route: route('POST', OAUTH_PATHS.userinfo),
    name: 'userinfo by POST',
    request: () => ({ method: 'POST', path: OAUTH_PATHS.userinfo, form: {} }),
    answers: everyone(401),
  },
  {
    route: route('POST', OAUTH_PATHS.revocation),
    name: 'revoking a token without client authentication',
    request: () => ({ method: 'POST', path: OAUTH_PATHS.revocation, form: { token: 'x' } }),
    answers: everyone(400),
  },
  {
    route: route('POST', OAUTH_PATHS.backchannel),
    name: 'a CIBA request without client authentication',
    request: ({ customer }) => ({
      method: 'POST',
      path: OAUTH_PATHS.backchannel,
      form: { scope: 'openid', login_hint: customer.uid },
    }),
    answers: everyone(400),
  },
  {
    route: route('GET', OAUTH_PATHS.endSession),
    name: 'the sign-out page',
    request: () => ({ path: OAUTH_PATHS.endSession }),
    answers: everyone(200),
  },
  {
    // The confirmation needs the form's own anti-forgery value.
    route: route('POST', `${OAUTH_PATHS.endSession}/confirm`),
    name: 'confirming a sign-out without its form',
    request: () => ({ method: 'POST', path: `${OAUTH_PATHS.endSession}/confirm`, form: {} }),
    answers: everyone(400),
  },
  {
    route: route('GET', `${OAUTH_PATHS.endSession}/success`),
    name: 'the signed-out page',
    request: () => ({ path: `${OAUTH_PATHS.endSession}/success` }),
    answers: everyone(200),
  },

  // --- A signed-in person's own things -------------------------------------------------------
  {
    route: route('GET', '/api/me'),
    name: 'the caller’s own entry',
    request: () => ({ path: '/api/me' }),
    answers: signedIn({
      customer: 200,
      'other customer': 200,
      AnyWealthAdvisor: 200,
      AnyMarketing: 200,
      CustomerServiceRep: 200,
    }),
  },
  {
    route: route('GET', BALANCES_API_PATH),
    name: 'the caller’s balances',
    request: () => ({ path: BALANCES_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('GET', MENU_OPTIONS_API_PATH),
    name: 'the banking menu',
    request: () => ({ path: MENU_OPTIONS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // The other customer's 404 is the same whether or not the accounts exist.
    route: route('POST', TRANSFERS_API_PATH),
    name: 'a transfer between the customer’s accounts',
    request: ({ customer }) => ({
      method: 'POST',
      path: TRANSFERS_API_PATH,
      headers: { 'idempotency-key': randomUUID() },
      json: {
        data: {
          type: 'transfers',
          attributes: {
            from_account_id: customer.checkingId,
            to_account_id: customer.savingsId,
            amount: '1.00',
            risk_data: PERSON_RISK_PAYLOAD,
          },
        },
      },
    }),
    answers: signedIn({ customer: 204, 'other customer': 404 }),
  },
  // Issue 16 §1: account activity. The other customer's 404 is the same whether or not the
  // account exists; the advisor reads the transactions of accounts the customer shares.
  {
    route: route('GET', ACCOUNT_ACTIVITY_API_PATH),
    name: 'the entries of the customer’s checking account',
    request: ({ customer }) => ({ path: accountActivityPath(customer.checkingId) }),
    answers: signedIn({ customer: 200, 'other customer': 404 }),
  },
  {
    route: route('GET', ACCOUNT_ACTIVITY_CSV_API_PATH),
    name: 'the CSV of the customer’s checking account',
    request: ({ customer }) => ({ path: accountActivityCsvPath(customer.checkingId) }),
    answers: signedIn({ customer: 200, 'other customer': 404 }),
  },
  {
    route: route('GET', ACCOUNT_STATEMENTS_API_PATH),
    name: 'the monthly statements of the customer’s checking account',
    request: ({ customer }) => ({ path: accountStatementsPath(customer.checkingId) }),
    answers: signedIn({ customer: 200, 'other customer': 404 }),
  },
  {
    route: route('GET', RECENT_ACTIVITY_API_PATH),
    name: 'the caller’s recent entries',
    request: () => ({ path: RECENT_ACTIVITY_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('GET', PAYMENT_ACTIVITY_API_PATH),
    name: 'the caller’s Payment Activity',
    request: () => ({ path: PAYMENT_ACTIVITY_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('GET', OB_TRANSACTIONS_API_PATH),
    name: 'the Open Banking transactions of the customer’s checking account',
    request: ({ customer }) => ({ path: obTransactionsPath(customer.checkingId) }),
    answers: {
      ...signedIn({ customer: 200, 'other customer': 404, AnyWealthAdvisor: 200 }),
      'retail shop': 404,
    },
  },
  {
    // Issue 16 §2: the shop's company's account, read by its own application; to anyone else
    // it is another customer's account (the advisor: not shared with the advisor).
    route: route('GET', OB_TRANSACTIONS_API_PATH),
    name: 'the Open Banking transactions of the retail shop company’s checking account',
    request: ({ merchantCheckingId }) => ({ path: obTransactionsPath(merchantCheckingId) }),
    answers: {
      ...signedIn({ customer: 404, 'other customer': 404 }),
      'retail shop': 200,
    },
  },
  {
    route: route('GET', CONSENTS_API_PATH),
    name: 'the customer’s consents, by her subject',
    request: ({ customer }) => ({ path: `${CONSENTS_API_PATH}?subject=${customer.id}` }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: route('POST', CONSENTS_API_PATH),
    name: 'answering a consent for the customer',
    request: ({ customer }) => ({
      method: 'POST',
      path: CONSENTS_API_PATH,
      json: {
        subject: customer.id,
        definition: 'communication',
        data: { sms: true, email: true, homeAddress: true },
      },
    }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: route('PATCH', `${CONSENTS_API_PATH}/:consentId`),
    name: 'changing the customer’s consent by its id',
    request: ({ customer }) => ({
      method: 'PATCH',
      path: `${CONSENTS_API_PATH}/${customer.communicationConsentId}`,
      json: { data: { sms: true, email: true, homeAddress: true } },
    }),
    answers: signedIn({ customer: 200, 'other customer': 404 }),
  },
  {
    route: route('GET', DIRECTORY_ROUTE),
    name: 'reading the customer’s directory entry',
    request: ({ customer }) => ({ path: directoryEntryPath(customer.uid) }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: route('PUT', DIRECTORY_ROUTE),
    name: 'replacing the customer’s directory attributes',
    request: ({ customer }) => ({
      method: 'PUT',
      path: directoryEntryPath(customer.uid),
      json: { [ATTRIBUTES.accountTier]: ['personal'] },
    }),
    // Issue 12 §3: the tier and thresholds are the bank's; the demo admin API sets them.
    answers: signedIn({}),
  },
  {
    route: route('PATCH', DIRECTORY_ROUTE),
    name: 'modifying the customer’s directory entry',
    request: ({ customer }) => ({
      method: 'PATCH',
      path: directoryEntryPath(customer.uid),
      json: {
        modifications: [
          { attributeName: ATTRIBUTES.accountTier, modificationType: 'set', values: ['personal'] },
        ],
      },
    }),
    answers: signedIn({}),
  },
  {
    route: route('PUT', ADMIN_THRESHOLDS_PATH),
    name: 'the demo admin’s transfer thresholds (on the caller’s own account)',
    request: () => ({
      method: 'PUT',
      path: ADMIN_THRESHOLDS_PATH,
      json: { cibaThreshold: '1000', denyThreshold: '10000' },
    }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('PUT', ADMIN_ACCOUNT_TIER_PATH),
    name: 'the demo admin’s account tier (on the caller’s own account)',
    request: () => ({
      method: 'PUT',
      path: ADMIN_ACCOUNT_TIER_PATH,
      json: { accountTier: 'personal' },
    }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // Only the owner's own pending transfer is looked at; any other id is simply not found.
    route: route('POST', `${TRANSFERS_API_PATH}/:transferId/confirmation`),
    name: 'confirming a transfer that is not the caller’s with a code',
    request: () => ({
      method: 'POST',
      path: transferConfirmationPath(randomUUID()),
      json: { code: '123456' },
    }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // The code step's Cancel: likewise only the owner's own pending transfer.
    route: route('POST', `${TRANSFERS_API_PATH}/:transferId/cancellation`),
    name: 'cancelling a transfer that is not the caller’s',
    request: () => ({ method: 'POST', path: transferCancellationPath(randomUUID()) }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    route: route('PUT', '/api/admin/risk-override'),
    name: 'the demo admin’s high-risk switch (on the caller’s own account)',
    request: () => ({ method: 'PUT', path: '/api/admin/risk-override', json: { enabled: false } }),
    answers: signedIn({ customer: 204, 'other customer': 204 }),
  },
  {
    // Issue 15 §5: every page and the phone read the brand, signed in or not.
    route: route('GET', BRANDING_API_PATH),
    name: 'the bank’s brand',
    request: () => ({ path: BRANDING_API_PATH }),
    answers: everyone(200),
  },
  {
    route: route('GET', BRANDING_LOGO_PATH),
    name: 'the bank’s logo',
    request: () => ({ path: BRANDING_LOGO_PATH }),
    answers: everyone(200),
  },
  {
    // A server-wide demo setting: a signed-in customer in the presenter's browser only (README
    // "Demo tools"); no caller here holds the presenter cookie, so every one is refused
    // (with it: test/branding.api.test.ts). Sent with the default names and colours.
    route: route('PUT', ADMIN_BRANDING_PATH),
    name: 'the demo admin’s brand',
    request: () => ({
      method: 'PUT',
      path: ADMIN_BRANDING_PATH,
      json: {
        bankName: DEFAULT_BRAND.bankName,
        productName: DEFAULT_BRAND.productName,
        primaryColor: DEFAULT_BRAND.primaryColor,
        accentColor: DEFAULT_BRAND.accentColor,
      },
    }),
    answers: signedIn({}),
  },
  {
    route: route('DELETE', ADMIN_BRANDING_PATH),
    name: 'the demo admin’s "Restore default brand"',
    request: () => ({ method: 'DELETE', path: ADMIN_BRANDING_PATH }),
    answers: signedIn({}),
  },
  {
    // The signing key is everyone's: the presenter's browser only (test/signing-key-rotation).
    route: route('POST', SIGNING_KEY_ROTATION_PATH),
    name: 'the demo admin’s signing key rotation (earlier tokens stay valid)',
    request: () => ({ method: 'POST', path: SIGNING_KEY_ROTATION_PATH }),
    answers: signedIn({}),
  },
  {
    // Issue 12 §4: each customer sees their own connected apps; partners have none.
    route: route('GET', CONNECTED_APPS_API_PATH),
    name: 'the caller’s connected apps',
    request: () => ({ path: CONNECTED_APPS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // Neither customer connected the retail checkout here: nothing to revoke, for anyone.
    route: route('DELETE', `${CONNECTED_APPS_API_PATH}/:clientId`),
    name: 'revoking the retail checkout',
    request: () => ({ method: 'DELETE', path: `${CONNECTED_APPS_API_PATH}/retail-checkout` }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // Issue 14 §3: each customer sees their own remembered browsers; partners have none.
    route: route('GET', REMEMBERED_BROWSERS_API_PATH),
    name: 'the caller’s remembered browsers',
    request: () => ({ path: REMEMBERED_BROWSERS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // No one's browser by that id is remembered: nothing to forget, for anyone (a browser of
    // another customer: remembered-browsers.api.test.ts).
    route: route('DELETE', `${REMEMBERED_BROWSERS_API_PATH}/:browserId`),
    name: 'forgetting a remembered browser that is not the caller’s',
    request: () => ({ method: 'DELETE', path: `${REMEMBERED_BROWSERS_API_PATH}/${randomUUID()}` }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // Issue 14 §2: the token's own customer only (no user in the path); partners have none.
    route: route('GET', RECOVERY_CODES_API_PATH),
    name: 'how many recovery codes the caller has left',
    request: () => ({ path: RECOVERY_CODES_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // A new set for the caller themself, after a step-up made for it.
    route: route('POST', RECOVERY_CODES_API_PATH),
    name: 'making a new set of the caller’s recovery codes',
    stepUpFirst: true,
    request: () => ({ method: 'POST', path: RECOVERY_CODES_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // Issue 14 §4: the token's own customer's sessions only; partners have none here.
    route: route('GET', SIGN_IN_SESSIONS_API_PATH),
    name: 'where the caller is signed in',
    request: () => ({ path: SIGN_IN_SESSIONS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // No session of anyone has that id (another customer's real session:
    // sessions.api.test.ts › "does not let another customer end jane’s session").
    route: route('DELETE', `${SIGN_IN_SESSIONS_API_PATH}/:sessionId`),
    name: 'signing out a session that is not the caller’s',
    request: () => ({ method: 'DELETE', path: `${SIGN_IN_SESSIONS_API_PATH}/${randomUUID()}` }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // Each caller has one session here, the one whose token asks: it goes on, nothing ends.
    route: route('POST', SIGN_OUT_OTHER_SESSIONS_API_PATH),
    name: 'signing the caller out everywhere else',
    request: () => ({ method: 'POST', path: SIGN_OUT_OTHER_SESSIONS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // A password the new-password check refuses: the caller's own password, and no change.
    route: route('POST', PASSWORD_CHANGE_API_PATH),
    name: 'changing the caller’s password (to one that is refused)',
    stepUpFirst: true,
    request: () => ({
      method: 'POST',
      path: PASSWORD_CHANGE_API_PATH,
      json: { newPassword: 'short' },
    }),
    answers: signedIn({ customer: 400, 'other customer': 400 }),
  },
  {
    // Issue 14 §1: the token's own customer only; partners have no password here.
    route: route('GET', PASSWORDLESS_API_PATH),
    name: 'whether the caller has a password and passkeys',
    request: () => ({ path: PASSWORDLESS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // The callers have no passkey: refused before anything changes (account-security.api.test.ts).
    route: route('DELETE', PASSWORDLESS_API_PATH),
    name: 'removing the caller’s password without a passkey',
    request: () => ({ method: 'DELETE', path: PASSWORDLESS_API_PATH }),
    answers: signedIn({ customer: 409, 'other customer': 409 }),
  },
  {
    // No passkey of the caller has that id (another customer's real one:
    // account-security.api.test.ts › "names a passkey by its model…").
    route: route('PUT', '/api/authn/devices/:deviceId/name'),
    name: 'renaming a passkey that is not the caller’s',
    request: () => ({
      method: 'PUT',
      path: passkeyNamePath(randomUUID()),
      json: { name: 'Mine now' },
    }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // The consent prompt belongs to the browser holding its interaction cookie, not to a token.
    route: route('GET', OAUTH_CONSENT_API_PATH),
    name: 'reading a consent prompt from another browser',
    request: ({ signInFlowId }) => ({
      path: `${OAUTH_CONSENT_API_PATH}?interaction=${signInFlowId}`,
    }),
    answers: everyone(404),
  },
  {
    route: route('POST', OAUTH_CONSENT_API_PATH),
    name: 'answering a consent prompt from another browser',
    request: ({ signInFlowId }) => ({
      method: 'POST',
      path: OAUTH_CONSENT_API_PATH,
      headers: XSRF,
      json: { interaction: signInFlowId, decision: 'allow' },
    }),
    answers: everyone(404),
  },
  // Issue 16 §2: the payment API takes only DPoP-bound tokens with a proof (pay-by-bank.api.test.ts
  // has the shop's own); every other caller here holds a bearer token, or none: 401. The shop's
  // token here is its account-reading one, without the `payments` scope: 403.
  {
    route: route('POST', PAYMENT_CONSENTS_API_PATH),
    name: 'registering a payment consent with a bearer token',
    request: ({ customer }) => ({
      method: 'POST',
      path: PAYMENT_CONSENTS_API_PATH,
      json: {
        amountCents: 4210,
        currency: 'USD',
        payeeAccountId: customer.checkingId,
        reference: 'ORDER-1',
      },
    }),
    answers: { ...everyone(401), 'retail shop': 403 },
  },
  {
    route: route('GET', `${PAYMENT_CONSENTS_API_PATH}/:consentId`),
    name: 'reading a payment consent with a bearer token',
    request: () => ({ path: `${PAYMENT_CONSENTS_API_PATH}/${randomUUID()}` }),
    answers: { ...everyone(401), 'retail shop': 403 },
  },
  {
    route: route('POST', PAYMENTS_API_PATH),
    name: 'paying against a consent with a bearer token',
    request: ({ customer }) => ({
      method: 'POST',
      path: PAYMENTS_API_PATH,
      json: {
        consentId: randomUUID(),
        amountCents: 4210,
        currency: 'USD',
        payeeAccountId: customer.checkingId,
      },
    }),
    answers: { ...everyone(401), 'retail shop': 403 },
  },
  {
    // The payment consent screen belongs to the browser holding its interaction cookie.
    route: route('GET', PAYMENT_CONSENT_SCREEN_API_PATH),
    name: 'reading a payment consent screen from another browser',
    request: ({ signInFlowId }) => ({
      path: `${PAYMENT_CONSENT_SCREEN_API_PATH}?interaction=${signInFlowId}`,
    }),
    answers: everyone(404),
  },
  {
    route: route('POST', PAYMENT_CONSENT_SCREEN_API_PATH),
    name: 'answering a payment consent screen from another browser',
    request: ({ signInFlowId }) => ({
      method: 'POST',
      path: PAYMENT_CONSENT_SCREEN_API_PATH,
      headers: XSRF,
      json: { interaction: signInFlowId, decision: 'deny' },
    }),
    answers: everyone(404),
  },
  {
    // A one-time code (the code step above the approval threshold) proves nothing in the
    // browser that does not hold the payment: refused before any code is looked at.
    route: route('POST', PAYMENT_CONSENT_SCREEN_API_PATH),
    name: 'confirming a payment consent screen with a code from another browser',
    request: ({ signInFlowId, customer }) => ({
      method: 'POST',
      path: PAYMENT_CONSENT_SCREEN_API_PATH,
      headers: XSRF,
      json: {
        interaction: signInFlowId,
        decision: 'allow',
        accountId: customer.checkingId,
        code: '123456',
      },
    }),
    answers: everyone(404),
  },
  // The retail shop (issue 16 §2) is open to every shopper: its checkout registers a payment at
  // the bank for anyone; an order and its return belong to the browser holding the order cookie.
  {
    route: route('POST', RETAIL_CHECKOUT_API_PATH),
    name: 'starting a checkout at the retail shop',
    request: () => ({
      method: 'POST',
      path: RETAIL_CHECKOUT_API_PATH,
      headers: XSRF,
      json: { items: ['merino-socks'] },
    }),
    answers: everyone(200),
  },
  {
    route: route('GET', `${RETAIL_ORDERS_API_PATH}/:orderId`),
    name: 'reading an order of another browser at the retail shop',
    request: () => ({ path: `${RETAIL_ORDERS_API_PATH}/${randomUUID()}` }),
    answers: everyone(404),
  },
  {
    // A demo tool (DEMO_TOOLS): only the browser holding a paid order can have it paid again.
    route: route('POST', RETAIL_RESUBMISSION_API_PATH),
    name: 'paying an order of another browser again at the retail shop',
    request: () => ({
      method: 'POST',
      path: retailResubmissionPath(randomUUID()),
      headers: XSRF,
    }),
    answers: everyone(404),
  },
  {
    route: route('GET', RETAIL_CALLBACK_PATH),
    name: 'returning to the retail shop without its order',
    request: () => ({ path: `${RETAIL_CALLBACK_PATH}?code=abc&state=xyz` }),
    answers: everyone(303),
  },
  {
    route: route('GET', '/api/authn/devices'),
    name: 'the caller’s sign-in methods',
    request: () => ({ path: '/api/authn/devices' }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('POST', FLOW_API_PATH),
    name: 'starting a device pairing from the profile',
    stepUpFirst: true,
    request: () => ({ method: 'POST', path: FLOW_API_PATH, headers: XSRF }),
    answers: signedIn({ customer: 201, 'other customer': 201 }),
  },
  {
    // Issue 12 §2: a customer confirms it is them before a sensitive change.
    route: route('POST', STEP_UP_PATH),
    name: 'starting a step-up (confirming it is the customer)',
    request: () => ({ method: 'POST', path: STEP_UP_PATH, headers: XSRF, json: {} }),
    answers: signedIn({ customer: 201, 'other customer': 201 }),
  },
  {
    route: route('GET', FLOW_ROUTE),
    name: 'reading the customer’s device pairing',
    request: ({ pairingFlowId }) => ({ path: `${FLOW_API_PATH}/${pairingFlowId}` }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: route('POST', FLOW_ROUTE),
    name: 'choosing a method in the customer’s device pairing',
    request: ({ pairingFlowId }) => ({
      method: 'POST',
      path: `${FLOW_API_PATH}/${pairingFlowId}?action=selectPairingMethod`,
      headers: XSRF,
      json: { devicePairingMethod: { deviceType: 'Email' } },
    }),
    answers: signedIn({ customer: 200 }),
  },

  // --- Orchestration policies that act on a user: the user's own token is in the body --------
  {
    route: POLICY_ROUTE,
    name: 'the DEVICE_UNIQUENESS policy on the customer’s subject',
    tokenIn: 'body',
    request: ({ customer }, token) => ({
      method: 'POST',
      path: policyPath('DEVICE_UNIQUENESS'),
      json: { accessToken: token ?? undefined, subject: customer.id, email: 'new@example.com' },
    }),
    answers: signedIn({ customer: 200 }),
  },
  {
    // Each signed-in person saves their own details unchanged: the policy has no other subject.
    route: POLICY_ROUTE,
    name: 'the PROFILE_UPDATE policy with the caller’s own details',
    tokenIn: 'body',
    request: ({ profileOf }, token, caller) => ({
      method: 'POST',
      path: policyPath('PROFILE_UPDATE'),
      json: { accessToken: token ?? undefined, hostname: 'localhost', rawData: profileOf(caller) },
    }),
    answers: signedIn({
      customer: 200,
      'other customer': 200,
      AnyWealthAdvisor: 200,
      AnyMarketing: 200,
      CustomerServiceRep: 200,
    }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the SIGN_IN_METHOD policy (Password, the same password)',
    tokenIn: 'body',
    stepUpFirst: true,
    request: (_context, token) => ({
      method: 'POST',
      path: policyPath('SIGN_IN_METHOD'),
      json: {
        accessToken: token ?? undefined,
        rawData: {
          [`${config.productId}UserAuthnPreferences`]: 'Password',
          userPassword: [DEMO_PASSWORD],
        },
      },
    }),
    answers: signedIn({
      customer: 200,
      'other customer': 200,
      AnyWealthAdvisor: 401,
      AnyMarketing: 401,
      CustomerServiceRep: 401,
    }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the PHISHING_EMAIL policy to the customer’s address',
    tokenIn: 'body',
    request: ({ customer }, token) => ({
      method: 'POST',
      path: policyPath('PHISHING_EMAIL'),
      json: { accessToken: token ?? undefined, to: customer.email, host: 'localhost' },
    }),
    answers: signedIn({ customer: 200, 'other customer': 400 }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the RESET_VERIFICATION policy',
    tokenIn: 'body',
    request: (_context, token) => ({
      method: 'POST',
      path: policyPath('RESET_VERIFICATION'),
      json: { accessToken: token ?? undefined, host: 'localhost' },
    }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the WALLET_PAIRING policy for the customer’s subject',
    tokenIn: 'body',
    request: ({ customer }, token) => ({
      method: 'POST',
      path: policyPath('WALLET_PAIRING'),
      json: { accessToken: token ?? undefined, step: 'start', subject: customer.id },
    }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the HELP_DESK policy on the customer',
    tokenIn: 'body',
    request: ({ customer }, token) => ({
      method: 'POST',
      path: policyPath('HELP_DESK'),
      json: { accessToken: token ?? undefined, step: 'start', username: customer.uid },
    }),
    answers: signedIn({ CustomerServiceRep: 200 }),
  },

  // --- Partner data: only the portal's own staff, with their own token ----------------------
  {
    route: route('GET', ADVISOR_CONSENTS_API_PATH),
    name: 'the advisor’s consenting clients',
    request: () => ({ path: `${ADVISOR_CONSENTS_API_PATH}?definition=share-account-balances` }),
    answers: signedIn({ AnyWealthAdvisor: 200 }),
  },
  {
    route: route('GET', CLIENT_BALANCES_API_PATH),
    name: 'the customer’s balances, as her advisor sees them',
    request: ({ customer }) => ({ path: `${CLIENT_BALANCES_API_PATH}?subject=${customer.id}` }),
    answers: signedIn({ AnyWealthAdvisor: 200 }),
  },
  {
    route: route('GET', SCIM_USERS_API_PATH),
    name: 'the marketing SCIM lookup of the customer',
    request: ({ customer }) => ({
      path: `${SCIM_USERS_API_PATH}?filter=${encodeURIComponent(scimUidEquals(customer.uid))}`,
    }),
    answers: signedIn({ AnyMarketing: 200 }),
  },
  {
    route: route('GET', `${SCIM_USERS_API_PATH}/:id`),
    name: 'the customer’s SCIM resource, at its meta.location',
    request: ({ customer }) => ({ path: scimUserPath(customer.id) }),
    answers: signedIn({ AnyMarketing: 200 }),
  },

  // Last: it removes the customer (and the other customer) for good.
  {
    // A partner is told in the body, as the admin page reads a delete failure (§8).
    route: POLICY_ROUTE,
    name: 'the DELETE_USER policy',
    tokenIn: 'body',
    request: (_context, token) => ({
      method: 'POST',
      path: policyPath('DELETE_USER'),
      json: { accessToken: token ?? undefined, host: 'localhost' },
    }),
    answers: signedIn({
      customer: 200,
      'other customer': 200,
      AnyWealthAdvisor: 200,
      AnyMarketing: 200,
      CustomerServiceRep: 200,
    }),
    bodies: {
      customer: { success: true },
      'other customer': { success: true },
      AnyWealthAdvisor: { success: false },
      AnyMarketing: { success: false },
      CustomerServiceRep: { success: false },
    },
  },
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
