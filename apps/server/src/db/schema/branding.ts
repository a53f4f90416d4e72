import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The branding module's table (modules/branding, ADR 0020).

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
