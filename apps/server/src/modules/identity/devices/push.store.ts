import { and, asc, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { pushRequests } from '../../../db/schema';

export type PushRequestRow = typeof pushRequests.$inferSelect;
export type NewPushRequest = typeof pushRequests.$inferInsert;

export async function insertPushRequest(
  db: Queryable,
  row: NewPushRequest,
): Promise<PushRequestRow> {
  const [inserted] = await db.insert(pushRequests).values(row).returning();
  if (!inserted) throw new Error('insert into push_requests returned no row');
  return inserted;
}

export async function findPushRequest(db: Queryable, id: string): Promise<PushRequestRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(pushRequests).where(eq(pushRequests.id, id)).limit(1);
  return row ?? null;
}

/** Decides a pending, unexpired request, once: a second decision or a late one changes nothing. */
export async function decidePushRequest(
  db: Queryable,
  id: string,
  status: 'approved' | 'denied',
  now: Date,
): Promise<boolean> {
  const decided = await db
    .update(pushRequests)
    .set({ status, decidedAt: now })
    .where(
      and(
        eq(pushRequests.id, id),
        eq(pushRequests.status, 'pending'),
        gt(pushRequests.expiresAt, now),
      ),
    )
    .returning({ id: pushRequests.id });
  return decided.length === 1;
}

export async function listPendingPushRequests(
  db: Queryable,
  deviceId: string,
  now: Date,
): Promise<PushRequestRow[]> {
  return db
    .select()
    .from(pushRequests)
    .where(
      and(
        eq(pushRequests.deviceId, deviceId),
        eq(pushRequests.status, 'pending'),
        gt(pushRequests.expiresAt, now),
      ),
    )
    .orderBy(asc(pushRequests.createdAt));
}
