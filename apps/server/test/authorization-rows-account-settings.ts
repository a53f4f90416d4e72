import { randomUUID } from 'node:crypto';
import {
  ADMIN_BRANDING_PATH,
  BRANDING_API_PATH,
  BRANDING_LOGO_PATH,
  DEFAULT_BRAND,
  CONNECTED_APPS_API_PATH,
  REMEMBERED_BROWSERS_API_PATH,
  RECOVERY_CODES_API_PATH,
  PASSWORD_CHANGE_API_PATH,
  PASSWORDLESS_API_PATH,
  SESSION_CHECK_API_PATH,
  SIGN_IN_SESSIONS_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  OAUTH_CONSENT_API_PATH,
  SIGNING_KEY_ROTATION_PATH,
  passkeyNamePath,
} from '@anybank/contracts';
import { type Row, XSRF, everyone, route, signedIn } from './authorization-matrix';

// The authorization matrix's rows for the brand, the signing keys and a customer's sign-in
// settings (authorization-matrix.api.test.ts).

export const ACCOUNT_SETTINGS_ROWS: Row[] = [
  {
    // Every page and the phone read the brand (ADR 0020), signed in or not.
    route: route('GET', BRANDING_API_PATH),
    name: 'the bank’s brand',
    request: () => ({ path: BRANDING_API_PATH }),
    answers: everyone(200),
  },
  {
    route: route('GET', BRANDING_LOGO_PATH),
    name: 'the bank’s logo',
    request: () => ({ path: BRANDING_LOGO_PATH }),
    answers: everyone(200),
  },
  {
    // A server-wide demo setting: a signed-in customer in the presenter's browser only (README
    // "Demo tools"); no caller here holds the presenter cookie, so every one is refused
    // (with it: test/branding.api.test.ts). Sent with the default names and colours.
    route: route('PUT', ADMIN_BRANDING_PATH),
    name: 'the demo admin’s brand',
    request: () => ({
      method: 'PUT',
      path: ADMIN_BRANDING_PATH,
      json: {
        bankName: DEFAULT_BRAND.bankName,
        productName: DEFAULT_BRAND.productName,
        primaryColor: DEFAULT_BRAND.primaryColor,
        accentColor: DEFAULT_BRAND.accentColor,
      },
    }),
    answers: signedIn({}),
  },
  {
    route: route('DELETE', ADMIN_BRANDING_PATH),
    name: 'the demo admin’s "Restore default brand"',
    request: () => ({ method: 'DELETE', path: ADMIN_BRANDING_PATH }),
    answers: signedIn({}),
  },
  {
    // The signing key is everyone's: the presenter's browser only (test/signing-key-rotation).
    route: route('POST', SIGNING_KEY_ROTATION_PATH),
    name: 'the demo admin’s signing key rotation (earlier tokens stay valid)',
    request: () => ({ method: 'POST', path: SIGNING_KEY_ROTATION_PATH }),
    answers: signedIn({}),
  },
  {
    // Each customer sees their own connected apps; partners have none.
    route: route('GET', CONNECTED_APPS_API_PATH),
    name: 'the caller’s connected apps',
    request: () => ({ path: CONNECTED_APPS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // Neither customer connected the retail checkout here: nothing to revoke, for anyone.
    route: route('DELETE', `${CONNECTED_APPS_API_PATH}/:clientId`),
    name: 'revoking the retail checkout',
    request: () => ({ method: 'DELETE', path: `${CONNECTED_APPS_API_PATH}/retail-checkout` }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // Each customer sees their own remembered browsers; partners have none.
    route: route('GET', REMEMBERED_BROWSERS_API_PATH),
    name: 'the caller’s remembered browsers',
    request: () => ({ path: REMEMBERED_BROWSERS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // No one's browser by that id is remembered: nothing to forget, for anyone (a browser of
    // another customer: remembered-browsers.api.test.ts).
    route: route('DELETE', `${REMEMBERED_BROWSERS_API_PATH}/:browserId`),
    name: 'forgetting a remembered browser that is not the caller’s',
    request: () => ({ method: 'DELETE', path: `${REMEMBERED_BROWSERS_API_PATH}/${randomUUID()}` }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // The token's own customer only (no user in the path); partners have none.
    route: route('GET', RECOVERY_CODES_API_PATH),
    name: 'how many recovery codes the caller has left',
    request: () => ({ path: RECOVERY_CODES_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // A new set for the caller themself, after a step-up made for it.
    route: route('POST', RECOVERY_CODES_API_PATH),
    name: 'making a new set of the caller’s recovery codes',
    stepUpFirst: true,
    request: () => ({ method: 'POST', path: RECOVERY_CODES_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // The token's own customer's sessions only; partners have none here.
    route: route('GET', SIGN_IN_SESSIONS_API_PATH),
    name: 'where the caller is signed in',
    request: () => ({ path: SIGN_IN_SESSIONS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // Whether the token's own session lives: every customer's does; partners have none here.
    route: route('GET', SESSION_CHECK_API_PATH),
    name: 'whether the caller’s own session lives',
    request: () => ({ path: SESSION_CHECK_API_PATH }),
    answers: signedIn({ customer: 204, 'other customer': 204 }),
  },
  {
    // No session of anyone has that id (another customer's real session:
    // sessions.api.test.ts › "does not let another customer end jane’s session").
    route: route('DELETE', `${SIGN_IN_SESSIONS_API_PATH}/:sessionId`),
    name: 'signing out a session that is not the caller’s',
    request: () => ({ method: 'DELETE', path: `${SIGN_IN_SESSIONS_API_PATH}/${randomUUID()}` }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // Each caller has one session here, the one whose token asks: it goes on, nothing ends.
    route: route('POST', SIGN_OUT_OTHER_SESSIONS_API_PATH),
    name: 'signing the caller out everywhere else',
    request: () => ({ method: 'POST', path: SIGN_OUT_OTHER_SESSIONS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // A password the new-password check refuses: the caller's own password, and no change.
    route: route('POST', PASSWORD_CHANGE_API_PATH),
    name: 'changing the caller’s password (to one that is refused)',
    stepUpFirst: true,
    request: () => ({
      method: 'POST',
      path: PASSWORD_CHANGE_API_PATH,
      json: { newPassword: 'short' },
    }),
    answers: signedIn({ customer: 400, 'other customer': 400 }),
  },
  {
    // The token's own customer only; partners have no password here.
    route: route('GET', PASSWORDLESS_API_PATH),
    name: 'whether the caller has a password and passkeys',
    request: () => ({ path: PASSWORDLESS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // The callers have no passkey: refused before anything changes (account-security.api.test.ts).
    route: route('DELETE', PASSWORDLESS_API_PATH),
    name: 'removing the caller’s password without a passkey',
    request: () => ({ method: 'DELETE', path: PASSWORDLESS_API_PATH }),
    answers: signedIn({ customer: 409, 'other customer': 409 }),
  },
  {
    // No passkey of the caller has that id (another customer's real one:
    // account-security.api.test.ts › "names a passkey by its model…").
    route: route('PUT', '/api/authn/devices/:deviceId/name'),
    name: 'renaming a passkey that is not the caller’s',
    request: () => ({
      method: 'PUT',
      path: passkeyNamePath(randomUUID()),
      json: { name: 'Mine now' },
    }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // The consent prompt belongs to the browser holding its interaction cookie, not to a token.
    route: route('GET', OAUTH_CONSENT_API_PATH),
    name: 'reading a consent prompt from another browser',
    request: ({ signInFlowId }) => ({
      path: `${OAUTH_CONSENT_API_PATH}?interaction=${signInFlowId}`,
    }),
    answers: everyone(404),
  },
  {
    route: route('POST', OAUTH_CONSENT_API_PATH),
    name: 'answering a consent prompt from another browser',
    request: ({ signInFlowId }) => ({
      method: 'POST',
      path: OAUTH_CONSENT_API_PATH,
      headers: XSRF,
      json: { interaction: signInFlowId, decision: 'allow' },
    }),
    answers: everyone(404),
  },
];
