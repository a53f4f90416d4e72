/**
 * The consents module as other modules use it: what a customer consented to share, read by
 * the directory's SCIM (communication consent) and the advisor balances (share balances).
 */
export { CONSENT_AUDIENCE, communicationStatus, shareBalancesStatus } from './consent.rules';
export { latestConsentsOf, listConsentsOf } from './consent.store';
export { registerConsents } from './consents.module';
