/**
 * The identity module as other modules use it. Anything not named here (the flow engine, the
 * factors, the stores, oidc-provider's wiring) is identity's own; its register
 * (identity.module.ts) builds the services, which app.ts hands to the modules that need them.
 */

// Who is calling: every partner and customer API authorizes through these guards.
export {
  assertAccess,
  type AccessRequirement,
  type AuthGuards,
  type GrantCheck,
  type Principal,
  type SenderConstrainedCaller,
  type SenderConstrainedGuard,
} from './oauth/access-token';
export type { RecentAuthentication } from './oauth/recent-authentication';
export type { SessionsService } from './oauth/sessions.service';
export { forgetEveryRememberedBrowser } from './remembered-browsers/remembered-browser.service';
/** A SQL condition "this grant is still live", for a statement that must check it atomically. */
export { grantIsLive } from './oauth/grant-liveness';

// The challenge engine (ADR 0026): every "prove it is you" goes through `challenge.start`,
// `answer`, `wait` and `cancel`; callers map an Outcome to their own result.
export type {
  ChallengeChoice,
  ChallengeService,
  ChallengeSummary,
  StartInput,
  Started,
} from './challenge/challenge.service';
export type { Outcome } from './challenge/challenge.rules';
export type { PurposeContexts, PurposeName, RefusalReason } from './challenge/purposes';
export type {
  ChallengeMethod,
  MethodAnswer,
  MethodFactory,
  RequestFacts,
} from './challenge/challenge-method';
/** A phone that answers money approvals as a whole: how an API test stands in for the customer. */
export type { TransferApprovals } from './oauth/ciba-approvals';

// Credentials: one-time codes, passwords, sign-in locks.
export type { OtpService } from './credentials/otp.service';
export { generateOtp, hashCode, hashesMatch } from './credentials/otp.rules';
// New passwords only through the check; `hashPassword` itself stays inside.
export { hashNewPassword, newPasswordRefusal } from './credentials/new-password';
export {
  createSignInLockService,
  type SignInLockService,
  type SignInLockState,
} from './credentials/sign-in-lock.service';

// Devices: push approvals on the phone, sealed secrets.
export { PUSH_TTL_MS } from './devices/push.rules';
export type { PushService } from './devices/push.service';
export { createSecretBox, type SecretBox } from './devices/secret-box';
// Passkeys: registering a passkey-only account's first passkey, and telling one.
export {
  checkRegistration,
  registrationOptions,
  relyingPartyFor,
  type WebAuthnRelyingParty,
} from './devices/webauthn';
export { isPasskeyOnly, PASSKEY_DEVICE_TYPES } from './credentials/passkey-only.rules';
export { PASSKEY_DEVICES } from './factors/passkey/passkey.device';
export { PHONE_DEVICE, isActivatedPhone } from './challenge/methods/phone-push/phone-push.device';
export { declaredDevice, deviceKindOf } from './factors/declared-devices';

// Keys and risk.
export type { ServerSecrets, SigningKeyRing } from './keys/keys.service';
/** A key pair made on first start and kept sealed (the shop's client key, the credential issuer's). */
export { loadClientKeyPair } from './keys/client-key';
// The credential issuer (ADR 0027): what it gives oidc-provider's OpenID4VCI feature.
export type { CredentialIssuancePort, IssuanceRefusal } from './oauth/openid4vci';
export { createPresenterGuard, type PresenterGuard } from './keys/presenter';
export {
  DEFAULT_RISK_POLICY,
  automatedMarkerIn,
  evaluateRisk,
  type RiskPolicy,
} from './risk/risk.rules';

// How a device's target is shown masked (e-mail and SMS codes' destinations).

// Pay by bank (ADR 0023): DPoP-bound callers, the payment consent screen's interaction, the
// consent a token's authorization_details name, Connected apps' record of the application, and
// the company a client belongs to (its own token reads that company's accounts).
export type { PaymentInteractionPort, PendingPayment } from './oauth/payment-interaction.port';
export { paymentConsentIdOf, type PaymentConsentLookup } from './oauth/payment-authorization';
export { rememberConnectedApp } from './oauth/connected-app-record';
export { appNameOf, companyOfClient } from './oauth/client-scopes.rules';
// The demo admin's deletion of a person: identity forgets their sign-ins.
export { forgetSignInsOf } from './person-erasure';
export { registerIdentity } from './identity.module';
