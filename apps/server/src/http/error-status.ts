import type { ApiErrorCode, FlowErrorCode } from '@anybank/contracts';

/**
 * The HTTP status of every error code (ADR 0018): the only place a refusal's reason becomes a
 * status. Only the HTTP layer (http/, *.routes.ts) reads it: services throw `DomainError`
 * with a code and never choose a status. `satisfies` makes a code without a status a type error.
 */
export const errorStatus = {
  invalid_input: 400,
  invalid_url: 400,
  url_part_too_long: 414,
  body_too_deep: 400,
  body_too_large: 413,
  unsupported_media_type: 415,
  not_found: 404,
  rate_limited: 429,
  internal_error: 500,
  sign_in_required: 401,
  session_ended: 401,
  forbidden: 403,
  step_up_required: 401,
  missing_scope: 403,
  application_token: 403,
  invalid_json: 400,
  invalid_request: 400,
  // Risk evaluation.
  INVALID_USERNAME: 404,
  unknown_username_rate: 429,
  // Sign-in pickup.
  pickup_failed: 400,
  pickup_reference_invalid: 401,
  pickup_instance_header: 400,
  pickup_other_browser: 401,
  // Phone app.
  phone_sign_in_risk: 429,
  phone_locked_out: 423,
  phone_wrong_credentials: 401,
  phone_activation_code_invalid: 400,
  phone_device_limit: 409,
  phone_not_activated: 401,
  push_request_not_found: 404,
  push_request_not_yours: 403,
  push_request_answered: 409,
  // Connected apps.
  consent_request_not_found: 404,
  app_not_connected: 404,
  // Issue 16 §2: pay by bank.
  payment_consent_not_found: 404,
  payment_consent_not_authorised: 409,
  payment_consent_expired: 409,
  payment_consent_consumed: 409,
  payment_consent_rejected: 409,
  payment_consent_authorised: 409,
  payment_not_as_consented: 422,
  payment_payee_unknown: 400,
  payment_payee_not_registered: 403,
  payment_account_not_allowed: 400,
  payment_insufficient_funds: 409,
  payment_needs_approval: 403,
  payment_code_failed: 403,
  payment_code_not_pending: 409,
  payment_above_limit: 403,
  payment_approval_outdated: 403,
  payment_token_not_for_consent: 403,
  dpop_proof_required: 401,
  dpop_proof_invalid: 401,
  retail_order_not_found: 404,
  retail_bank_unavailable: 502,
  retail_order_not_paid: 409,
  retail_bank_unreachable: 502,
  // Remembered browsers (issue 14 §3).
  remembered_browser_not_found: 404,
  // Sessions you can see and end, and the password change (issue 14 §4).
  session_not_found: 404,
  no_password_to_change: 409,
  // Banking.
  max_threshold: 403,
  risk: 403,
  not_approved: 403,
  approval_unavailable: 403,
  transfer_invalid: 400,
  transfer_not_found: 404,
  transfer_pending: 409,
  transfer_not_pending: 409,
  invalid_code: 400,
  idempotency_key_reused: 422,
  advisor_no_consent: 403,
  account_not_found: 404,
  account_not_shared: 403,
  // Consents.
  consent_not_yours: 403,
  consent_foreign_accounts: 400,
  consent_not_found: 404,
  // Directory.
  directory_entry_not_found: 404,
  directory_own_entry_only: 403,
  bank_attribute: 403,
  // Demo admin.
  admin_customers_only: 403,
  no_such_user: 404,
  admin_phishing_own_address: 400,
  // Branding (issue 15 §5).
  brand_contrast_too_low: 400,
  brand_logo_refused: 400,
  // Help desk.
  help_desk_no_such_customer: 404,
  help_desk_too_many_verifications: 429,
  help_desk_no_such_session: 404,
  help_desk_session_ended: 409,
  help_desk_step_not_possible: 409,
  help_desk_not_verified: 403,
  help_desk_not_email_verification: 409,
  help_desk_code_rejected: 400,
  help_desk_no_such_device: 404,
  help_desk_last_device: 409,
  // Operations.
  metrics_token_required: 401,
  // Orchestration.
  no_such_company: 404,
  no_such_policy: 404,
  api_key_required: 401,
  policy_credentials_required: 401,
  too_many_emails: 429,
  profile_changed_meanwhile: 409,
  no_pending_contact_change: 409,
  contact_undo_link_invalid: 410,
  own_devices_only: 403,
  // Wallet pairing.
  wallet_customers_only: 403,
  wallet_pairing_not_found: 404,
  wallet_other_customer: 403,
  wallet_ticket_refused: 410,
  // Messaging.
  message_not_sendable: 400,
  // Sign-in flow (identity/flow, identity/factors).
  xsrf_header_missing: 403,
  inspector_not_open: 409,
  presenter_required: 403,
  presenter_secret_wrong: 401,
  flow_not_yours: 403,
  pairing_not_yours: 403,
  step_up_not_yours: 403,
  step_up_unbound: 409,
  flow_expired: 410,
  flow_ended: 409,
  flow_moved_on: 409,
  flow_restart_required: 409,
  flow_username_required: 409,
  flow_step_not_possible: 409,
  pairing_sign_in_required: 409,
  pairing_method_required: 409,
  pairing_method_not_here: 400,
  unknown_username_limit: 429,
  step_up_risk_denied: 403,
  flow_step_unnamed: 400,
  flow_step_content_type_unknown: 415,
  flow_step_unknown: 400,
  flow_username_mismatch: 400,
  device_not_yours: 400,
  device_cannot_receive_codes: 400,
  device_profile_required: 400,
  device_profile_unreadable: 400,
  otp_format: 400,
  password_policy: 400,
  password_too_weak: 400,
  password_personal: 400,
  passwordless_needs_passkey: 409,
  passwordless_no_password: 409,
  passkey_not_found: 404,
  recovery_code_format: 400,
  recovery_codes_none: 409,
} as const satisfies Record<ApiErrorCode, number>;

/**
 * The sign-in flow's refusals travel in a flow response (`code`, `userMessage`): their status,
 * as document 1 §4 answers them. The rules (flow.rules.ts and its parts) say the code only.
 * A refusal's detail code decides when it is listed here itself: VALIDATION_ERROR is 400
 * (a pairing target, a new password against the policy) except for its detail
 * INVALID_CREDENTIALS, the wrong password, which is 401. INVALID_REQUEST (a step the flow's
 * status does not accept) is always 409; FLOW_EXPIRED is the 410 of a flow past its time.
 */
export const flowErrorStatus = {
  INVALID_USERNAME: 400,
  VALIDATION_ERROR: 400,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 423,
  INVALID_OTP: 400,
  OTP_ATTEMPTS_LIMIT: 400,
  OTP_EXPIRED: 400,
  INVALID_ACTION_ID: 400,
  INVALID_REQUEST: 409,
  FLOW_EXPIRED: 410,
  REQUEST_FAILED: 400,
  MAXIMUM_ALLOWED_METHODS_LIMIT: 400,
  RISK_DENIED: 403,
  WRONG_USER_TYPE: 403,
} as const satisfies Record<FlowErrorCode, number>;

/** The status of a flow refusal: its detail code's when that has one, else its code's. */
export function statusOfFlowError(error: { code: FlowErrorCode; detailCode?: string }): number {
  const detail = error.detailCode;
  if (detail && detail in flowErrorStatus) {
    return flowErrorStatus[detail as FlowErrorCode];
  }
  return flowErrorStatus[error.code];
}

export function statusOfError(code: ApiErrorCode): number {
  return errorStatus[code];
}
