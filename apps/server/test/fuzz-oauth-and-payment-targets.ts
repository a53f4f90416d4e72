import fc from 'fast-check';
import {
  OB_TRANSACTIONS_API_PATH,
  PAYMENTS_API_PATH,
  PAYMENT_CONSENTS_API_PATH,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  RETAIL_CALLBACK_PATH,
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_ORDERS_API_PATH,
  RETAIL_RESUBMISSION_API_PATH,
  SHOP_BANK_EXCHANGES_API_PATH,
  OAUTH_PATHS,
  obTransactionsPath,
  walletCheckPaths,
  RETAIL_BACKCHANNEL_LOGOUT_PATH,
  RETAIL_SHOPPER_API_PATH,
} from '@anybank/contracts';
import { hostileString, refusedJsonBody } from './hostile-input';
import { hostileSegment } from './hostile-request';
import {
  PAY_BY_BANK_SHARD,
  type Target,
  XSRF,
  constant,
  dpopTarget,
  mostly,
  oauthPost,
  text,
} from './fuzz-target';

// The fuzz's oidc-provider endpoints, operations and pay by bank (fuzz-suite.ts).

export const OAUTH_AND_PAYMENT_TARGETS: Target[] = [
  // --- oidc-provider's JSON endpoints (RFC 6749 errors) -------------------------------------
  oauthPost(OAUTH_PATHS.token),
  oauthPost(OAUTH_PATHS.revocation),
  oauthPost(OAUTH_PATHS.backchannel),
  oauthPost(OAUTH_PATHS.pushedAuthorization),
  oauthPost(OAUTH_PATHS.userinfo, (context) => context.tokens.customer),
  ...[OAUTH_PATHS.userinfo, OAUTH_PATHS.jwks, OAUTH_PATHS.discovery].map((path): Target => ({
    route: { method: 'GET', url: path },
    shape: 'oauth',
    spec: (context) => ({
      method: 'GET',
      path: constant(path),
      token: path === OAUTH_PATHS.userinfo ? context.tokens.customer : null,
    }),
  })),

  // --- Operations ----------------------------------------------------------------------------
  // The metrics behind METRICS_TOKEN, with hostile headers (Authorization among
  // them) and query strings. Last, so that no other target moved between shards: it falls in
  // fuzz-3, which had the fewest.
  {
    route: { method: 'GET', url: '/metrics' },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant('/metrics') }),
  },

  // --- Pay by bank (ADR 0023) ----------------------------------------------------------------
  // Pinned to the shard with the fewest requests, so that appending them moves no other target.
  // The payment API with the shop's DPoP-bound token and a fresh proof of its key for each
  // request as sent, so that hostile bodies, paths and queries reach the input checks (the
  // hostile Authorization headers go without one). A proof costs a signature, and its jti a
  // row in the provider's replay store: 300 requests each.
  dpopTarget('POST', PAYMENT_CONSENTS_API_PATH, () => ({
    path: constant(PAYMENT_CONSENTS_API_PATH),
    body: refusedJsonBody(
      { amountCents: 4210, currency: 'USD', payeeAccountId: 'x', reference: 'ORDER-1' },
      [text(['currency']), text(['payeeAccountId']), text(['reference'])],
    ),
  })),
  dpopTarget('GET', `${PAYMENT_CONSENTS_API_PATH}/:consentId`, (context) => ({
    path: mostly(
      `${PAYMENT_CONSENTS_API_PATH}/${context.shop.consentId}`,
      fc.oneof(fc.uuid(), hostileSegment).map((id) => `${PAYMENT_CONSENTS_API_PATH}/${id}`),
    ),
  })),
  dpopTarget('POST', PAYMENTS_API_PATH, (context) => ({
    path: constant(PAYMENTS_API_PATH),
    // The shop's own token pays nothing even with a good body (no customer): broken bodies only.
    body: refusedJsonBody(
      {
        consentId: context.shop.consentId,
        amountCents: 4210,
        currency: 'USD',
        payeeAccountId: context.shop.merchantAccountId,
      },
      [text(['consentId']), text(['currency']), text(['payeeAccountId'])],
    ),
  })),
  {
    // This browser holds no payment to confirm: every request is refused.
    route: { method: 'GET', url: PAYMENT_CONSENT_SCREEN_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'GET',
      path: constant(PAYMENT_CONSENT_SCREEN_API_PATH),
      query: ['interaction'],
    }),
  },
  {
    route: { method: 'POST', url: PAYMENT_CONSENT_SCREEN_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: (context) => ({
      method: 'POST',
      path: constant(PAYMENT_CONSENT_SCREEN_API_PATH),
      headers: XSRF,
      // With a one-time code, as the code step sends it: the code is optional, and a stranger's
      // body with any code is refused as one without.
      body: refusedJsonBody(
        {
          interaction: context.strangersFlowId,
          decision: 'allow',
          accountId: context.checkingId,
          code: '123456',
        },
        [text(['decision'])],
      ),
    }),
  },
  // The retail shop's own calls: a broken cart starts nothing at the bank; a browser without
  // the shop's order cookie (or with a forged one) has no order, and its return pays nothing.
  {
    route: { method: 'POST', url: RETAIL_CHECKOUT_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'POST',
      path: constant(RETAIL_CHECKOUT_API_PATH),
      headers: XSRF,
      body: refusedJsonBody({ items: ['merino-socks'] }, [{ path: ['items'], kind: 'array' }]),
    }),
  },
  {
    route: { method: 'GET', url: `${RETAIL_ORDERS_API_PATH}/:orderId` },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'GET',
      path: fc.oneof(fc.uuid(), hostileSegment).map((id) => `${RETAIL_ORDERS_API_PATH}/${id}`),
    }),
  },
  {
    // The Shop ⇄ Bank view: without the order's cookie there is nothing to read.
    route: { method: 'GET', url: SHOP_BANK_EXCHANGES_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'GET',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => SHOP_BANK_EXCHANGES_API_PATH.replace(':orderId', id)),
    }),
  },
  {
    route: { method: 'GET', url: RETAIL_CALLBACK_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'GET',
      path: constant(RETAIL_CALLBACK_PATH),
      query: ['code', 'state', 'iss', 'error', 'error_description'],
    }),
  },
  {
    // The presenter's second submission (a demo tool): a browser without a paid order of its
    // own has nothing to submit, and nothing reaches the bank.
    route: { method: 'POST', url: RETAIL_RESUBMISSION_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'POST',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => `${RETAIL_ORDERS_API_PATH}/${id}/resubmission`),
      headers: XSRF,
    }),
  },
  // The shop's wallet checks (OpenID4VP, ADR 0027): a broken purpose starts nothing; an id
  // that is no check of this browser reads nothing; a wallet's form answer to a check that
  // does not exist changes nothing, whatever it holds.
  {
    route: { method: 'POST', url: walletCheckPaths.start },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'POST',
      path: constant(walletCheckPaths.start),
      headers: XSRF,
      body: refusedJsonBody({ purpose: 'age' }, [text(['purpose'])]),
    }),
  },
  ...(['requestObject', 'result'] as const).map((name): Target => ({
    route: { method: 'GET', url: walletCheckPaths[name] },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'GET',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => walletCheckPaths[name].replace(':checkId', id)),
    }),
  })),
  {
    route: { method: 'POST', url: walletCheckPaths.response },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'POST',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => walletCheckPaths.response.replace(':checkId', id)),
      body: fc
        .array(
          fc.tuple(
            fc.constantFrom('vp_token', 'state', 'error', 'error_description', '__proto__'),
            fc.oneof(
              fc.constantFrom('access_denied', '{"anybank_verified_customer":["a~b~"]}'),
              hostileString,
            ),
          ),
          { maxLength: 5 },
        )
        .map((pairs) => ({
          payload: new URLSearchParams(pairs).toString(),
          contentType: 'application/x-www-form-urlencoded',
        })),
    }),
  },
  {
    // The shop's own token reading its company's account (ADR 0023), with hostile pages,
    // paths and headers; a read changes nothing, and is not audited (the company's own data).
    ...dpopTarget('GET', OB_TRANSACTIONS_API_PATH, (context) => ({
      path: mostly(
        obTransactionsPath(context.shop.merchantAccountId),
        hostileSegment.map((id) => OB_TRANSACTIONS_API_PATH.replace(':accountId', id)),
      ),
      query: ['page'],
    })),
    variant: 'the retail shop’s own DPoP token',
  },
  // The shop's back-channel logout (ADR 0028): a form whose logout token is not the bank's
  // ends nothing; a browser without the shop's session cookie is no shopper.
  {
    route: { method: 'POST', url: RETAIL_BACKCHANNEL_LOGOUT_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    // The shop notes each refused logout token in the audit log.
    auditedRefusals: ['shop.backchannel_logout_refused'],
    spec: () => ({
      method: 'POST',
      path: constant(RETAIL_BACKCHANNEL_LOGOUT_PATH),
      body: fc
        .array(
          fc.tuple(
            fc.constantFrom('logout_token', '__proto__'),
            fc.oneof(
              fc.constantFrom('eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.', 'a.b.c'),
              hostileString,
            ),
          ),
          { maxLength: 3 },
        )
        .map((pairs) => ({
          payload: new URLSearchParams(pairs).toString(),
          contentType: 'application/x-www-form-urlencoded',
        })),
    }),
  },
  {
    route: { method: 'GET', url: RETAIL_SHOPPER_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({ method: 'GET', path: constant(RETAIL_SHOPPER_API_PATH) }),
  },
];
