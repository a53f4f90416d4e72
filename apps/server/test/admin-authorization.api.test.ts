import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  directoryEntryPath,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import { apiClient } from './banking-server';
import { PARTNER_STAFF } from './partner-tokens';
import { DATABASE_KINDS } from './test-database';
import {
  type Call,
  type PartnerType,
  PARTNER_TYPES,
  type Customer,
  recordingApprovals,
  startAdminServer,
  type AdminServer,
} from './admin-fixtures';

// The demo admin API's authorization: only a customer's own token does an admin action.
describe.each(DATABASE_KINDS)('demo admin API on %s', (kind) => {
  const phone = recordingApprovals();
  let admin: AdminServer;
  // Read in the tests, once beforeAll has started the server (startAdminServer).
  let origin: string;
  let config: Config;
  let partnerTokens: Record<PartnerType, string>;
  let jane: Customer;

  beforeAll(async () => {
    admin = await startAdminServer(kind, phone.approvals);
    ({ origin, config, partnerTokens, jane } = admin);
  });
  afterAll(() => admin.stop());

  const startPolicy = (policyId: string, body: Record<string, unknown>) =>
    admin.startPolicy(policyId, body);

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
