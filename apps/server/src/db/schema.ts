import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema of AnyBank, for PGlite and PostgreSQL alike (migrations in ../../drizzle).
 * Money is integer cents (`bigint` read as a JS number: cents of any real balance fit).
 * Written for PostgreSQL 15: nothing newer (the CI server is 15, PGlite is newer).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Directory entries (document 2 §3 "User directory entry"). `uid` is the username. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    street: text('street'),
    city: text('city'),
    postalCode: text('postal_code'),
    userType: text('user_type').notNull(),
    authnPreference: text('authn_preference').notNull().default('Password'),
    passwordHash: text('password_hash'),
    accountTier: text('account_tier').notNull().default('personal'),
    /** Whole dollars; null means the default of document 2 §9. */
    cibaThreshold: integer('ciba_threshold'),
    denyThreshold: integer('deny_threshold'),
    /** Set while a transfer is pending, null otherwise (document 2 §4). */
    accountTransferAmountCents: bigint('account_transfer_amount_cents', { mode: 'number' }),
    /**
     * How many of the customer's transfers have been decided (issue 12 §3): each deciding write
     * adds one under the customer's lock, so a transfer decided in one statement can prove that
     * its snapshot holds every decision before it (banking/running-total.store.ts).
     */
    transferDecisions: integer('transfer_decisions').notNull().default(0),
    identityVerified: boolean('identity_verified').notNull().default(false),
    /** Set by the help desk or the seed: the next sign-in asks for a new password. */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    /** Demo admin's "simulate high risk on next sign-in": consumed by the next evaluation. */
    highRiskNextSignIn: boolean('high_risk_next_sign_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    check(
      'users_user_type_check',
      sql`${table.userType} in ('customer', 'AnyWealthAdvisor', 'AnyMarketing', 'CustomerServiceRep')`,
    ),
    check('users_authn_preference_check', sql`${table.authnPreference} in ('Password', 'Device')`),
    check('users_account_tier_check', sql`${table.accountTier} in ('personal', 'premier')`),
    check(
      'users_thresholds_check',
      sql`(${table.cibaThreshold} is null or ${table.cibaThreshold} >= 1) and (${table.denyThreshold} is null or ${table.denyThreshold} >= 2)`,
    ),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Order in the owner's `accts` list: 0 checking, 1 savings, 2 rewards Visa. */
    position: smallint('position').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    numberSuffix: text('number_suffix').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('accounts_owner_kind_unique').on(table.ownerId, table.kind),
    check('accounts_kind_check', sql`${table.kind} in ('checking', 'savings', 'rewards-visa')`),
    // Deposit accounts never go below zero; the card's balance is what is owed.
    check(
      'accounts_balance_check',
      sql`${table.kind} = 'rewards-visa' or ${table.balanceCents} >= 0`,
    ),
    check('accounts_number_suffix_check', sql`${table.numberSuffix} ~ '^[0-9]{4}$'`),
  ],
);

/** Second factors (document 1 §3.4). Secrets are stored encrypted, never in the clear. */
export const mfaDevices = pgTable(
  'mfa_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    nickname: text('nickname'),
    target: text('target'),
    secretEncrypted: text('secret_encrypted'),
    publicKey: text('public_key'),
    credentialId: text('credential_id').unique(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    /** The last authenticator-app time step accepted: a code is never accepted twice. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    rpId: text('rp_id'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /**
     * A new e-mail address or mobile number signs in from this time only (24 hours after its
     * change, while an older device exists): a fresh stolen token cannot make itself a way in.
     * Null: in use since it was added.
     */
    inUseFrom: timestamp('in_use_from', { withTimezone: true }),
    /** The device it replaced signs in until this time, then is gone. Null: no end. */
    inUseUntil: timestamp('in_use_until', { withTimezone: true }),
  },
  (table) => [
    index('mfa_devices_user_idx').on(table.userId),
    check(
      'mfa_devices_type_check',
      sql`${table.type} in ('Email', 'SMS', 'iPhone', 'TOTP', 'FIDO2', 'SECURITY_KEY', 'PLATFORM')`,
    ),
  ],
);

