import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { mfaDevices, users } from './directory';

// Identity's tables (modules/identity): push approvals, the sign-in flow and its
// one-time codes, failures and recovery codes, step-ups, session pickup, the OAuth server's
// models, consents and sessions, remembered browsers, and the server's secrets and signing keys.

/**
 * oidc-provider's models (sessions, interactions, grants, codes, tokens…), one table for all,
 * each row expiring on its own. See modules/identity/oauth/oidc.adapter.ts.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_models_grant_idx').on(table.grantId),
    index('oidc_models_uid_idx').on(table.model, table.uid),
    index('oidc_models_user_code_idx').on(table.model, table.userCode),
    index('oidc_models_expires_idx').on(table.expiresAt),
    // "Where you're signed in" (identity/oauth/sessions.*) finds a customer's sessions by the account in
    // their payload: without this it reads every session of every customer.
    index('oidc_models_session_account_idx')
      .on(table.model, sql`(${table.payload}->>'accountId')`)
      .where(sql`${table.model} = 'Session'`),
  ],
);

/**
 * Authentication flows (document 1 §4.1): a persisted state machine, so that any instance can
 * continue it. The id is the OAuth interaction's uid; the browser that holds the interaction
 * cookie is the only one that may continue it.
 */
export const authFlows = pgTable(
  'auth_flows',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    status: text('status').notNull(),
    /** The rest of the machine's state (rules: identity/flow/flow.rules.ts), as JSON. */
    state: jsonb('state').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_flows_expires_idx').on(table.expiresAt)],
);

/** One-time codes (sign-in OTP, pairing, recovery): stored as keyed hashes, single use. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** What the code is for: a flow id, a device id. It must match at verification. */
    reference: text('reference').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_codes_reference_idx').on(table.purpose, table.reference)],
);

/**
 * Wrong passwords per username and client address, counted atomically: 5 within 15 minutes
 * lock that address out of that username for 1 minute. Per address, so that nobody elsewhere
 * can keep the owner locked out (risk.rules.ts); '' stands for no known address.
 */
export const passwordFailures = pgTable(
  'password_failures',
  {
    uid: text('uid').notNull(),
    ip: text('ip').notNull().default(''),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.uid, table.ip] })],
);

/**
 * A customer's sign-in recovery codes (ASVS 2.6 look-up secrets), stored only as
 * keyed hashes with a random salt each. A code is burned by setting `used_at` in one
 * conditional UPDATE; a new set deletes the old one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Random per code (ASVS 2.6.2: a unique salt of at least 32 bits), base64url. */
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** Wrong recovery codes in a row per customer, across sign-ins, and the lock they lead to. */
export const recoveryCodeFailures = pgTable('recovery_code_failures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Session pickup references (document 1 §3.8): one use, 60 s, bound to a browser cookie. */
export const pickupReferences = pgTable('pickup_references', {
  refHash: text('ref_hash').primaryKey(),
  bindingHash: text('binding_hash').notNull(),
  referenceType: text('reference_type').notNull(),
  /** The OAuth grant of the sign-in: gone means the user signed out meanwhile (resumePath). */
  grantId: text('grant_id').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Requests sent to the bank's phone app (push): a sign-in to approve, a transfer to approve.
 * Only the device they were sent to can decide them, by signing with its key.
 */
export const pushRequests = pgTable(
  'push_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => mfaDevices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the person approves: shown on the phone (what, where from, amount). */
    context: jsonb('context').notNull(),
    status: text('status').notNull().default('pending'),
    /**
     * The "Behind the scenes" panel (ADR 0021) of the browser that asked (its inspector id),
     * so the phone's decision, made from another browser, shows in that panel.
     */
    inspectorId: text('inspector_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('push_requests_device_idx').on(table.deviceId, table.createdAt),
    check('push_requests_kind_check', sql`${table.kind} in ('signin', 'transfer', 'helpdesk')`),
    check(
      'push_requests_status_check',
      sql`${table.status} in ('pending', 'approved', 'denied', 'expired')`,
    ),
  ],
);

/**
 * A fresh check of a factor the customer already had, made in a signed-in browser (the step-up
 * flow). Bound to that browser's sign-in by the SHA-256 of its grant id (`gid`); the guard
 * (identity/oauth/recent-authentication.ts) accepts one younger than 5 minutes.
 */
export const stepUps = pgTable(
  'step_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantHash: text('grant_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The factor checked ('pwd', 'otp', 'mfa', 'hwk'). */
    amr: text('amr').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('step_ups_grant_idx').on(table.grantHash, table.createdAt)],
);

/**
 * A customer's consent to an application that is not the bank's own (the retail checkout):
 * which sign-in scopes it may have, remembered across sign-ins until the customer revokes it
 * on Privacy & Security ("Connected apps"). The oidc-provider Grant a sign-in builds from it
 * lives with the session; this row is the decision itself.
 */
export const oauthClientConsents = pgTable(
  'oauth_client_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** The scopes agreed to, space-separated as OAuth writes them. */
    scopes: text('scopes').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.clientId] })],
);

