import { generateKeyPairSync } from 'node:crypto';
import {
  DEMO_PASSWORD,
  FLOW_API_PATH,
  XSRF_HEADER,
  directoryAttributeNames,
  orchestrationPaths,
} from '@anybank/contracts';
import type { PolicyName } from '../src/config';
import { PARTNER_STAFF } from './partner-tokens';
import type { RouteKey } from './server-routes';
import { testConfig } from './test-config';

// The authorization matrix's callers, rows and helpers (authorization-matrix.api.test.ts runs
// it): who calls, what a row asks, and the answers each caller gets.

export const CALLERS = [
  'no token',
  'expired token',
  'customer',
  'other customer',
  'AnyWealthAdvisor',
  'AnyMarketing',
  'CustomerServiceRep',
  'client credentials',
  'retail shop',
] as const;
export type Caller = (typeof CALLERS)[number];
type SignedInCaller = Exclude<
  Caller,
  'no token' | 'expired token' | 'client credentials' | 'retail shop'
>;
type Answers = Record<Caller, number>;

/** The customer whose things the rows act on, and another customer. */
export const CUSTOMER = 'emily.chen';
export const OTHER_CUSTOMER = 'michael.brown';
export const UID_OF: Record<Caller, string> = {
  'no token': CUSTOMER,
  // The expired token is the customer's own, used once its lifetime is over.
  'expired token': CUSTOMER,
  customer: CUSTOMER,
  'other customer': OTHER_CUSTOMER,
  AnyWealthAdvisor: PARTNER_STAFF.AnyWealthAdvisor,
  AnyMarketing: PARTNER_STAFF.AnyMarketing,
  CustomerServiceRep: PARTNER_STAFF.CustomerServiceRep,
  'client credentials': CUSTOMER,
  'retail shop': CUSTOMER,
};

export const config = testConfig();
export const ATTRIBUTES = directoryAttributeNames(config.productId);
export const XSRF = { [XSRF_HEADER]: '1' };

export interface Person {
  id: string;
  uid: string;
  email: string;
  checkingId: string;
  savingsId: string;
  communicationConsentId: string;
}

export interface Context {
  origin: string;
  customer: Person;
  /** The checking account of the shop's company (Retail Shop Ltd), a business customer. */
  merchantCheckingId: string;
  /** The customer's device-pairing flow, started from her profile with her token. */
  pairingFlowId: string;
  /** A sign-in in the customer's browser: bound to that browser's interaction cookie. */
  signInFlowId: string;
  /** Each caller's own directory details, as the profile page sends them back unchanged. */
  profileOf: (caller: Caller) => Record<string, string[] | null>;
}

interface Request {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

export interface Row {
  route: RouteKey;
  name: string;
  /**
   * Where the caller's token goes: the Authorization header (default), or the JSON body's
   * `accessToken`, where the orchestration policies that act on a user take it.
   */
  tokenIn?: 'header' | 'body';
  request: (context: Context, token: string | null, caller: Caller) => Request;
  answers: Answers;
  /** What some callers' answers hold, where the status alone does not tell (a 200 refusal). */
  bodies?: Partial<Record<Caller, object>>;
  /**
   * A change of a way to sign in: it needs a step-up made for it (docs/security.md, step-up),
   * so each customer caller makes one just before. Partner staff cannot step up (the step-up
   * is for customers): a fresh token alone gets them 401 `step_up_required`.
   */
  stepUpFirst?: true;
}

/** Public by design: the token is not what this route looks at, so every caller gets this. */
export function everyone(status: number): Answers {
  return Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Answers;
}

/**
 * A route for signed-in people: no token or an expired one is 401, an application's token is
 * 403 (no person stands behind it), the shop's DPoP-bound token 401 (these routes take bearer
 * tokens only), and signed-in callers get their answer or 403.
 */
export function signedIn(allowed: Partial<Record<SignedInCaller, number>>, refused = 403): Answers {
  return {
    'no token': 401,
    'expired token': 401,
    customer: allowed.customer ?? refused,
    'other customer': allowed['other customer'] ?? refused,
    AnyWealthAdvisor: allowed.AnyWealthAdvisor ?? refused,
    AnyMarketing: allowed.AnyMarketing ?? refused,
    CustomerServiceRep: allowed.CustomerServiceRep ?? refused,
    'client credentials': 403,
    'retail shop': 401,
  };
}

export const route = (method: string, url: string): RouteKey => ({ method, url });
export const policyPath = (name: PolicyName) =>
  orchestrationPaths.policyStart(config.companyId, config.policyIds[name]);
export const POLICY_ROUTE = route('POST', '/api/orchestration/:companyId/policy/:policyId/start');
export const DIRECTORY_ROUTE = '/api/directory/v1/:dn';
export const FLOW_ROUTE = `${FLOW_API_PATH}/:flowId`;
export const PHONE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
  format: 'jwk',
});
export const WIDGET_POLICY_BODIES: Partial<Record<PolicyName, unknown>> = {
  REGISTRATION: {
    step: 'start',
    firstName: 'Nora',
    lastName: 'Quinn',
    email: 'nora.quinn@example.com',
    username: 'nora.quinn',
    password: DEMO_PASSWORD,
  },
  USERNAME_RECOVERY: {
    hostname: 'localhost',
    mail: `${CUSTOMER}@example.com`,
    encodedMail: Buffer.from(`${CUSTOMER}@example.com`).toString('base64'),
  },
  QR_CODE: { keyUri: 'otpauth://totp/AnyBank:emily.chen?secret=JBSWY3DPEHPK3PXP' },
};
