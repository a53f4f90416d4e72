import type { ConsentToPay } from '../banking';
import { lockConsentIfAuthorised, markConsentConsumed } from './payment-consent.store';

/**
 * The payments module's port for banking's payment ledger (ADR 0023): the ledger consumes the
 * consent in the transaction that moves the money, without naming the payments' table. The
 * payments' register hands it to the ledger it builds (payments.module.ts).
 */
export const consentToPay: ConsentToPay = {
  lockIfAuthorised: lockConsentIfAuthorised,
  markConsumed: markConsentConsumed,
};
