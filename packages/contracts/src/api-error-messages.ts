import { messages } from './messages';
import { walletMessages } from './wallet';
import { brandingMessages } from './branding-messages';
import { passwordStrengthMessages, passwordlessMessages } from './account-security-messages';

/**
 * The API's refusals in words, by error code (ADR 0018). In a module of their own, read by the
 * server (and `api-errors.ts`), so that the browser's first load does not carry them.
 */
export const apiErrorMessages = {
  // Any route: input, framework and server refusals.
  invalid_input: 'Please check your input.',
  invalid_url: 'This address is not valid.',
  url_part_too_long: 'A part of this address is too long.',
  body_too_deep: 'The request body is nested too deeply: at most 32 levels of arrays and objects.',
  body_too_large: 'The request body is too large.',
  unsupported_media_type: 'Unsupported media type: this route does not read this kind of body.',
  not_found: 'There is nothing at this address.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  internal_error: messages.login.unexpectedErrorTitle,
  // Who is calling (identity/oauth/access-token.ts).
  sign_in_required: 'Sign in to use this service.',
  session_ended: 'Your session has ended. Please sign in again.',
  forbidden: 'This service is not available to your account.',
  step_up_required: messages.stepUp.required,
  missing_scope: (scopes: string) => `Your sign-in does not allow this (missing scope: ${scopes}).`,
  application_token: 'This service needs the access token of a signed-in user.',
  // Any route: a body that is not JSON, or a request the server cannot read at all.
  invalid_json: 'The request body is not valid JSON.',
  invalid_request: 'This request could not be read.',
  // Risk evaluation (identity/risk) and the flow's identifier step. INVALID_USERNAME is
  // document 1's code, kept as it is.
  INVALID_USERNAME: messages.login.invalidUsername,
  /** Too many unknown usernames from one address: the message is the risk rules' action. */
  unknown_username_rate: 'Too many unknown usernames. Please wait a minute and try again.',
  // Sign-in pickup (identity/pickup).
  pickup_failed: 'This sign-in could not be completed. Please sign in again.',
  pickup_reference_invalid:
    'This sign-in reference is not valid: it was used, has expired or belongs to another browser.',
  pickup_instance_header: (header: string, types: string) =>
    `The ${header} header must be one of ${types}.`,
  pickup_other_browser: 'This sign-in reference belongs to another browser.',
  // Phone app (identity/devices).
  /** The risk rules hold a phone sign-in back: the message is their recommended action. */
  phone_sign_in_risk: 'This sign-in was held back for your security. Please try again later.',
  phone_locked_out: messages.login.lockedOut,
  phone_wrong_credentials: messages.login.incorrectPassword,
  phone_activation_code_invalid: 'That code is not right or has expired. Please start again.',
  phone_device_limit:
    'MAXIMUM ALLOWED METHODS LIMIT: remove a sign-in method before adding this phone.',
  phone_not_activated: 'This phone is not activated for that device. Activate the app again.',
  push_request_not_found: 'There is no such request.',
  push_request_not_yours: 'Only the phone this request was sent to can answer it.',
  push_request_answered: 'This request was already answered or has expired.',
  // Connected apps and the consent page (identity/oauth).
  consent_request_not_found: messages.connectedApps.requestEnded,
  app_not_connected: messages.connectedApps.notConnected,
  // Sessions you can see and end (identity/oauth/sessions.*).
  session_not_found: messages.sessions.notFound,
  no_password_to_change: messages.sessions.noPasswordToChange,
  // Banking: transfers and the advisor's client balances.
  /** A transfer refused (document 2 §8): the message names the reason and the accounts. */
  max_threshold: 'Your transfer request has exceeded your maximum amount threshold.',
  risk: 'We found a risk associated with your transfer request.',
  not_approved: 'The transfer request was not approved.',
  approval_unavailable: messages.transfer.approvalUnavailable,
  /** A transfer the rules refuse as given (accounts, amount, funds): the message says why. */
  transfer_invalid: 'Please check your transfer.',
  transfer_not_found: messages.transfer.unexpected,
  transfer_pending: messages.transfer.stillWaiting,
  transfer_not_pending: messages.transfer.confirmationNotPending,
  invalid_code: messages.transfer.confirmationCodeWrong,
  idempotency_key_reused: 'This Idempotency-Key was already used for another transfer.',
  advisor_no_consent: messages.advisor.noConsent,
  // Account activity: another's account, or one not shared with the partner.
  account_not_found: 'There is no such account among yours.',
  account_not_shared: messages.advisor.noConsent,
  // Consents.
  consent_not_yours: 'You can only read and change your own consents.',
  consent_foreign_accounts: 'You can share only the balances of your own accounts.',
  consent_not_found: 'There is no such consent.',
  // Directory.
  directory_entry_not_found: 'There is no such entry.',
  directory_own_entry_only: 'You can only read and change your own directory entry.',
  bank_attribute: messages.admin.bankAttributes,
  // Demo admin (admin).
  admin_customers_only: messages.admin.customersOnly,
  // The demo admin's brand (branding, ADR 0020).
  brand_contrast_too_low: brandingMessages.contrastTooLow,
  brand_logo_refused: brandingMessages.logoRefused,
  no_such_user: messages.admin.noSuchUser,
  admin_phishing_own_address: messages.admin.phishingOwnAddressOnly,
  // Help desk (helpdesk).
  help_desk_no_such_customer: messages.helpDesk.noSuchCustomer,
  help_desk_too_many_verifications: messages.helpDesk.tooManyVerifications,
  help_desk_no_such_session: messages.helpDesk.noSuchSession,
  help_desk_session_ended: messages.helpDesk.sessionEnded,
  help_desk_step_not_possible: messages.helpDesk.stepNotPossible,
  help_desk_not_verified: messages.helpDesk.notVerified,
  help_desk_not_email_verification: messages.helpDesk.notEmailVerification,
  help_desk_code_rejected: messages.helpDesk.codeRejected,
  help_desk_no_such_device: messages.helpDesk.noSuchDevice,
  help_desk_last_device: messages.helpDesk.lastDevice,
  // Operations: GET /metrics with METRICS_TOKEN set (README "Metrics").
  metrics_token_required:
    'These metrics need the metrics token, sent as an Authorization: Bearer header.',
  // Orchestration (the policy API and its policies).
  no_such_company: 'There is no such company.',
  no_such_policy: 'There is no such policy.',
  api_key_required: 'A valid API key is required.',
  policy_credentials_required: 'This call needs a widget token or the API key.',
  too_many_emails:
    'We have sent several emails to this address recently. Please wait a few minutes and try again.',
  profile_changed_meanwhile: 'Your details changed meanwhile. Please reload and try again.',
  no_pending_contact_change: messages.profile.noPendingContactChange,
  /** A "This wasn't me" link that was used already, expired, or never was. */
  contact_undo_link_invalid: messages.contactUndo.linkInvalid,
  own_devices_only: 'You can only check the devices of your own account.',
  // Wallet pairing (wallet, orchestration's wallet pairing policy).
  wallet_customers_only: walletMessages.customersOnly,
  wallet_pairing_not_found: walletMessages.noSuchPairing,
  wallet_other_customer: walletMessages.otherCustomer,
  wallet_ticket_refused: walletMessages.ticketRefused,
  // Verifiable credentials (ADR 0027, verifiable-credentials).
  credential_not_found: 'There is no such credential, or it is already revoked.',
  status_list_not_found: 'There is no such status list.',
  // Messaging.
  message_not_sendable: (reason: string) => `Cannot send this message: ${reason}.`,
  // The sign-in flow's refusals of a step (identity/flow): the body carries the flow too,
  // where the person stays in it (ADR 0025). The words are the login modal's (document 1 §8).
  wrong_user_type: messages.login.wrongUserType,
  /** The risk rules refuse the sign-in: the message is 'Access Denied: ' and their action. */
  risk_denied: messages.login.accessDenied,
  wrong_password: messages.login.incorrectPassword,
  account_locked: messages.login.lockedOut,
  wrong_otp: messages.login.incorrectOtp,
  otp_attempts_limit: messages.login.otpAttemptsLimit,
  otp_expired: messages.login.expiredOtp,
  push_unknown: messages.login.pushRejectedOrTimedOut,
  passkey_not_verified: messages.login.fidoAuthenticationNotProvided,
  passkey_cloned: messages.login.fidoAuthenticatorCloned,
  recovery_failed: messages.login.recoveryFailed,
  new_password_attempts_limit: messages.login.newPasswordAttemptsLimit,
  wrong_recovery_code: messages.login.incorrectRecoveryCode,
  recovery_code_attempts_limit: messages.login.recoveryCodeAttemptsLimit,
  /** Document 1 §8: the limit is said in the vendor code's words (tab 8). */
  pairing_device_limit: 'MAXIMUM ALLOWED METHODS LIMIT',
  /** A pairing target refused (not an address, already a device): the message says why. */
  pairing_target_refused: (why: string) => why,
  /** A pairing's code or passkey refused: the message says why. */
  pairing_activation_refused: (why: string) => why,
  // Sign-in flow (identity/flow, identity/factors): refusals made before a flow is read.
  xsrf_header_missing: (header: string) => `This request is missing the ${header} header.`,
  // The demo tools that change the bank for everyone: the presenter's (README "Demo tools").
  presenter_required:
    'Only the presenter may do this: enter the presenter secret printed when the server started.',
  presenter_secret_wrong: 'That is not the presenter secret. Check the start banner and try again.',
  // "Behind the scenes" (a demo tool, ADR 0021).
  inspector_not_open:
    'Behind the scenes is not open in this browser: open it first, then its events follow.',
  flow_not_yours: 'This sign-in belongs to another browser or has ended. Please sign in again.',
  pairing_not_yours: 'This is not your device pairing.',
  step_up_not_yours: messages.stepUp.notYours,
  /** A step-up flow that lost its binding before it was recorded (never expected). */
  step_up_unbound: messages.stepUp.notYours,
  flow_expired: messages.login.flowExpired,
  flow_ended: 'This sign-in has ended. Please sign in again.',
  flow_moved_on: 'This sign-in moved on in another tab. Please continue there or start again.',
  flow_restart_required: 'Please start again.',
  flow_username_required: 'Please enter your username first.',
  flow_step_not_possible: (status: string) =>
    `This step is not possible while the sign-in is at ${status}.`,
  pairing_sign_in_required: 'Please sign in first.',
  pairing_method_required: 'Please choose a device to pair first.',
  pairing_method_not_here:
    'The phone app pairs itself: open it and activate it with your password.',
  /** The risk rules' recommended action, word for word (unknown usernames from one address). */
  unknown_username_limit: (recommendedAction: string) => recommendedAction,
  step_up_risk_denied: messages.login.accessDenied,
  flow_step_unnamed: 'Say which step this is: a vendor content type or ?action=.',
  flow_step_content_type_unknown: (contentType: string) =>
    `Unknown sign-in step content type ${contentType}.`,
  flow_step_unknown: 'Unknown sign-in step.',
  flow_username_mismatch: 'The username does not match this sign-in. Please start again.',
  device_not_yours: 'That sign-in method is not one of yours. Please choose from the list.',
  device_cannot_receive_codes: 'That sign-in method cannot receive codes.',
  // The challenge engine (ADR 0026): one way of proving it is you, for every purpose.
  challenge_no_method:
    'None of your sign-in methods can confirm this. Add a phone, an e-mail address or a number first.',
  challenge_answer_unsupported: 'That answer does not fit how this confirmation was asked.',
  device_profile_required: 'This step needs the device profile (signalsSdkDeviceProfile).',
  device_profile_unreadable:
    'The device profile is not readable. Please reload the page and try again.',
  otp_format: messages.validation.codeSixDigits,
  // New passwords (any place one is set) and removing the password.
  password_policy: messages.validation.passwordHint,
  /** The message says why and what would be better (zxcvbn-ts's feedback, in our words). */
  password_too_weak: (message: string) => message,
  password_personal: passwordStrengthMessages.personal,
  passwordless_needs_passkey: passwordlessMessages.passkeyRequired,
  passwordless_no_password: passwordlessMessages.noPassword,
  passkey_not_found: 'There is no such passkey among your sign-in methods.',
  // Recovery codes.
  recovery_code_format: 'A recovery code has 10 letters and digits (a dash between them is fine).',
  recovery_codes_none: 'You have no recovery codes. Please choose another way to sign in.',
  // Remembered browsers.
  remembered_browser_not_found: messages.rememberedBrowsers.notFound,
  // Pay by bank (ADR 0023).
  payment_consent_not_found: 'There is no such payment consent for this application.',
  payment_consent_not_authorised: 'The customer has not authorised this payment.',
  payment_consent_expired:
    'This payment consent has expired: it was not authorised within 10 minutes. Ask the customer again.',
  payment_consent_consumed: 'This payment consent was already used: a consent pays once.',
  payment_consent_rejected: 'The customer refused this payment.',
  payment_consent_authorised:
    'This payment consent was already authorised: a consent is authorised once, by one customer.',
  payment_not_as_consented:
    'This payment is not the one the customer consented to (amount, currency or payee differ).',
  payment_payee_unknown:
    'There is no account at AnyBank with that number that can receive payments.',
  payment_payee_not_registered:
    'This application may ask only for payments into the account it is registered to at AnyBank.',
  payment_account_not_allowed: 'Payments can be made from your checking or savings account only.',
  payment_insufficient_funds:
    'There is not enough money in the account you chose for this payment.',
  payment_needs_approval:
    'This payment needs a confirmation from one of your sign-in devices, and none can receive a code.',
  /** The code step (no phone app) failed: the code is used up; confirming again sends a new one. */
  payment_code_failed:
    'The confirmation code expired or was entered wrongly too often, so the payment was not made. Confirm it again to get a new code, or cancel it.',
  payment_code_not_pending:
    'This payment is not waiting for a confirmation code. Confirm it again to get a new code.',
  payment_above_limit: 'This payment is above your maximum amount threshold, so it cannot be made.',
  /** At submission: the transfers made since it was authorised took it above the threshold. */
  payment_approval_outdated:
    'Payments or transfers since this payment was authorised took the 24-hour total above the approval threshold, so nothing was paid. Please authorise it again.',
  payment_token_not_for_consent: 'This access token was not issued for this payment consent.',
  dpop_proof_required:
    'This call needs a sender-constrained token: send it as Authorization: DPoP with a DPoP proof (RFC 9449).',
  dpop_proof_invalid: 'The DPoP proof is not valid for this token, this call or this moment.',
  retail_order_not_found: 'There is no such order at the shop.',
  retail_logout_token_invalid:
    'The shop refused the logout token: it is not a valid, new logout token from AnyBank for this shop.',
  retail_bank_unavailable:
    'The shop could not reach AnyBank to start the payment. Nothing was paid. Please try again later.',
  retail_order_not_paid:
    'This order was not paid, so there is no payment to send to AnyBank again.',
  retail_bank_unreachable: 'The shop could not reach AnyBank. Please try again later.',
  retail_age_check_required:
    'This order has an age-restricted item: verify your age with your AnyBank wallet first.',
  // The shop's wallet checks (OpenID4VP, ADR 0027): a presentation it refused, and why.
  wallet_check_unknown: 'The shop has no such wallet request.',
  wallet_check_expired: 'This wallet request has expired. Start again at the shop.',
  wallet_check_answered: 'This wallet request was already answered; an answer counts once.',
  wallet_check_malformed: 'The wallet’s answer could not be read as a credential presentation.',
  wallet_check_state_mismatch: 'The wallet’s answer is not for this request.',
  wallet_check_wrong_issuer: 'The credential was not issued by AnyBank.',
  wallet_check_bad_signature: 'AnyBank’s signature on the credential is not valid.',
  wallet_check_wrong_credential: 'This is not an AnyBank verified customer credential.',
  wallet_check_credential_expired: 'The credential has expired. Add a new one to your wallet.',
  wallet_check_bad_disclosure:
    'A shared detail does not match what AnyBank signed in the credential.',
  wallet_check_not_requested_claim:
    'The wallet shared more than the shop asked for, so the shop did not accept it.',
  wallet_check_missing_claim: 'The wallet did not share everything the shop asked for.',
  wallet_check_wrong_audience: 'The wallet’s answer was made for another company, not this shop.',
  wallet_check_nonce_mismatch: 'The wallet’s answer was made for another request.',
  wallet_check_stale_proof:
    'The wallet’s answer was not made just now: it is too old or dated in the future.',
  wallet_check_key_binding_invalid:
    'The wallet’s answer is not signed by the key the credential belongs to.',
  wallet_check_revoked: 'AnyBank has revoked this credential.',
  wallet_check_status_unverified:
    'The shop could not confirm with AnyBank that this credential is still valid.',
  wallet_check_not_over_18: 'The credential does not show that you are 18 or over.',
  wallet_check_bank_unavailable:
    'The shop could not reach AnyBank to check the credential. Please try again.',
  mcp_stream_not_offered:
    'This MCP server answers each request in its response: send requests with POST.',
} as const;
