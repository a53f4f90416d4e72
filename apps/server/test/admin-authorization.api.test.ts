import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  directoryEntryPath,
  orchestrationPaths,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import { apiClient, signedInCustomer, startBankingServer } from './banking-server';
import { PARTNER_STAFF, partnerToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';
import {
  type Call,
  type PartnerType,
  PARTNER_TYPES,
  type Customer,
  recordingApprovals,
} from './admin-fixtures';

// The demo admin API's authorization: only a customer's own token does an admin action.
describe.each(DATABASE_KINDS)('demo admin API on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  const phone = recordingApprovals();
  const partnerTokens = {} as Record<PartnerType, string>;
  let jane: Customer;

  const customer = (uid: string): Promise<Customer> => signedInCustomer(test, origin, uid);

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    const started = await startBankingServer(test, { approvals: phone.approvals });
    ({ server, origin } = started);
    // startBankingServer runs with the defaults of these (company, product and policy ids).
    config = testConfig();
    jane = await customer('jane.doe');
    for (const type of PARTNER_TYPES) partnerTokens[type] = await partnerToken(origin, type);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  function startPolicy(policyId: string, body: Record<string, unknown>) {
    return fetch(new URL(orchestrationPaths.policyStart(config.companyId, policyId), origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const attribute = (name: 'CibaThreshold' | 'DenyThreshold' | 'AccountTier') =>
    `${config.productId}${name}`;

  describe('authorization matrix: only a customer’s own token does an admin action', () => {
    type Caller = 'customer' | PartnerType | 'none';
    const CALLERS: Caller[] = ['customer', ...PARTNER_TYPES, 'none'];

    /** Each admin endpoint, called as `uid` with `token`: did it do what it was asked? */
    const ENDPOINTS: {
      name: string;
      call: (uid: string, token: string | null) => Promise<Response>;
    }[] = [
      {
        name: 'GET directory entry',
        call: (uid, token) => bearer(token)(directoryEntryPath(uid)),
      },
      {
        name: 'PUT directory entry',
        call: (uid, token) =>
          bearer(token)(directoryEntryPath(uid), {
            method: 'PUT',
            body: { [attribute('CibaThreshold')]: null },
          }),
      },
      {
        name: 'PATCH directory entry',
        call: (uid, token) =>
          bearer(token)(directoryEntryPath(uid), {
            method: 'PATCH',
            body: {
              modifications: [
                {
                  attributeName: attribute('AccountTier'),
                  modificationType: 'set',
                  values: ['personal'],
                },
              ],
            },
          }),
      },
      {
        name: 'PUT admin thresholds',
        call: (_uid, token) =>
          bearer(token)(ADMIN_THRESHOLDS_PATH, {
            method: 'PUT',
            body: { cibaThreshold: '1000', denyThreshold: '10000' },
          }),
      },
      {
        name: 'PUT admin account tier',
        call: (_uid, token) =>
          bearer(token)(ADMIN_ACCOUNT_TIER_PATH, {
            method: 'PUT',
            body: { accountTier: 'personal' },
          }),
      },
      {
        name: 'PUT risk override',
        call: (_uid, token) =>
          bearer(token)('/api/admin/risk-override', { method: 'PUT', body: { enabled: false } }),
      },
      {
        name: 'phishing email policy',
        call: (uid, token) =>
          startPolicy(config.policyIds.PHISHING_EMAIL, {
            to: `${uid}@example.com`,
            ...(token ? { accessToken: token } : {}),
          }),
      },
      {
        name: 'reset verification policy',
        call: (_uid, token) =>
          startPolicy(config.policyIds.RESET_VERIFICATION, token ? { accessToken: token } : {}),
      },
    ];

    function bearer(token: string | null): Call {
      if (token) return apiClient(origin, token);
      return (path, init = {}) =>
        fetch(new URL(path, origin), {
          method: init.method ?? 'GET',
          headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
    }

    function callerOf(caller: Caller): { uid: string; token: string | null } {
      if (caller === 'customer') return { uid: jane.uid, token: jane.token };
      if (caller === 'none') return { uid: jane.uid, token: null };
      return { uid: PARTNER_STAFF[caller], token: partnerTokens[caller] };
    }

    // Writing the directory's bank attributes succeeds for nobody now.
    const WRITES_NOBODY = new Set(['PUT directory entry', 'PATCH directory entry']);
    const rows = ENDPOINTS.flatMap((endpoint) =>
      CALLERS.map((caller) => ({
        endpoint,
        caller,
        allowed: caller === 'customer' && !WRITES_NOBODY.has(endpoint.name),
      })),
    );

    it.each(rows)(
      '$endpoint.name as $caller: succeeds only for the customer',
      async ({ endpoint, caller, allowed }) => {
        const { uid, token } = callerOf(caller);
        const response = await endpoint.call(uid, token);
        const body = (await response.json().catch(() => null)) as { success?: boolean } | null;
        const succeeded = response.ok && body?.success !== false;
        expect(succeeded, `${response.status} ${JSON.stringify(body)}`).toBe(allowed);
        if (!allowed) expect([401, 403]).toContain(response.status);
      },
    );
  });
});
