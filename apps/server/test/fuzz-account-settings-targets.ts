import { randomUUID } from 'node:crypto';
import {
  CONNECTED_APPS_API_PATH,
  PASSWORD_CHANGE_API_PATH,
  PASSWORDLESS_API_PATH,
  passkeyNamePath,
  SESSION_CHECK_API_PATH,
  SIGN_IN_SESSIONS_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  REMEMBERED_BROWSERS_API_PATH,
  RECOVERY_CODES_API_PATH,
  OAUTH_CONSENT_API_PATH,
} from '@anybank/contracts';
import { anyJsonBody, refusedJsonBody } from './hostile-input';
import { hostileSegment } from './hostile-request';
import { type Target, XSRF, constant, mostly, text } from './fuzz-target';

// The fuzz's account settings (fuzz-suite.ts): connected apps and the consent page, remembered
// browsers, sessions and the password change, passkey-only sign-in, recovery codes.

export const ACCOUNT_SETTINGS_TARGETS: Target[] = [
  // --- The consent page's calls and Connected apps ------------------------------------------
  {
    route: { method: 'GET', url: CONNECTED_APPS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(CONNECTED_APPS_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // The customer has connected no app: whatever the id, nothing is there to revoke.
    route: { method: 'DELETE', url: `${CONNECTED_APPS_API_PATH}/:clientId` },
    shape: 'api',
    spec: (context) => ({
      method: 'DELETE',
      path: mostly(
        `${CONNECTED_APPS_API_PATH}/retail-checkout`,
        hostileSegment.map((id) => `${CONNECTED_APPS_API_PATH}/${id}`),
      ),
      token: context.tokens.customer,
    }),
  },
  // --- Remembered browsers -------------------------------------------------------------------
  {
    route: { method: 'GET', url: REMEMBERED_BROWSERS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(REMEMBERED_BROWSERS_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // The customer has no remembered browser: any id, well-formed or hostile, is refused.
    route: { method: 'DELETE', url: `${REMEMBERED_BROWSERS_API_PATH}/:browserId` },
    shape: 'api',
    spec: (context) => ({
      method: 'DELETE',
      path: mostly(
        `${REMEMBERED_BROWSERS_API_PATH}/${randomUUID()}`,
        hostileSegment.map((id) => `${REMEMBERED_BROWSERS_API_PATH}/${id}`),
      ),
      token: context.tokens.customer,
    }),
  },
  // --- Sessions you can see and end, and the password change ---------------------------------
  {
    route: { method: 'GET', url: SIGN_IN_SESSIONS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(SIGN_IN_SESSIONS_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // Whether the customer's own session lives: a question that changes nothing.
    route: { method: 'GET', url: SESSION_CHECK_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(SESSION_CHECK_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // No session of the customer has such an id: well-formed or hostile, nothing ends.
    route: { method: 'DELETE', url: `${SIGN_IN_SESSIONS_API_PATH}/:sessionId` },
    shape: 'api',
    spec: (context) => ({
      method: 'DELETE',
      path: mostly(
        `${SIGN_IN_SESSIONS_API_PATH}/${randomUUID()}`,
        hostileSegment.map((id) => `${SIGN_IN_SESSIONS_API_PATH}/${id}`),
      ),
      token: context.tokens.customer,
    }),
  },
  {
    // With a good token this would end the customer's other sessions (stored rows change):
    // only hostile or missing tokens here. The good token's answer: sessions.api.test.ts.
    route: { method: 'POST', url: SIGN_OUT_OTHER_SESSIONS_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(SIGN_OUT_OTHER_SESSIONS_API_PATH),
      token: null,
      body: anyJsonBody,
    }),
  },
  {
    // A good token and a well-formed body would change the password: the body is always one
    // the schema or the new-password check refuses (after the step-up), before any write.
    route: { method: 'POST', url: PASSWORD_CHANGE_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(PASSWORD_CHANGE_API_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody({ newPassword: 'short', signOutOtherSessions: true }, [
        text(['newPassword']),
        { path: ['signOutOtherSessions'], kind: 'boolean', optional: true },
      ]),
    }),
  },
  // --- Sign in without a password, passkey names ----------------------------------------------
  {
    route: { method: 'GET', url: PASSWORDLESS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(PASSWORDLESS_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // With a good token (and a passkey) this would remove the password: only hostile or missing
    // tokens here. The good token's answers: account-security.api.test.ts.
    route: { method: 'DELETE', url: PASSWORDLESS_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'DELETE',
      path: constant(PASSWORDLESS_API_PATH),
      token: null,
      body: anyJsonBody,
    }),
  },
  {
    // No passkey of the customer has such an id, and the bodies are refused: nothing is renamed.
    route: { method: 'PUT', url: '/api/authn/devices/:deviceId/name' },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: mostly(
        passkeyNamePath(randomUUID()),
        hostileSegment.map((id) => `/api/authn/devices/${id}/name`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody({ name: 'Blue key' }, [text(['name'])]),
    }),
  },
  // --- Recovery codes ------------------------------------------------------------------------
  {
    route: { method: 'GET', url: RECOVERY_CODES_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(RECOVERY_CODES_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // A new set with a good token would change what is stored: only hostile or missing tokens
    // (and any body) here, each refused before a code is made. The good token's answer and
    // its step-up: recovery-codes.api.test.ts.
    route: { method: 'POST', url: RECOVERY_CODES_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(RECOVERY_CODES_API_PATH),
      token: null,
      body: anyJsonBody,
    }),
  },
  {
    // This browser holds no consent prompt: every request is refused.
    route: { method: 'GET', url: OAUTH_CONSENT_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: constant(OAUTH_CONSENT_API_PATH),
      query: ['interaction'],
    }),
  },
  {
    route: { method: 'POST', url: OAUTH_CONSENT_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(OAUTH_CONSENT_API_PATH),
      headers: XSRF,
      body: refusedJsonBody({ interaction: context.strangersFlowId, decision: 'allow' }, [
        text(['decision']),
      ]),
    }),
  },
];
