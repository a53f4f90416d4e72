import { randomBytes, randomUUID } from 'node:crypto';
import {
  CONTACT_UNDO_PATH,
  DEMO_PASSWORD,
  DEMO_RESET_PATH,
  INSPECTOR_EVENTS_PATH,
  INSPECTOR_PATH,
  FLOW_API_PATH,
  PICKUP_INSTANCE_HEADER,
  PICKUP_PATH,
  RISK_API_PATH,
  PRESENTER_PATH,
  orchestrationPaths,
  vendorContentType,
  walletPaths,
} from '@anybank/contracts';
import { LOGOUT_SCRIPT_PATH } from '../src/modules/identity/oauth/oidc.pages';
import { PERSON_RISK_PAYLOAD } from './sign-in-driver';
import {
  FLOW_ROUTE,
  PHONE_KEY,
  POLICY_ROUTE,
  type Row,
  WIDGET_POLICY_BODIES,
  XSRF,
  config,
  everyone,
  policyPath,
  route,
} from './authorization-matrix';

// The authorization matrix's rows for what is public by design (authorization-matrix.api.test.ts).

export const PUBLIC_ROWS: Row[] = [
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
  // With METRICS_TOKEN set only its bearer reads the metrics; no person's or
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
    // "Behind the scenes" (ADR 0021, a demo tool): a panel is the browser's own cookie; a
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
    // A passkey sign-in is a step of the sign-in it answers, bound as every step.
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
];
