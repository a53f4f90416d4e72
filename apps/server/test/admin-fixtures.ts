import { eq } from 'drizzle-orm';
import { orchestrationPaths } from '@anybank/contracts';
import type { Config } from '../src/config';
import { users } from '../src/db/schema';
import type { TransferApprovals } from '../src/modules/banking/banking.service';
import { signedInCustomer, startBankingServer, type apiClient } from './banking-server';
import { PARTNER_STAFF, partnerToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

// What the demo admin API's tests share: the partners, a signed-in customer, and the phone's
// transfer approvals answered by the test.

export type Call = ReturnType<typeof apiClient>;
export type PartnerType = keyof typeof PARTNER_STAFF;
export const PARTNER_TYPES = Object.keys(PARTNER_STAFF) as PartnerType[];

export interface Customer {
  uid: string;
  id: string;
  token: string;
  call: Call;
  checking: string;
  savings: string;
}

/** The transfer approvals on the phone, answered by the test: every request is recorded. */
export function recordingApprovals() {
  const asked: { userId: string; amountCents: number }[] = [];
  const approvals: TransferApprovals = {
    async requestApproval(input) {
      asked.push({ userId: input.userId, amountCents: input.amountCents });
      return 'approved';
    },
  };
  return { approvals, asked };
}

/** A seeded database and the banking server on it, as the demo admin API's tests use them. */
export interface AdminServer {
  test: TestDatabase;
  server: Server;
  origin: string;
  /** The configuration the server runs with (startBankingServer's defaults). */
  config: Config;
  partnerTokens: Record<PartnerType, string>;
  jane: Customer;
  /** Signs a seeded customer in. */
  customer(uid: string): Promise<Customer>;
  /** Starts an orchestration policy (the demo admin's actions are policies, document 2 §5). */
  startPolicy(policyId: string, body: Record<string, unknown>): Promise<Response>;
  /** A user's row as stored now, or null once deleted. */
  storedUser(id: string): Promise<typeof users.$inferSelect | null>;
  stop(): Promise<void>;
}

/** Starts the server for one database kind, its phone answered by `approvals`. */
export async function startAdminServer(
  kind: DatabaseKind,
  approvals: TransferApprovals,
): Promise<AdminServer> {
  const test = await createTestDatabase(kind, { seeded: true });
  const { server, origin } = await startBankingServer(test, { approvals });
  const customer = (uid: string) => signedInCustomer(test, origin, uid);
  const config = testConfig();
  const partnerTokens = {} as Record<PartnerType, string>;
  for (const type of PARTNER_TYPES) partnerTokens[type] = await partnerToken(origin, type);
  return {
    test,
    server,
    origin,
    config,
    partnerTokens,
    jane: await customer('jane.doe'),
    customer,
    startPolicy: (policyId, body) =>
      fetch(new URL(orchestrationPaths.policyStart(config.companyId, policyId), origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async storedUser(id) {
      const [row] = await test.handle.db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    async stop() {
      await server.app.close();
      await test.drop();
    },
  };
}
