import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The consents module's table (modules/consents).

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
