import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { TRANSFERS_API_PATH } from '@anybank/contracts';
import { accounts, auditEvents, transfers, users } from '../src/db/schema';
import { signedInCustomer, startBankingServer, type apiClient } from './banking-server';
import { PERSON_RISK_PAYLOAD, type Server } from './sign-in-driver';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

// What the banking API tests (balances, access, a transfer's checks, transfers) share: a seeded
// server with jane and emily signed in, and what a test reads back from the database.

type Call = ReturnType<typeof apiClient>;

export interface Customer {
  id: string;
  call: Call;
  checking: string;
  savings: string;
  visa: string;
}

/**
 * A seeded banking server on a fresh test database of `kind`, for the tests of one `describe`:
 * started before them with jane and emily signed in, stopped after them.
 */
export function bankingApiOn(kind: DatabaseKind) {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let jane: Customer;
  let emily: Customer;

  /** A seeded customer, signed in, with their accounts in position order. */
  const customer = (uid: string): Promise<Customer> => signedInCustomer(test, origin, uid);

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    jane = await customer('jane.doe');
    emily = await customer('emily.chen');
    // Jane's transfers here add up to more than the default $1,000 approval threshold (the
    // day's running total counts); the approval steps have their own tests.
    await test.handle.db.update(users).set({ cibaThreshold: 9_000 }).where(eq(users.id, jane.id));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function balancesOf(...ids: string[]): Promise<number[]> {
    const rows = await test.handle.db.select().from(accounts);
    return ids.map((id) => {
      const row = rows.find((each) => each.id === id);
      if (!row) throw new Error(`no account ${id}`);
      return row.balanceCents;
    });
  }

  async function transfersOf(userId: string) {
    return test.handle.db.select().from(transfers).where(eq(transfers.userId, userId));
  }

  async function auditCount(type: string, userId: string) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, type), eq(auditEvents.userId, userId)));
    return rows.length;
  }

  function transfer(
    who: Customer,
    attributes: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    return who.call(TRANSFERS_API_PATH, {
      method: 'POST',
      body: { data: { type: 'transfers', attributes } },
      headers,
    });
  }

  function janeToSavings(amount: unknown, riskData: unknown = PERSON_RISK_PAYLOAD) {
    return {
      from_account_id: jane.checking,
      to_account_id: jane.savings,
      amount,
      risk_data: riskData,
    };
  }

  return {
    /** The test database's handle, once the tests run. */
    get db() {
      return test.handle.db;
    },
    get origin() {
      return origin;
    },
    get jane() {
      return jane;
    },
    get emily() {
      return emily;
    },
    customer,
    balancesOf,
    transfersOf,
    auditCount,
    transfer,
    janeToSavings,
  };
}