/** Consents (document 2 §3): communication and share-account-balances. */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    actor: text('actor').notNull(),
    audience: text('audience').notNull(),
    definitionId: text('definition_id').notNull(),
    definitionVersion: text('definition_version').notNull().default('1.0'),
    definitionLocale: text('definition_locale').notNull().default('en-us'),
    status: text('status').notNull(),
    titleText: text('title_text'),
    dataText: text('data_text'),
    purposeText: text('purpose_text'),
    data: jsonb('data').notNull(),
    consentContext: jsonb('consent_context'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consents_subject_definition_idx').on(table.subject, table.definitionId),
    check('consents_status_check', sql`${table.status} in ('accepted', 'revoked')`),
    check(
      'consents_definition_check',
      sql`${table.definitionId} in ('communication', 'share-account-balances')`,
    ),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAccountId: text('from_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    toAccountId: text('to_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** The number shown to the customer: random, below 100000 (document 2 §2). */
    referenceNumber: integer('reference_number').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** How a transfer above the approval threshold was to be approved: 'phone' or 'code'. */
    approvalMethod: text('approval_method'),
    /** The phone's approval request (the CIBA auth_req_id), once one was made. */
    approvalRequestId: text('approval_request_id'),
    createdAt: createdAt(),
    /** When a transfer that waited for approval was settled; null: decided when created. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('transfers_idempotency_unique').on(table.userId, table.idempotencyKey),
    // Payment Activity: a customer's transfers, newest first.
    index('transfers_user_created_idx').on(table.userId, table.createdAt),
    check(
      'transfers_approval_method_check',
      sql`${table.approvalMethod} is null or ${table.approvalMethod} in ('phone', 'code')`,
    ),
    check('transfers_amount_check', sql`${table.amountCents} > 0`),
    check('transfers_accounts_check', sql`${table.fromAccountId} <> ${table.toAccountId}`),
    check(
      'transfers_status_check',
      sql`${table.status} in ('pending_approval', 'confirmed', 'denied', 'not_approved')`,
    ),
    check(
      'transfers_reference_check',
      sql`${table.referenceNumber} >= 0 and ${table.referenceNumber} < 100000`,
    ),
  ],
);

/**
 * Double-entry ledger: each confirmed transfer writes a debit and a credit; money from or to
 * outside the bank (an opening deposit, salary, a card purchase) is an entry of no transfer.
 * Ordered by id. `category` says what the money was for (LEDGER_CATEGORIES in the contracts).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    transferId: uuid('transfer_id').references(() => transfers.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    // A transfer's, unless its writer says otherwise.
    category: text('category').notNull().default('transfer'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    check('ledger_entries_amount_check', sql`${table.amountCents} <> 0`),
  ],
);

/** Every e-mail, SMS and push request the bank sends (the demo's mailbox and phone). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders messages of the same millisecond (PGlite's now() has millisecond precision). */
    sequence: bigint('sequence', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (table) => [
    index('outbox_messages_recipient_idx').on(table.recipient, table.sequence),
    check('outbox_messages_channel_check', sql`${table.channel} in ('email', 'sms', 'push')`),
  ],
);

/** Security events: sign-ins, lockouts, bot detections, admin actions. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    ip: text('ip'),
    details: jsonb('details').notNull().default({}),
    /**
     * Issue 15 §1: the "Behind the scenes" panel of the browser that caused the event (a hash of
     * its panel cookie), only while that panel is open and demo tools are on; otherwise null.
     */
    inspectorId: text('inspector_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_type_idx').on(table.type, table.id),
    index('audit_events_type_time_idx').on(table.type, table.createdAt),
    index('audit_events_user_idx').on(table.userId, table.id),
    index('audit_events_inspector_idx')
      .on(table.inspectorId, table.id)
      .where(sql`${table.inspectorId} is not null`),
  ],
);

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
    // "Where you're signed in" (issue 14 §4) finds a customer's sessions by the account in
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
 * Issue 14 §2: a customer's sign-in recovery codes (ASVS 2.6 look-up secrets), stored only as
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
     * Issue 15 §1: the "Behind the scenes" panel of the browser that asked (its inspector id),
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
 * Digital-wallet pairings (document 2 §2, §7): one per "Pair digital wallet", its ticket (the
 * secret in the pairing link) stored as a SHA-256 hash, good once and for 10 minutes.
 */
