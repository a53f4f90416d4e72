/**
 * The consents module as other modules use it: what a customer consented to share, read by
 * the advisor balances (the accounts shared) and, handed in by app.ts, the directory's SCIM
 * (the communication consent).
 */
export { CONSENT_AUDIENCE, communicationStatus, shareBalancesStatus } from './consent.rules';
export {
  accountsSharedWithAdvisor,
  communicationConsentsOf,
  type CommunicationConsentView,
} from './consent.read-model';
export { forgetConsentsOf } from './person-erasure';
export { registerConsents } from './consents.module';
