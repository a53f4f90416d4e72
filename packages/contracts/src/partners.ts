import { z } from 'zod';
import { balanceSchema } from './banking.schemas';
import { ACCOUNT_KINDS } from './constants';

/**
 * The partner portals' data APIs (document 2 §3 and §7): the advisor's consenting clients and
 * their shared balances, and the marketing lookup over SCIM. The server shows a partner only
 * what a customer consented to share; these are the shapes the portals read.
 */

export const ADVISOR_CONSENTS_API_PATH = '/api/advisor/consents';
export const ADVISOR_CLIENTS_API_PATH = '/api/advisor/clients';
export const CLIENT_BALANCES_API_PATH = '/api/open-banking/v2/balances';
export const SCIM_USERS_API_PATH = '/api/scim/v2/Users';
/** One customer as the marketing lookup shows them (RFC 7644 §3.4.1): their `meta.location`. */
export function scimUserPath(id: string): string {
  return `${SCIM_USERS_API_PATH}/${encodeURIComponent(id)}`;
}

/** Document 2 §3: a stored value that stands for "none" (the profile page writes it). */
export const BLANK_PLACEHOLDER = '0000000000';

// ---------------------------------------------------------------------------------------
// Advisor: who shares balances (the spec's advisorConsents, "Consent search result")

export const advisorConsentsQuerySchema = z.object({
  /** The advisor is the audience of this definition only. */
  definition: z.literal('share-account-balances'),
  /** Narrows the answer to one client. */
  subject: z.string().min(1).max(64).optional(),
});
export type AdvisorConsentsQuery = z.infer<typeof advisorConsentsQuerySchema>;

/** A client who shares balances with the advisor: enough to suggest and then look them up. */
export const advisorConsentSchema = z.object({
  id: z.string(),
  subject: z.string(),
  uid: z.string(),
  cn: z.string(),
  status: z.literal('accepted'),
  definition: z.object({
    id: z.literal('share-account-balances'),
    version: z.string(),
    locale: z.string(),
  }),
});
export type AdvisorConsent = z.infer<typeof advisorConsentSchema>;

export const advisorConsentsResponseSchema = z.object({
  count: z.number().int(),
  _embedded: z.object({ consents: z.array(advisorConsentSchema) }),
});
export type AdvisorConsentsResponse = z.infer<typeof advisorConsentsResponseSchema>;

// ---------------------------------------------------------------------------------------
// Advisor: the client search. Document 2 §2 has the advisor find a client and then see either
// the balances they share or 'This client did not consent to share accounts with you.': the
// search finds every customer, consenting or not, and shows only a name and a username.

/** The fewest characters a search asks the server for (document 2 §2: "more than 1"). */
export const ADVISOR_CLIENT_SEARCH_MIN_LENGTH = 2;
/** The most clients one search answers: a search box's suggestions, not a customer list. */
export const ADVISOR_CLIENT_SEARCH_LIMIT = 10;

export const advisorClientsQuerySchema = z.object({
  /** Part of the client's name ("Jane Doe") or username, any case. */
  search: z.string().trim().min(ADVISOR_CLIENT_SEARCH_MIN_LENGTH).max(64),
});
export type AdvisorClientsQuery = z.infer<typeof advisorClientsQuerySchema>;

/** A customer as the search shows them: nothing that needs their consent. */
export const advisorClientSchema = z.object({
  subject: z.string(),
  uid: z.string(),
  cn: z.string(),
});
export type AdvisorClient = z.infer<typeof advisorClientSchema>;

export const advisorClientsResponseSchema = z.object({
  count: z.number().int(),
  clients: z.array(advisorClientSchema),
});
export type AdvisorClientsResponse = z.infer<typeof advisorClientsResponseSchema>;

// ---------------------------------------------------------------------------------------
// Advisor: a client's shared balances ("Client balance lookup result")

export const clientBalancesQuerySchema = z.object({ subject: z.string().min(1).max(64) });

/**
 * A shared balance with its account's kind. The kind follows from the account's position in
 * the client's own list (0 checking, 1 savings, else rewards Visa); the server works it out
 * because the advisor is not shown the accounts the client kept private.
 */
export const clientBalanceSchema = balanceSchema.extend({ AccountKind: z.enum(ACCOUNT_KINDS) });
export type ClientBalance = z.infer<typeof clientBalanceSchema>;

