import { DEMO_PASSWORD } from '@anybank/contracts';
import type { DatabaseHandle } from '../../apps/server/src/db/database';
import {
  NEW_CUSTOMER_BALANCES,
  openAccountsWithOpeningDeposits,
} from '../../apps/server/src/modules/banking';
import { DEVICE_OF_TARGET } from '../../apps/server/src/modules/directory';
import { insertDirectoryEntry } from '../../apps/server/src/modules/directory/new-customer';
import { hashPassword } from '../../apps/server/src/modules/identity/credentials/password.service';

/** A benchmark's own customer: the password and one e-mail device, a new customer's money. */
export interface BenchCustomer {
  uid: string;
  email: string;
  /** Checking, savings, rewards Visa. */
  accountIds: string[];
}

/** Customer `index` of a benchmark's list (every simulated client has one). */
export function customerAt(customers: BenchCustomer[], index: number): BenchCustomer {
  const customer = customers[index % customers.length];
  if (!customer) throw new Error(`no benchmark customer ${index}`);
  return customer;
}

export const benchCustomerUid = (index: number) => `bench.user.${String(index).padStart(3, '0')}`;

/**
 * Adds `count` customers who sign in with DEMO_PASSWORD and an e-mailed code, each with
 * NEW_CUSTOMER_BALANCES: simulated people never share accounts (or the demo users' rows) with
 * each other, so no figure is held up by one person's row locks.
 */
export async function addBenchCustomers(
  database: DatabaseHandle,
  count: number,
): Promise<BenchCustomer[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return database.db.transaction(async (tx) => {
    const customers: BenchCustomer[] = [];
    for (let index = 0; index < count; index += 1) {
      const uid = benchCustomerUid(index);
      const email = `${uid}@example.com`;
      const { user } = await insertDirectoryEntry(tx, {
        user: {
          uid,
          firstName: 'Bench',
          lastName: `Customer ${index}`,
          email,
          userType: 'customer',
          authnPreference: 'Password',
          passwordHash,
          // Far above what the run moves: the bench measures transfers that move money, not
          // the day's running total asking for a code.
          cibaThreshold: 1_000_000,
          denyThreshold: 2_000_000,
        },
        devices: [{ ...DEVICE_OF_TARGET.email, target: email }],
      });
      // A new customer's money, as registration deposits it: ledger entries, not a balance.
      const accounts = await openAccountsWithOpeningDeposits(tx, user.id);
      customers.push({ uid, email, accountIds: accounts.map((account) => account.id) });
    }
    return customers;
  });
}

export { NEW_CUSTOMER_BALANCES };
