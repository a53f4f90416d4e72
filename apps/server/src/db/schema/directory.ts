import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The directory's tables (modules/directory): customers and their sign-in devices, and the
// contact changes a customer verified (held 24 hours before the new contact signs in). Their
// accounts are banking's (./banking.ts).

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
     * How many of the customer's transfers have been decided: each deciding write
     * adds one under the customer's lock, so a transfer decided in one statement can prove that
     * its snapshot holds every decision before it (banking/running-total.store.ts).
     */
    transferDecisions: integer('transfer_decisions').notNull().default(0),
    identityVerified: boolean('identity_verified').notNull().default(false),
    /** The date of birth the bank holds (ISO `YYYY-MM-DD`); the verified-customer credential's. */
    birthDate: date('birth_date', { mode: 'string' }),
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

/**
 * The directory's published read model of people, as a view (docs/architecture.md "Module
 * import rules", rule 5): what other modules' single statements join on, readable by every
 * module and written by none (scripts/eslint/table-owners.js). Only these columns: no password
 * hash, no flags the directory alone acts on. The identity and contact columns are read by the
 * grant binding (the user type) and the pickup; the thresholds and the count of decided
 * transfers by banking's transfer facts, in the one statement that decides a transfer.
 */
export const directoryPeople = pgView('directory_people').as((qb) =>
  qb
    .select({
      id: users.id,
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobile: users.mobile,
      street: users.street,
      city: users.city,
      postalCode: users.postalCode,
      userType: users.userType,
      authnPreference: users.authnPreference,
      cibaThreshold: users.cibaThreshold,
      denyThreshold: users.denyThreshold,
      transferDecisions: users.transferDecisions,
    })
    .from(users),
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

/**
 * The sign-in devices whose target is one of the person's contact details (document 1 §4.4):
 * the directory keeps them in step with the profile (a new address replaces the old one's
 * device, a blanked mobile removes its device). Their methods (identity's email-code and
 * sms-code) sign in with these types.
 */
export const CONTACT_DEVICES = {
  email: { type: 'Email', name: 'Email' },
  phone: { type: 'SMS', name: 'SMS' },
} as const;

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
  // The device type is an open name: the challenge methods register theirs (ADR 0026), so a
  // list here would be one more place a new method edits.
  (table) => [index('mfa_devices_user_idx').on(table.userId)],
);
