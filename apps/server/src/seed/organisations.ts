import { BANK_ORGANISATIONS } from '@anybank/contracts';
import type { Transaction } from '../db/database';
import { insertAccounts } from '../modules/banking/accounts.store';
import { insertUser } from '../modules/directory/directory.store';

/**
 * The organisations the bank knows, created again after a demo reset emptied the directory,
 * exactly as the migration first made them (drizzle/0014_bank_organisations.sql; the reset's
 * test compares the two): the same ids, names and account numbers, no password, no device, an
 * empty checking account. In the reset's transaction, so that there is never a moment without
 * them.
 */
export async function recreateOrganisations(tx: Transaction): Promise<void> {
  for (const organisation of BANK_ORGANISATIONS) {
    await insertUser(tx, {
      id: organisation.id,
      uid: organisation.uid,
      firstName: organisation.firstName,
      lastName: organisation.lastName,
      email: organisation.email,
      userType: 'customer',
      passwordHash: null,
    });
    await insertAccounts(tx, [
      {
        id: organisation.accountId,
        ownerId: organisation.id,
        kind: 'checking',
        position: 0,
        balanceCents: 0,
        numberSuffix: organisation.accountId.slice(-4),
      },
    ]);
  }
}
