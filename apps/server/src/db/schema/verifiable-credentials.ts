import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './directory';

// The verifiable-credentials module's tables (modules/verifiable-credentials, ADR 0027).

/**
 * Every SD-JWT VC the bank issued: whose, which type, the holder key it is bound to (its
 * thumbprint) and its entry in the status list. The row outlives its customer (`user_id` set
 * null when the account is deleted): its status entry must keep saying "revoked", and a free
 * index would read as valid.
 */
export const issuedCredentials = pgTable(
  'issued_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    credentialType: text('credential_type').notNull(),
    statusIndex: integer('status_index').notNull().unique(),
    holderKeyThumbprint: text('holder_key_thumbprint').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why: the customer's Revoke, the help desk's lost phone, the account deleted. */
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    index('issued_credentials_user_idx').on(table.userId),
    check(
      'issued_credentials_type_check',
      sql`${table.credentialType} in ('verified_customer', 'account_holder')`,
    ),
  ],
);

/**
 * The `c_nonce` of every proof the bank accepted, with the key that signed it. oidc-provider's
 * nonces are stateless: one value per minute for every wallet, accepted for five. So a nonce is
 * used once per holder key: the same key's second proof with it is a replay and is refused.
 * Rows older than the window are purged.
 */
export const usedCredentialNonces = pgTable(
  'used_credential_nonces',
  {
    nonce: text('nonce').notNull(),
    holderKeyThumbprint: text('holder_key_thumbprint').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.nonce, table.holderKeyThumbprint] })],
);

/**
 * The offers made from the bank's page, by the grant their pre-authorized code carries: the
 * phone's wallet redeems an offer without the browser's cookies, so its issuance is told in the
 * "Behind the scenes" panel that watched the offer being made (ADR 0021). Expired rows go as
 * new offers are made.
 */
export const credentialOffers = pgTable(
  'credential_offers',
  {
    grantId: text('grant_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialType: text('credential_type').notNull(),
    inspectorId: text('inspector_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('credential_offers_expires_idx').on(table.expiresAt)],
);
