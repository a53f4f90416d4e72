import { RETAIL_SHOP_COMPANY_UID, payByBankMessages } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { findUserByUid, insertDirectoryEntry, listAccountsOf } from '../directory';

/**
 * The shop's company as a customer of the bank: no password, it never signs in. Its uid is the
 * one the shop's OAuth client is registered to (client-scopes.rules.ts, CLIENT_COMPANIES).
 */
const MERCHANT = {
  uid: RETAIL_SHOP_COMPANY_UID,
  firstName: 'Retail Shop',
  lastName: 'Ltd',
  email: 'payments@retail-shop.example',
} as const;

/**
 * The checking account of the shop's company at AnyBank (issue 16 §2), opened the first time
 * the shop needs it (after a demo reset too): a business customer with the usual accounts,
 * empty, which no one can sign in as. The shop learns its account number from its bank, as a
 * real merchant does; it is not a demo customer, so no customer list grows before it is used.
 */
export async function merchantAccountId(db: Database): Promise<string> {
  const existing = await findUserByUid(db, MERCHANT.uid);
  const owner =
    existing ??
    (await db.transaction(async (tx) => {
      const raced = await findUserByUid(tx, MERCHANT.uid);
      if (raced) return raced;
      const { user } = await insertDirectoryEntry(tx, {
        user: { ...MERCHANT, userType: 'customer', passwordHash: null },
        devices: [],
        openAccounts: true,
      });
      return user;
    }));
  const checking = (await listAccountsOf(db, owner.id)).find((a) => a.kind === 'checking');
  if (!checking) throw new Error(`${payByBankMessages.merchantName} has no checking account`);
  return checking.id;
}