/** `{product}UserAccountIDs`: the shared accounts' ids, in the client's order. */
export function accountIdsAttribute(productId: string): `${string}UserAccountIDs` {
  return `${productId}UserAccountIDs`;
}
export const accountIdsSchema = z.object({ ids: z.array(z.string()) });

/** Directory attributes of the client; null where the client has none. */
export const clientAttributesSchema = z.object({
  cn: z.string(),
  street: z.string().nullable(),
  l: z.string().nullable(),
  postalCode: z.string().nullable(),
  mobile: z.string().nullable(),
});

export function clientBalancesResponseSchema(productId: string) {
  return z.object({
    userAttributes: clientAttributesSchema.extend({
      [accountIdsAttribute(productId)]: accountIdsSchema,
    } as Record<`${string}UserAccountIDs`, typeof accountIdsSchema>),
    Data: z.object({ Balance: z.array(clientBalanceSchema) }),
  });
}
export type ClientBalancesResponse = z.infer<ReturnType<typeof clientBalancesResponseSchema>>;

// ---------------------------------------------------------------------------------------
// Marketing: SCIM 2.0 user lookup (RFC 7644 §3.4.2)

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;
export const SCIM_CONTENT_TYPE = 'application/scim+json';
/** The most resources one page holds; also the default page size. */
export const SCIM_MAX_PAGE_SIZE = 50;

/**
 * Paging as RFC 7644 §3.4.2.4 reads it: a startIndex below 1 is 1, a negative count is 0, and a
 * count above the page size gets a full page (the server settles both, see scim.rules.ts).
 */
export const scimUsersQuerySchema = z.object({
  filter: z.string().max(512).optional(),
  startIndex: z.coerce.number().int().max(2_147_483_647).default(1),
  count: z.coerce.number().int().max(2_147_483_647).default(SCIM_MAX_PAGE_SIZE),
});

/**
 * A customer as marketing sees them: the contact attributes appear only for the channels the
 * customer opted into (sms: mobile; email: mail; homeAddress: street, l, postalCode). Without
 * a marketing consent cn is the no-consent text and no contact attribute appears.
 */
export const scimUserSchema = z.object({
  schemas: z.tuple([z.literal(SCIM_SCHEMAS.user)]),
  id: z.string(),
  /** SCIM's required username (RFC 7643 §4.1.1), the same as uid. */
  userName: z.string(),
  uid: z.string(),
  cn: z.string(),
  mail: z.string().optional(),
  mobile: z.string().optional(),
  street: z.string().optional(),
  l: z.string().optional(),
  postalCode: z.string().optional(),
  /** RFC 7643 §3.1: what the resource is, and where it is read again. */
  meta: z.object({ resourceType: z.literal('User'), location: z.string() }),
});
export type ScimUser = z.infer<typeof scimUserSchema>;

export const scimListResponseSchema = z.object({
  schemas: z.tuple([z.literal(SCIM_SCHEMAS.listResponse)]),
  totalResults: z.number().int(),
  startIndex: z.number().int(),
  itemsPerPage: z.number().int(),
  Resources: z.array(scimUserSchema),
});
export type ScimListResponse = z.infer<typeof scimListResponseSchema>;

export const scimErrorSchema = z.object({
  schemas: z.tuple([z.literal(SCIM_SCHEMAS.error)]),
  scimType: z.string().optional(),
  status: z.string(),
  detail: z.string().optional(),
});
export type ScimError = z.infer<typeof scimErrorSchema>;

/**
 * A SCIM string literal for the server's filter parser, which reads `\"` as a quote and any
 * other backslash as itself (so nothing else needs escaping). A backslash right before a
 * quote or at the end cannot be written for it at all: such a search finds no one.
 */
function scimString(value: string): string {
  return `"${value.replaceAll('"', '\\"')}"`;
}

/** The marketing lookup of one customer (document 2 §7: `uid eq {uid}`). */
export function scimUidEquals(uid: string): string {
  return `uid eq ${scimString(uid)}`;
}

/** The search box's suggestions: customers whose username starts with what was typed. */
export function scimUidStartsWith(prefix: string): string {
  return `uid sw ${scimString(prefix)}`;
}
