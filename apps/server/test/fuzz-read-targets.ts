/* eslint-disable @typescript-eslint/no-non-null-assertion -- the fuzz test's own code, shared
   by its shards: test code, where eslint.config allows it. */
import fc from 'fast-check';
import {
  BRANDING_API_PATH,
  ADVISOR_CLIENTS_API_PATH,
  ADVISOR_CONSENTS_API_PATH,
  API_DOCS_PATHS,
  ACCOUNT_ACTIVITY_API_PATH,
  ACCOUNT_ACTIVITY_CSV_API_PATH,
  ACCOUNT_STATEMENTS_API_PATH,
  BALANCES_API_PATH,
  OB_TRANSACTIONS_API_PATH,
  PAYMENT_ACTIVITY_API_PATH,
  RECENT_ACTIVITY_API_PATH,
  CLIENT_BALANCES_API_PATH,
  CONSENTS_API_PATH,
  DIRECTORY_API_ROOT,
  FLOW_API_PATH,
  MENU_OPTIONS_API_PATH,
  SCIM_USERS_API_PATH,
  directoryEntryPath,
  orchestrationPaths,
} from '@anybank/contracts';
import { hostileSegment } from './hostile-request';
import { CUSTOMER, type Target, config, constant, mostly } from './fuzz-target';

// The fuzz's reads without a body: hostile query strings and headers (fuzz-suite.ts).

export const READ_TARGETS: Target[] = [
  // --- Reads without a body: hostile query strings and headers ------------------------------
  ...[
    ['/healthz', null],
    ['/readyz', null],
    [BRANDING_API_PATH, null],
    [MENU_OPTIONS_API_PATH, 'customer'],
    [BALANCES_API_PATH, 'customer'],
    [RECENT_ACTIVITY_API_PATH, 'customer'],
    ['/api/me', 'customer'],
    ['/api/authn/devices', 'customer'],
  ].map(([path, who]): Target => ({
    route: { method: 'GET', url: path! },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(path!),
      token: who ? context.tokens.customer : null,
    }),
  })),
  {
    route: { method: 'GET', url: API_DOCS_PATHS.document },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(API_DOCS_PATHS.document) }),
    // Its answer is one fixed document of ~340 KB, which `inject` takes ~9 ms to hand back
    // (over HTTP the server sends it as fast as /healthz): a quarter of the whole fuzz at RUNS,
    // for a query string and headers that reach the same code as every other GET's.
    runs: 100,
  },
  {
    route: { method: 'GET', url: '/api/dev/outbox' },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant('/api/dev/outbox'), query: ['to', 'limit'] }),
  },
  {
    route: { method: 'GET', url: CONSENTS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(CONSENTS_API_PATH),
      token: context.tokens.customer,
      query: ['subject', 'definition'],
    }),
  },
  {
    route: { method: 'GET', url: ADVISOR_CONSENTS_API_PATH },
    auditedRead: true,
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(ADVISOR_CONSENTS_API_PATH),
      token: context.tokens.advisor,
      query: ['definition', 'subject'],
    }),
  },
  {
    route: { method: 'GET', url: ADVISOR_CLIENTS_API_PATH },
    auditedRead: true,
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(ADVISOR_CLIENTS_API_PATH),
      token: context.tokens.advisor,
      query: ['search'],
    }),
  },
  {
    route: { method: 'GET', url: CLIENT_BALANCES_API_PATH },
    auditedRead: true,
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(CLIENT_BALANCES_API_PATH),
      token: context.tokens.advisor,
      query: ['subject'],
    }),
  },
  // Account activity. Each answer reads a page of the seeded ledger, so these
  // send fewer requests: the hostile query is refused by the same schema on every one.
  ...[
    [ACCOUNT_ACTIVITY_API_PATH, ['from', 'to', 'q', 'min', 'max', 'page', 'pageSize']],
    [ACCOUNT_ACTIVITY_CSV_API_PATH, ['from', 'to', 'q', 'min', 'max']],
    [ACCOUNT_STATEMENTS_API_PATH, []],
    [OB_TRANSACTIONS_API_PATH, ['page']],
  ].map(([url, query]): Target => ({
    route: { method: 'GET', url: url as string },
    shape: 'api',
    runs: 300,
    spec: (context) => ({
      method: 'GET',
      path: mostly(
        (url as string).replace(':accountId', context.checkingId),
        hostileSegment.map((id) => (url as string).replace(':accountId', id)),
      ),
      token: context.tokens.customer,
      query: query as string[],
    }),
  })),
  {
    route: { method: 'GET', url: PAYMENT_ACTIVITY_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(PAYMENT_ACTIVITY_API_PATH),
      token: context.tokens.customer,
      query: ['page', 'pageSize'],
    }),
  },
  {
    route: { method: 'GET', url: SCIM_USERS_API_PATH },
    auditedRead: true,
    shape: 'scim',
    spec: (context) => ({
      method: 'GET',
      path: constant(SCIM_USERS_API_PATH),
      token: context.tokens.marketing,
      query: ['filter', 'startIndex', 'count'],
    }),
  },
  {
    route: { method: 'GET', url: `${SCIM_USERS_API_PATH}/:id` },
    auditedRead: true,
    shape: 'scim',
    spec: (context) => ({
      method: 'GET',
      path: fc
        .oneof(fc.constant(context.customerId), fc.uuid(), hostileSegment)
        .map((id) => `${SCIM_USERS_API_PATH}/${id}`),
      token: context.tokens.marketing,
    }),
  },
  {
    // The viewer's files by name: a small one of them, or a hostile name (404 in the API's shape).
    route: { method: 'GET', url: `${API_DOCS_PATHS.page}/:file` },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: fc
        .oneof(fc.constant('api-docs.js'), hostileSegment)
        .map((file) => `${API_DOCS_PATHS.page}/${file}`),
    }),
  },
  {
    route: { method: 'GET', url: '/ext/ref/return' },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: constant('/ext/ref/return'),
      query: ['code', 'state', 'error', 'error_description'],
    }),
  },
  {
    route: { method: 'GET', url: `${DIRECTORY_API_ROOT}/:dn` },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: mostly(
        directoryEntryPath(CUSTOMER),
        hostileSegment.map((dn) => `${DIRECTORY_API_ROOT}/${dn}`),
      ),
      token: context.tokens.customer,
    }),
  },
  {
    route: { method: 'GET', url: `${FLOW_API_PATH}/:flowId` },
    shape: 'flow',
    spec: (context) => ({
      method: 'GET',
      path: fc
        .oneof(fc.constant(context.strangersFlowId), fc.uuid(), hostileSegment)
        .map((id) => `${FLOW_API_PATH}/${id}`),
      token: context.tokens.customer,
    }),
  },
  {
    route: { method: 'GET', url: '/api/mobile/devices/:deviceId/push-requests' },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => `/api/mobile/devices/${id}/push-requests`),
    }),
  },
  {
    route: { method: 'GET', url: '/api/orchestration/:companyId/sdktoken' },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: mostly(
        orchestrationPaths.sdkToken(config.companyId),
        hostileSegment.map((company) => orchestrationPaths.sdkToken(company)),
      ),
    }),
  },
];
