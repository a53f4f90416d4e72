/**
 * The directory module as other modules use it: people and their devices, and the customer's
 * own profile. Identity, banking, messaging and wallet read people through the read model and
 * change the sign-in records through sign-in-records.service.ts (each in the caller's
 * transaction when it passes one); the help desk and the orchestration go through the services.
 */

// Services.
export { createDirectoryService, type DirectoryService } from './directory.service';
export {
  createProfileService,
  type ContactConfirmOutcome,
  type PendingContact,
  type ProfileSaveOutcome,
  type ProfileService,
} from './profile.service';
export { insertDirectoryEntry, type NewDirectoryEntry } from './new-customer';

export {
  deleteEntry,
  entryHoldingsOf,
  resetIdentityVerification,
  setHighRiskOnNextSignIn,
} from './demo-admin.service';

export {
  holdPendingTransferAmount,
  lockForTransferDecision,
  releasePendingTransferAmount,
  takeHighRiskOverride,
  transferDecisionStep,
} from './bank-attributes';

// Rules.
export { maskEmail, maskPhone } from './contact-mask.rules';
/** The devices that follow the contact details (document 1 §4.4): their types and names. */
export { DEVICE_OF_TARGET } from './contact-devices';
export {
  accountKindAt,
  deviceInUseAt,
  fullAddress,
  sameDeviceTarget,
  shownValue,
  type CustomerProfile,
  type TargetKind,
} from './directory.rules';
export {
  adminAttributesOf,
  applyChanges,
  type AdminAttributes,
  type FieldProblem,
  type RequestedChanges,
} from './directory-entry.rules';

// Read models and the records identity checks credentials against (in the caller's
// transaction when it passes one); the row types, for callers that name them.
export {
  emailBelongsToAnother,
  findUserById,
  findUserByUid,
  recentEmailChanges,
} from './people.read-model';
export {
  findMfaDevice,
  findMfaDeviceByCredentialId,
  insertMfaDevice,
  listMfaDevicesOf,
  lockUserById,
  recordTotpStep,
  removeUserPassword,
  renameMfaDeviceOf,
  setIdentityVerified,
  setMfaDevicePublicKey,
  setUserPassword,
  updateAdminAttributes,
  updateMfaDeviceCounter,
} from './sign-in-records.service';
export type { CheckedPasswordHash, MfaDeviceRow, NewMfaDevice, UserRow } from './directory.store';
export { registerDirectory } from './directory.module';