/**
 * The server's random secrets (cookie signing, keyed hashes, client secrets, the API key), made
 * on first start and shared by every instance on this database. The first instance to insert a
 * name wins; the others read its value back. Values are sealed with KEY_ENCRYPTION_KEY when set.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The token signing keys (ES256), one generation each: the highest signs, older ones stay
 * published until the tokens they signed have expired. `generation` is unique, so two instances
 * creating or rotating at once cannot both add the same generation. The private JWK is sealed
 * with KEY_ENCRYPTION_KEY when set.
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    generation: integer('generation').primaryKey(),
    kid: text('kid').notNull(),
    publicJwk: jsonb('public_jwk').notNull(),
    privateJwk: text('private_jwk').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('signing_keys_kid_idx').on(table.kid)],
);

/**
 * The authorization codes a pickup reference was issued for (their SHA-256, never the code):
 * the primary key lets one insert claim a code, so a code yields one reference however many
 * requests race for it. Kept until the code would have expired.
 */
export const pickupIssuedCodes = pgTable('pickup_issued_codes', {
  codeHash: text('code_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * What the customer's list of sign-in sessions shows beside oidc-provider's `Session` model
 * (`oidc_models`, whose payload keeps only what the provider needs): the browser's user agent
 * and address when it signed in, and when it was last active. Keyed by the session's `uid`,
 * which stays the same across the provider's re-keying of the session cookie. A row counts only
 * while its session lives (the list joins the live `Session` row); ending a session deletes it.
 */
export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    sessionUid: text('session_uid').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull(),
    ip: text('ip').notNull(),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_sessions_user_idx').on(table.userId)],
);

/**
 * A browser the customer asked not to be asked for the second factor on, for 30 days. Only the
 * SHA-256 of the cookie's random token is kept; the row is bound to the customer and to the
 * browser's device id (the risk payload's, also kept as a SHA-256). Forgetting sets
 * `forgotten_at` (the customer's "Forget", or a risk denial since); the row stays for the audit.
 */
export const rememberedBrowsers = pgTable(
  'remembered_browsers',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    deviceIdHash: text('device_id_hash').notNull(),
    userAgent: text('user_agent').notNull(),
    ip: text('ip').notNull(),
    /** The country of the address it was last seen from (remembered or used), when known. */
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    forgottenAt: timestamp('forgotten_at', { withTimezone: true }),
  },
  (table) => [index('remembered_browsers_user_idx').on(table.userId)],
);

/**
 * One "prove it is you" (ADR 0026, identity/challenge): asked of a user for a purpose, answered
 * by one method, with the words the person confirms. Attempts and expiry are counted here, once,
 * for sign-in, step-up, transfer and payment approval, the help desk and contact changes. A
 * code method keeps its code in `one_time_codes` (purpose and reference: this row's).
 */
export const challenges = pgTable(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The method's folder name ('email-code', 'phone-push'…). */
    method: text('method').notNull(),
    /** The device asked; null for a target (a new address) or a method with no device. */
    deviceId: uuid('device_id').references(() => mfaDevices.id, { onDelete: 'cascade' }),
    /** The caller's id of what is proved: a flow, a transfer, a consent, a help-desk session. */
    reference: text('reference').notNull(),
    /** The purpose's context as the caller gave it (amount, payee; the change; the agent). */
    context: jsonb('context').notNull(),
    /** The words the person confirms (dynamic linking); null for a purpose with none. */
    linking: text('linking'),
    /** What the method kept when it asked (a push request's id, a CIBA auth_req_id). */
    methodState: jsonb('method_state').notNull().default({}),
    status: text('status').notNull().default('asked'),
    /** Wrong answers so far. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('challenges_reference_idx').on(table.purpose, table.reference),
    index('challenges_user_idx').on(table.userId, table.createdAt),
    check(
      'challenges_status_check',
      sql`${table.status} in ('asked', 'answered', 'refused', 'expired', 'cancelled')`,
    ),
  ],
);
