import {
  and,
  asc,
  count,
  eq,
  isNotNull,
  like,
  ne,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { BANK_ORGANISATIONS } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';
import type { UidCondition } from './scim-filter.rules';
import type { CustomerEntry } from './scim.rules';

/** `value` as a LIKE pattern that matches only itself (PostgreSQL's escape is a backslash). */
export function literal(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A filter condition as SQL on the stored, lower-cased username (userName is case-insensitive). */
function uidCondition(condition: UidCondition): SQL {
  switch (condition.op) {
    case 'and':
      return and(...condition.conditions.map(uidCondition)) as SQL;
    case 'or':
      return or(...condition.conditions.map(uidCondition)) as SQL;
    case 'not':
      return not(uidCondition(condition.condition));
    case 'pr':
      return isNotNull(users.uid);
    case 'const':
      return condition.matches ? sql`true` : sql`false`;
    default: {
      const value = condition.value.toLowerCase();
      if (condition.op === 'eq') return eq(users.uid, value);
      if (condition.op === 'ne') return ne(users.uid, value);
      if (condition.op === 'sw') return like(users.uid, `${literal(value)}%`);
      if (condition.op === 'ew') return like(users.uid, `%${literal(value)}`);
      return like(users.uid, `%${literal(value)}%`);
    }
  }
}

const CUSTOMER_ENTRY = {
  id: users.id,
  uid: users.uid,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mobile: users.mobile,
  street: users.street,
  city: users.city,
  postalCode: users.postalCode,
};

/**
 * A person who banks here: a customer, never staff, and never one of the organisations the bank
 * knows (contracts' organisations.ts: a business customer that is no person to market to).
 */
export const isPersonalCustomer = and(
  eq(users.userType, 'customer'),
  notInArray(
    users.id,
    BANK_ORGANISATIONS.map((organisation) => organisation.id),
  ),
);

/** Customers (never staff) matching the condition, by username; a page of them and the total. */
export async function searchCustomers(
  db: Queryable,
  condition: UidCondition | null,
  page: { offset: number; limit: number },
): Promise<{ total: number; customers: CustomerEntry[] }> {
  const where = and(isPersonalCustomer, condition ? uidCondition(condition) : undefined);
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const customers =
    page.limit === 0
      ? []
      : await db
          .select(CUSTOMER_ENTRY)
          .from(users)
          .where(where)
          .orderBy(asc(users.uid))
          .offset(page.offset)
          .limit(page.limit);
  return { total: Number(totals?.total ?? 0), customers };
}

/** One customer (never staff) by id; `id` must be a UUID. */
export async function findCustomer(db: Queryable, id: string): Promise<CustomerEntry | null> {
  const [customer] = await db
    .select(CUSTOMER_ENTRY)
    .from(users)
    .where(and(eq(users.id, id), isPersonalCustomer))
    .limit(1);
  return customer ?? null;
}
