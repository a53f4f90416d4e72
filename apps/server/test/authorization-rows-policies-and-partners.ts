import {
  ADVISOR_CLIENTS_API_PATH,
  ADVISOR_CONSENTS_API_PATH,
  CLIENT_BALANCES_API_PATH,
  DEMO_PASSWORD,
  SCIM_USERS_API_PATH,
  scimUidEquals,
  scimUserPath,
} from '@anybank/contracts';
import {
  POLICY_ROUTE,
  type Row,
  config,
  policyPath,
  route,
  signedIn,
} from './authorization-matrix';

// The authorization matrix's rows for the orchestration policies that act on a user and the
// partners' data; the last removes the customer (authorization-matrix.api.test.ts).

export const POLICY_AND_PARTNER_ROWS: Row[] = [
  // --- Orchestration policies that act on a user: the user's own token is in the body --------
  {
    route: POLICY_ROUTE,
    name: 'the DEVICE_UNIQUENESS policy on the customer’s subject',
    tokenIn: 'body',
    request: ({ customer }, token) => ({
      method: 'POST',
      path: policyPath('DEVICE_UNIQUENESS'),
      json: { accessToken: token ?? undefined, subject: customer.id, email: 'new@example.com' },
    }),
    answers: signedIn({ customer: 200 }),
  },
  {
    // Each signed-in person saves their own details unchanged: the policy has no other subject.
    route: POLICY_ROUTE,
    name: 'the PROFILE_UPDATE policy with the caller’s own details',
    tokenIn: 'body',
    request: ({ profileOf }, token, caller) => ({
      method: 'POST',
      path: policyPath('PROFILE_UPDATE'),
      json: { accessToken: token ?? undefined, hostname: 'localhost', rawData: profileOf(caller) },
    }),
    answers: signedIn({
      customer: 200,
      'other customer': 200,
      AnyWealthAdvisor: 200,
      AnyMarketing: 200,
      CustomerServiceRep: 200,
    }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the SIGN_IN_METHOD policy (Password, the same password)',
    tokenIn: 'body',
    stepUpFirst: true,
    request: (_context, token) => ({
      method: 'POST',
      path: policyPath('SIGN_IN_METHOD'),
      json: {
        accessToken: token ?? undefined,
        rawData: {
          [`${config.productId}UserAuthnPreferences`]: 'Password',
          userPassword: [DEMO_PASSWORD],
        },
      },
    }),
    answers: signedIn({
      customer: 200,
      'other customer': 200,
      AnyWealthAdvisor: 401,
      AnyMarketing: 401,
      CustomerServiceRep: 401,
    }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the PHISHING_EMAIL policy to the customer’s address',
    tokenIn: 'body',
    request: ({ customer }, token) => ({
      method: 'POST',
      path: policyPath('PHISHING_EMAIL'),
      json: { accessToken: token ?? undefined, to: customer.email, host: 'localhost' },
    }),
    answers: signedIn({ customer: 200, 'other customer': 400 }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the RESET_VERIFICATION policy',
    tokenIn: 'body',
    request: (_context, token) => ({
      method: 'POST',
      path: policyPath('RESET_VERIFICATION'),
      json: { accessToken: token ?? undefined, host: 'localhost' },
    }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the WALLET_PAIRING policy for the customer’s subject',
    tokenIn: 'body',
    request: ({ customer }, token) => ({
      method: 'POST',
      path: policyPath('WALLET_PAIRING'),
      json: { accessToken: token ?? undefined, step: 'start', subject: customer.id },
    }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: POLICY_ROUTE,
    name: 'the HELP_DESK policy on the customer',
    tokenIn: 'body',
    request: ({ customer }, token) => ({
      method: 'POST',
      path: policyPath('HELP_DESK'),
      json: { accessToken: token ?? undefined, step: 'start', username: customer.uid },
    }),
    answers: signedIn({ CustomerServiceRep: 200 }),
  },

  // --- Partner data: only the portal's own staff, with their own token ----------------------
  {
    route: route('GET', ADVISOR_CONSENTS_API_PATH),
    name: 'the advisor’s consenting clients',
    request: () => ({ path: `${ADVISOR_CONSENTS_API_PATH}?definition=share-account-balances` }),
    answers: signedIn({ AnyWealthAdvisor: 200 }),
  },
  {
    route: route('GET', ADVISOR_CLIENTS_API_PATH),
    name: 'the advisor’s client search (names only, consenting or not)',
    request: ({ customer }) => ({
      path: `${ADVISOR_CLIENTS_API_PATH}?search=${encodeURIComponent(customer.uid)}`,
    }),
    answers: signedIn({ AnyWealthAdvisor: 200 }),
  },
  {
    route: route('GET', CLIENT_BALANCES_API_PATH),
    name: 'the customer’s balances, as her advisor sees them',
    request: ({ customer }) => ({ path: `${CLIENT_BALANCES_API_PATH}?subject=${customer.id}` }),
    answers: signedIn({ AnyWealthAdvisor: 200 }),
  },
  {
    route: route('GET', SCIM_USERS_API_PATH),
    name: 'the marketing SCIM lookup of the customer',
    request: ({ customer }) => ({
      path: `${SCIM_USERS_API_PATH}?filter=${encodeURIComponent(scimUidEquals(customer.uid))}`,
    }),
    answers: signedIn({ AnyMarketing: 200 }),
  },
  {
    route: route('GET', `${SCIM_USERS_API_PATH}/:id`),
    name: 'the customer’s SCIM resource, at its meta.location',
    request: ({ customer }) => ({ path: scimUserPath(customer.id) }),
    answers: signedIn({ AnyMarketing: 200 }),
  },

  // Last: it removes the customer (and the other customer) for good.
  {
    // A partner is told in the body, as the admin page reads a delete failure (§8).
    route: POLICY_ROUTE,
    name: 'the DELETE_USER policy',
    tokenIn: 'body',
    request: (_context, token) => ({
      method: 'POST',
      path: policyPath('DELETE_USER'),
      json: { accessToken: token ?? undefined, host: 'localhost' },
    }),
    answers: signedIn({
      customer: 200,
      'other customer': 200,
      AnyWealthAdvisor: 200,
      AnyMarketing: 200,
      CustomerServiceRep: 200,
    }),
    bodies: {
      customer: { success: true },
      'other customer': { success: true },
      AnyWealthAdvisor: { success: false },
      AnyMarketing: { success: false },
      CustomerServiceRep: { success: false },
    },
  },
];
