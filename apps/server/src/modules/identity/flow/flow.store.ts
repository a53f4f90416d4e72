import { and, eq, lt } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { authFlows } from '../../../db/schema';
import type { FlowState } from './flow.rules';

export interface StoredFlow {
  id: string;
  clientId: string;
  state: FlowState;
  version: number;
  expiresAt: Date;
}

function toStored(row: typeof authFlows.$inferSelect): StoredFlow {
  return {
    id: row.id,
    clientId: row.clientId,
    state: row.state as FlowState,
    version: row.version,
    expiresAt: row.expiresAt,
  };
}

export async function findFlow(db: Queryable, id: string): Promise<StoredFlow | null> {
  const [row] = await db.select().from(authFlows).where(eq(authFlows.id, id)).limit(1);
  return row ? toStored(row) : null;
}

/** Creates the flow once; a second browser tab racing to create it gets the same row. */
export async function createFlow(
  db: Queryable,
  flow: { id: string; clientId: string; state: FlowState; expiresAt: Date },
): Promise<StoredFlow> {
  await db.delete(authFlows).where(lt(authFlows.expiresAt, new Date()));
  await db
    .insert(authFlows)
    .values({
      id: flow.id,
      clientId: flow.clientId,
      status: flow.state.status,
      state: flow.state,
      expiresAt: flow.expiresAt,
    })
    .onConflictDoNothing();
  const stored = await findFlow(db, flow.id);
  if (!stored) throw new Error(`flow ${flow.id} vanished right after it was created`);
  return stored;
}

/**
 * Writes the next state only if nobody else moved the flow since it was read (optimistic
 * concurrency): two tabs posting at once cannot both pass a step. Answers false when it lost.
 */
export async function saveFlowState(
  db: Queryable,
  flow: StoredFlow,
  next: FlowState,
): Promise<boolean> {
  const updated = await db
    .update(authFlows)
    .set({
      state: next,
      status: next.status,
      userId: next.userId,
      version: flow.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(authFlows.id, flow.id), eq(authFlows.version, flow.version)))
    .returning({ id: authFlows.id });
  return updated.length === 1;
}
