import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVISOR_CONSENTS_API_PATH,
  CLIENT_BALANCES_API_PATH,
  SCIM_USERS_API_PATH,
  directoryAttributeNames,
  directoryEntryPath,
  scimUidEquals,
  type UserType,
} from '@anybank/contracts';
import { apiClient, startBankingServer, userIdOf } from './banking-server';
import { applicationToken, partnerToken, signedInToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

/**
 * Every partner and admin endpoint × every kind of caller: only the user type the endpoint is
 * for gets through. A new endpoint is one more row in ENDPOINTS.
 */

/** The customer whose token the matrix uses; the admin rows act on her own entry. */
const CUSTOMER = 'ava.thomas';
const ATTRIBUTES = directoryAttributeNames(testConfig().productId);

interface Context {
  janeId: string;
}

interface Endpoint {
  name: string;
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  path: (context: Context) => string;
  body?: unknown;
  /** The one user type the endpoint serves, and what it answers that type. */
  allowed: UserType;
  success: number;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'the advisor’s consenting clients',
    method: 'GET',
    path: () => `${ADVISOR_CONSENTS_API_PATH}?definition=share-account-balances`,
    allowed: 'AnyWealthAdvisor',
    success: 200,
  },
  {
    name: 'a client’s balances by subject',
    method: 'GET',
    path: ({ janeId }) => `${CLIENT_BALANCES_API_PATH}?subject=${janeId}`,
    allowed: 'AnyWealthAdvisor',
    success: 200,
  },
  {
    name: 'the marketing SCIM lookup',
    method: 'GET',
    path: () => `${SCIM_USERS_API_PATH}?filter=${encodeURIComponent(scimUidEquals('jane.doe'))}`,
    allowed: 'AnyMarketing',
    success: 200,
  },
  {
    name: 'the admin’s high-risk switch',
    method: 'PUT',
    path: () => '/api/admin/risk-override',
    body: { enabled: false },
    allowed: 'customer',
    success: 204,
  },
  {
    name: 'reading the own directory entry',
    method: 'GET',
    path: () => directoryEntryPath(CUSTOMER),
    allowed: 'customer',
    success: 200,
  },
  {
    name: 'replacing the own directory entry’s attributes',
    method: 'PUT',
    path: () => directoryEntryPath(CUSTOMER),
    body: { [ATTRIBUTES.accountTier]: ['personal'] },
    allowed: 'customer',
    success: 200,
  },
  {
    name: 'modifying the own directory entry',
    method: 'PATCH',
    path: () => directoryEntryPath(CUSTOMER),
    body: {
      modifications: [
        { attributeName: ATTRIBUTES.accountTier, modificationType: 'set', values: ['personal'] },
      ],
    },
    allowed: 'customer',
    success: 200,
  },
];

const CALLERS = [
  'no token',
  'customer',
  'AnyWealthAdvisor',
  'AnyMarketing',
  'CustomerServiceRep',
  'an application (client credentials)',
] as const;
type Caller = (typeof CALLERS)[number];

function expectedStatus(endpoint: Endpoint, caller: Caller): number {
  if (caller === 'no token') return 401;
  return caller === endpoint.allowed ? endpoint.success : 403;
}

const MATRIX = ENDPOINTS.flatMap((endpoint) =>
  CALLERS.map((caller) => ({ endpoint, caller, status: expectedStatus(endpoint, caller) })),
);

describe.each(DATABASE_KINDS)('who may call the partner and admin APIs, on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let context: Context;
  const tokens = new Map<Caller, string | null>();

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    ({ server, origin } = await startBankingServer(test));
    context = { janeId: await userIdOf(test, 'jane.doe') };
    tokens.set('no token', null);
    tokens.set('customer', await signedInToken(origin, CUSTOMER));
    tokens.set('AnyWealthAdvisor', await partnerToken(origin, 'AnyWealthAdvisor'));
    tokens.set('AnyMarketing', await partnerToken(origin, 'AnyMarketing'));
    tokens.set('CustomerServiceRep', await partnerToken(origin, 'CustomerServiceRep'));
    tokens.set('an application (client credentials)', await applicationToken(origin, testConfig()));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  function call(endpoint: Endpoint, caller: Caller) {
    const token = tokens.get(caller);
    const init = { method: endpoint.method, body: endpoint.body };
    const path = endpoint.path(context);
    if (token) return apiClient(origin, token)(path, init);
    return fetch(new URL(path, origin), {
      method: init.method,
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  it.each(MATRIX.map((row) => [row.endpoint.name, row.caller, row.status, row] as const))(
    '%s, called with %s, answers %i',
    async (_name, _caller, status, { endpoint, caller }) => {
      const response = await call(endpoint, caller);
      expect(response.status).toBe(status);
      if (status >= 400) {
        // A refusal carries a reason and nothing of anyone's data.
        expect(Object.keys((await response.json()) as object)).toEqual(['message']);
      }
    },
  );

  it('refuses an application token because no person stands behind it', async () => {
    const response = await call(ENDPOINTS[0]!, 'an application (client credentials)');
    expect(await response.json()).toEqual({
      message: 'This service needs the access token of a signed-in user.',
    });
  });
});
