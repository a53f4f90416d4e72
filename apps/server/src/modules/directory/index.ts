/**
 * The directory module as other modules use it: people, their devices and accounts, and the
 * customer's own profile. The store functions named here are the directory's data API for
 * identity, banking, consents, messaging and wallet (each in the caller's transaction when it
 * passes one); the help desk and the orchestration go through the services.
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

// Data API.
export {
  findMfaDevice,
  findMfaDeviceByCredentialId,
  findUserById,
  findUserByUid,
  insertMfaDevice,
  listMfaDevicesOf,
  recordTotpStep,
  setIdentityVerified,
  setMfaDevicePublicKey,
  setUserPassword,
  removeUserPassword,
  renameMfaDeviceOf,
  updateMfaDeviceCounter,
  type CheckedPasswordHash,
  type MfaDeviceRow,
  type NewMfaDevice,
  type UserRow,
} from './directory.store';
export { emailBelongsToAnother, recentEmailChanges } from './contact-change.store';
export { lockUserById, updateAdminAttributes } from './directory-entry.store';
export { registerDirectory } from './directory.module';
