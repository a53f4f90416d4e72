import { XSRF_HEADER, flowRefusalBodySchema, flowResponseSchema } from '@anybank/contracts';
import type { ApiErrorCode } from '@anybank/contracts';
import type { RouteDocs } from '../../../http/openapi';
import { RATE_LIMIT_REFUSALS } from '../../../http/rate-limits';
import { STEP_UP_REFUSALS, USER_TOKEN_REFUSALS } from '../../../http/access-token-refusals';
import { XSRF_REFUSALS } from '../../../http/xsrf';

/**
 * What the flow API's routes answer (flow.routes.ts, step-up.routes.ts), for the API reference
 * and the run-time guard (http/declared-answers.ts): the flow's state, or a refusal in the one
 * error body. Where the flow refused a step, the body's `flow` is the state the person stays
 * in (ADR 0025); a refusal before any flow is read has none.
 */

type Responses = RouteDocs['responses'];

/** A refusal status: its description and codes, its body the error body with `flow`. */
function refusal(description: string, codes: readonly ApiErrorCode[]) {
  return { description, schema: flowRefusalBodySchema, codes };
}

/** `GET` and `POST /api/authn/flows/{flowId}`: a flow's state, or a refusal. */
export const flowAnswers = {
  200: {
    description: 'The flow’s state: what the login modal shows next.',
    schema: flowResponseSchema,
  },
  400: refusal(
    'A step the flow refused where the person stays (a wrong code, a refused target or new password, a passkey not verified…), with `flow`; or input that is not the step’s (`invalid_input`, `otp_format`, `device_not_yours`…), without.',
    [
      'invalid_input',
      'otp_format',
      'recovery_code_format',
      'device_not_yours',
      'device_cannot_receive_codes',
      'device_profile_required',
      'device_profile_unreadable',
      'flow_step_unnamed',
      'flow_step_unknown',
      'flow_username_mismatch',
      'pairing_method_not_here',
      'password_policy',
      'password_too_weak',
      'password_personal',
      'wrong_otp',
      'otp_attempts_limit',
      'otp_expired',
      'push_unknown',
      'passkey_not_verified',
      'passkey_cloned',
      'recovery_failed',
      'new_password_attempts_limit',
      'wrong_recovery_code',
      'recovery_code_attempts_limit',
      'pairing_target_refused',
      'pairing_activation_refused',
    ],
  ),
  401: refusal(
    'A wrong password (`wrong_password`, with `flow`); or, for a profile pairing or a step-up, no valid customer token.',
    ['wrong_password', ...USER_TOKEN_REFUSALS[401]],
  ),
  403: refusal(
    'The flow is not this browser’s (`flow_not_yours`: no interaction cookie naming it), not this customer’s pairing or step-up; or the risk rules or the portal refuse the user (`risk_denied`, `wrong_user_type`, with `flow` at FAILED).',
    [
      'flow_not_yours',
      'pairing_not_yours',
      'step_up_not_yours',
      'risk_denied',
      'wrong_user_type',
      ...USER_TOKEN_REFUSALS[403],
    ],
  ),
  404: refusal(
    'The identifier step’s username is unknown (`INVALID_USERNAME`, with `flow` at FAILED: the modal starts again).',
    ['INVALID_USERNAME'],
  ),
  409: refusal(
    'The flow has ended (`flow_ended`), moved on in another tab (`flow_moved_on`), is not at a status that takes this step (`flow_step_not_possible`, with `flow`), or a pairing is at the device limit (`pairing_device_limit`, with `flow`).',
    [
      'flow_ended',
      'flow_moved_on',
      'flow_step_not_possible',
      'flow_restart_required',
      'flow_username_required',
      'pairing_sign_in_required',
      'pairing_method_required',
      'pairing_device_limit',
      'recovery_codes_none',
      'step_up_unbound',
    ],
  ),
  410: refusal('The flow is past its 30 minutes (`flow_expired`).', ['flow_expired']),
  423: refusal(
    'The username is locked after too many wrong passwords (`account_locked`, with `flow`).',
    ['account_locked'],
  ),
  429: refusal(
    'Too many sign-in calls from this address, or (identifier step) too many unknown usernames named from it in the last minute (`unknown_username_limit`): the same answer for every username.',
    [...RATE_LIMIT_REFUSALS[429], 'unknown_username_limit'],
  ),
} satisfies Responses;

/** `POST /api/authn/flows/{flowId}`: one step. */
export const flowStepAnswers = {
  ...flowAnswers,
  403: refusal(`${flowAnswers[403].description} Or the ${XSRF_HEADER} header is missing.`, [
    ...flowAnswers[403].codes,
    ...XSRF_REFUSALS[403],
  ]),
  413: refusal('The body is too large.', ['body_too_large']),
  415: refusal('An unknown step content type.', ['flow_step_content_type_unknown']),
} satisfies Responses;

/** `POST /api/authn/flows`: a pairing flow for the signed-in customer (profile page). */
export const pairingStartAnswers = {
  201: { description: 'The pairing flow, at its methods.', schema: flowResponseSchema },
  401: refusal(
    'No valid customer token; or `step_up_required` (with `methods`): adding a device needs a step-up made for it (docs/api-errors.md).',
    STEP_UP_REFUSALS[401],
  ),
  403: refusal('The anti-forgery header is missing, or the token is not a customer’s.', [
    ...USER_TOKEN_REFUSALS[403],
    ...XSRF_REFUSALS[403],
  ]),
  409: refusal(
    'The customer has the most devices allowed (`pairing_device_limit`): `flow` is the pairing flow, at its methods.',
    ['pairing_device_limit'],
  ),
  415: refusal('A body that is not JSON.', ['unsupported_media_type']),
  429: refusal('Too many sign-in calls from this address.', RATE_LIMIT_REFUSALS[429]),
} satisfies Responses;

/** `POST /api/authn/step-up`: a step-up flow for the signed-in customer. */
export const stepUpStartAnswers = {
  201: { description: 'The step-up flow.', schema: flowResponseSchema },
  400: refusal(
    'A risk profile that cannot be read (`device_profile_unreadable`), or a body that is not the schema’s.',
    ['device_profile_unreadable', 'invalid_input'],
  ),
  401: refusal('No valid customer token.', USER_TOKEN_REFUSALS[401]),
  403: refusal(
    'The anti-forgery header is missing, the token is not a customer’s, or the risk rule refuses this browser (`step_up_risk_denied`).',
    [...USER_TOKEN_REFUSALS[403], ...XSRF_REFUSALS[403], 'step_up_risk_denied'],
  ),
  409: refusal('The step-up moved on while it started (`flow_restart_required`): start again.', [
    'flow_restart_required',
  ]),
  415: refusal('A body that is not JSON.', ['unsupported_media_type']),
  429: refusal('Too many sign-in calls from this address.', RATE_LIMIT_REFUSALS[429]),
} satisfies Responses;