export const walletPairings = pgTable(
  'wallet_pairings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('wallet_pairings_user_idx').on(table.userId),
    index('wallet_pairings_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Help-desk sessions (document 2 §2 "Customer service"): a rep verifying a customer who called,
 * then acting on their account once. Bound to the rep; the e-mailed code, when there is one, is
 * a row of one_time_codes (purpose 'helpdesk', reference = this id). The state machine is
 * modules/helpdesk/helpdesk.rules.ts.
 */
export const helpDeskSessions = pgTable(
  'help_desk_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repId: uuid('rep_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    method: text('method'),
    pushRequestId: uuid('push_request_id'),
    verificationExpiresAt: timestamp('verification_expires_at', { withTimezone: true }),
    verifiedUntil: timestamp('verified_until', { withTimezone: true }),
    action: text('action'),
    /** The removed device's name, kept for the answer after the device row is gone. */
    actionDeviceName: text('action_device_name'),
    failure: text('failure'),
    /** Raised by every change: a change computed from an older version is not stored. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('help_desk_sessions_rep_idx').on(table.repId, table.createdAt),
    index('help_desk_sessions_customer_idx').on(table.customerId, table.createdAt),
    check(
      'help_desk_sessions_status_check',
      sql`${table.status} in ('started', 'verification_sent', 'verified', 'action_done', 'failed')`,
    ),
    check('help_desk_sessions_method_check', sql`${table.method} in ('push', 'email')`),
    check('help_desk_sessions_action_check', sql`${table.action} in ('unlock', 'remove_device')`),
  ],
);

/**
 * Rate-limit counters shared by every instance on this database (http/rate-limit-counters.ts):
 * one row per limited route and client address, counting hits until `window_ends_at`. With
 * REDIS_URL set, Redis counts instead and this table only serves while Redis does not answer.
 * The migration creates it UNLOGGED: counts need no crash safety, and a hit skips the WAL.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_idx').on(table.windowEndsAt)],
);

// ---- Issue 12 §2 (step-up and verified contact changes): identity/step-up, profile update ----

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
 * A change of e-mail address or mobile number. `pending` until the customer enters the code
 * sent to the new one (until then the old one stays the sign-in device and recovery address);
 * `confirmed` rows keep the previous value, which recovery uses for 24 hours; `undone` when
 * the previous address's "This wasn't me" link put it back.
 */
export const contactChanges = pgTable(
  'contact_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    previousValue: text('previous_value'),
    newValue: text('new_value').notNull(),
    status: text('status').notNull(),
    /** The browser that asked for it (User-Agent, shortened), for the notice to the old one. */
    browser: text('browser').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * "This wasn't me": the SHA-256 of the single-use link token sent to the previous address
     * or number when the change is confirmed, and when the link stops working. Cleared once used.
     */
    undoTokenHash: text('undo_token_hash').unique(),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_changes_user_idx').on(table.userId, table.kind, table.status),
    check('contact_changes_kind_check', sql`${table.kind} in ('email', 'mobile')`),
    check(
      'contact_changes_status_check',
      sql`${table.status} in ('pending', 'confirmed', 'superseded', 'undone')`,
    ),
  ],
);

// --- Issue 12 §4: OAuth clients' scopes and the customer's consent -------------------------

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

// --- Issue 12 §1: secrets and signing keys (modules/identity/keys) ---------------------------

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

// --- Issue 12 §5: session pickup, once per authorization code (identity/pickup) -------------

/**
 * The authorization codes a pickup reference was issued for (their SHA-256, never the code):
 * the primary key lets one insert claim a code, so a code yields one reference however many
 * requests race for it. Kept until the code would have expired.
 */
export const pickupIssuedCodes = pgTable('pickup_issued_codes', {
  codeHash: text('code_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// --- Issue 14 §4: sessions a customer can see and end (identity/oauth/sessions.*) ------------

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

// --- Issue 14 §3: remembered browsers (identity/remembered-browsers/) -------------------------

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

// --- Issue 15 §5: the bank's brand, set on the demo admin page (modules/branding) -------------

/**
 * The brand the site, the login modal, the messages and the phone show: one row ('current')
 * when a presenter has changed it, none while the defaults from the environment apply. The logo
 * is an uploaded SVG or PNG, kept here so every instance serves the same one.
 */
export const branding = pgTable(
  'branding',
  {
    id: text('id').primaryKey(),
    bankName: text('bank_name').notNull(),
    productName: text('product_name').notNull(),
    primaryColor: text('primary_color').notNull(),
    accentColor: text('accent_color').notNull(),
    logoType: text('logo_type'),
    /** The logo file's bytes, base64. */
    logo: text('logo'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('branding_single_row_check', sql`${table.id} = 'current'`),
    check(
      'branding_logo_type_check',
      sql`${table.logoType} is null or ${table.logoType} in ('image/svg+xml', 'image/png')`,
    ),
  ],
);

// --- Issue 16 §2: pay by bank (modules/payments, ADR 0023) -----------------------------------

/**
 * A domestic payment consent an application registered: what it may pay (amount, currency,
 * payee, reference), fixed before the customer sees it. AwaitingAuthorisation → Authorised (the
 * customer chose the account to pay from) → Consumed (the payment, `transfer_id`, was made), or
 * Rejected, or Expired (not authorised within 10 minutes: read from `expires_at`).
 */
export const paymentConsents = pgTable(
  'payment_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    status: text('status').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    payeeAccountId: text('payee_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    /** The customer who authorised it, and the account they chose to pay from. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    debtorAccountId: text('debtor_account_id').references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    /** The payment made against it (a transfer row and its two ledger entries). */
    transferId: uuid('transfer_id').references(() => transfers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    /**
     * What the customer's authorisation asked (paymentApproval then): `none`, or the `phone`'s
     * or a `code`'s approval. The limits are applied again when the payment is submitted, and
     * only an authorisation with a second factor covers a total above the approval threshold.
     */
    approvedWith: text('approved_with'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_consents_user_idx').on(table.userId),
    uniqueIndex('payment_consents_transfer_unique').on(table.transferId),
    check('payment_consents_amount_check', sql`${table.amountCents} > 0`),
    check(
      'payment_consents_status_check',
      sql`${table.status} in ('AwaitingAuthorisation', 'Authorised', 'Consumed', 'Rejected')`,
    ),
    check(
      'payment_consents_approved_with_check',
      sql`${table.approvedWith} in ('none', 'phone', 'code')`,
    ),
  ],
);
