import { randomUUID } from 'node:crypto';
import {
  FLOW_API_PATH,
  PAYMENTS_API_PATH,
  PAYMENT_CONSENTS_API_PATH,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  RETAIL_BACKCHANNEL_LOGOUT_PATH,
  RETAIL_CALLBACK_PATH,
  RETAIL_SHOPPER_API_PATH,
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_ORDERS_API_PATH,
  RETAIL_RESUBMISSION_API_PATH,
  SHOP_BANK_EXCHANGES_API_PATH,
  retailResubmissionPath,
  shopBankExchangesPath,
  STEP_UP_PATH,
  walletCheckPath,
  walletCheckPaths,
} from '@anybank/contracts';
import { FLOW_ROUTE, type Row, XSRF, everyone, route, signedIn } from './authorization-matrix';

// The authorization matrix's rows for pay by bank and the retail shop (authorization-matrix.api.test.ts).

export const PAY_BY_BANK_ROWS: Row[] = [
  // The payment API takes only DPoP-bound tokens with a proof (pay-by-bank.api.test.ts
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
  // The retail shop (ADR 0023) is open to every shopper: its checkout registers a payment at
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
    // The Shop ⇄ Bank view: an order's calls to the bank are the ordering browser's alone.
    route: route('GET', SHOP_BANK_EXCHANGES_API_PATH),
    name: 'reading the calls to the bank of another browser’s order at the retail shop',
    request: () => ({ path: shopBankExchangesPath(randomUUID()) }),
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
  // The shop's wallet checks (OpenID4VP, ADR 0027): any shopper starts one; the wallet reads
  // the request object and answers without any token; the result is the starting browser's.
  {
    route: route('POST', walletCheckPaths.start),
    name: 'starting a wallet check at the retail shop',
    request: () => ({
      method: 'POST',
      path: walletCheckPaths.start,
      headers: XSRF,
      json: { purpose: 'age' },
    }),
    answers: everyone(201),
  },
  {
    route: route('GET', walletCheckPaths.requestObject),
    name: 'reading the request object of a wallet check that does not exist',
    request: () => ({ path: walletCheckPath(walletCheckPaths.requestObject, randomUUID()) }),
    answers: everyone(404),
  },
  {
    route: route('POST', walletCheckPaths.response),
    name: 'answering a wallet check that does not exist',
    request: () => ({
      method: 'POST',
      path: walletCheckPath(walletCheckPaths.response, randomUUID()),
      form: { error: 'access_denied', state: 'guessed' },
    }),
    answers: everyone(404),
  },
  {
    route: route('GET', walletCheckPaths.result),
    name: 'reading the result of another browser’s wallet check',
    request: () => ({ path: walletCheckPath(walletCheckPaths.result, randomUUID()) }),
    answers: everyone(404),
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
    // A customer confirms it is them before a sensitive change.
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
  // The shop's back-channel logout (ADR 0028): only a logout token the bank signed ends a
  // session, whoever posts it; a shopper's session is the cookie's browser's.
  {
    route: route('POST', RETAIL_BACKCHANNEL_LOGOUT_PATH),
    name: 'posting a logout token the bank did not sign to the retail shop',
    request: () => ({
      method: 'POST',
      path: RETAIL_BACKCHANNEL_LOGOUT_PATH,
      form: { logout_token: 'eyJhbGciOiJFUzI1NiJ9.eyJzaWQiOiJ4In0.c2ln' },
    }),
    answers: everyone(400),
  },
  {
    route: route('GET', RETAIL_SHOPPER_API_PATH),
    name: 'reading the retail shop’s session without its cookie',
    request: () => ({ path: RETAIL_SHOPPER_API_PATH }),
    answers: everyone(200),
  },
];
