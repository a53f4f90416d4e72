import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  CLIENT_BALANCES_API_PATH,
  SCIM_USERS_API_PATH,
  scimListResponseSchema,
} from '@anybank/contracts';
import { accounts, auditEvents } from '../src/db/schema';
import { type apiClient, userIdOf } from './banking-server';
import type { TestDatabase } from './test-database';

// What the partner-data tests read (partner-data.api.test.ts): a customer's accounts, the audit
// of partner reads, an advisor's view of balances and marketing's SCIM search.

/** A partner's signed-in calls (banking-server.ts). */
export type Call = ReturnType<typeof apiClient>;

/** The reads, as the partners the test signed in (read when called). */
export function partnerDataReads(
  env: () => { test: TestDatabase; advisor: Call; marketing: Call },
) {
  async function accountIdsOf(uid: string): Promise<string[]> {
    const rows = await env()
      .test.handle.db.select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.ownerId, await userIdOf(env().test, uid)))
      .orderBy(accounts.position);
    return rows.map((row) => row.id);
  }

  async function partnerReadsBy(readerId: string, type = 'partner.read') {
    const rows = await env()
      .test.handle.db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, type), eq(auditEvents.userId, readerId)))
      .orderBy(auditEvents.id);
    return rows.map((row) => row.details as Record<string, unknown>);
  }

  async function balancesOf(uid: string) {
    const subject = await userIdOf(env().test, uid);
    return env().advisor(`${CLIENT_BALANCES_API_PATH}?subject=${subject}`);
  }

  async function scimSearch(filter: string, paging = '') {
    const response = await env().marketing(
      `${SCIM_USERS_API_PATH}?filter=${encodeURIComponent(filter)}${paging}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/scim+json');
    return scimListResponseSchema.parse(await response.json());
  }
  return { accountIdsOf, partnerReadsBy, balancesOf, scimSearch };
}
