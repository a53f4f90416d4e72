import { and, eq, sql } from 'drizzle-orm';
import type {
  HelpDeskAction,
  HelpDeskFailure,
  HelpDeskMethod,
  HelpDeskStatus,
} from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { helpDeskSessions } from '../../db/schema';
import type { HelpDeskState } from './helpdesk.rules';

export type HelpDeskSessionRow = typeof helpDeskSessions.$inferSelect;

/** The state machine's view of a stored session. */
export function stateOf(row: HelpDeskSessionRow): HelpDeskState {
  return {
    status: row.status as HelpDeskStatus,
    method: row.method as HelpDeskMethod | null,
    verificationExpiresAt: row.verificationExpiresAt,
    verifiedUntil: row.verifiedUntil,
    action: row.action as HelpDeskAction | null,
    failure: row.failure as HelpDeskFailure | null,
  };
}

function columnsOf(state: HelpDeskState) {
  return {
    status: state.status,
    method: state.method,
    verificationExpiresAt: state.verificationExpiresAt,
    verifiedUntil: state.verifiedUntil,
    action: state.action,
    failure: state.failure,
  };
}

export async function insertSession(
  db: Queryable,
  session: { repId: string; customerId: string; state: HelpDeskState },
): Promise<HelpDeskSessionRow> {
  const [row] = await db
    .insert(helpDeskSessions)
    .values({ repId: session.repId, customerId: session.customerId, ...columnsOf(session.state) })
    .returning();
  if (!row) throw new Error('insert into help_desk_sessions returned no row');
  return row;
}

/** The rep's own session: another rep's id is as good as none. */
export async function findSessionOfRep(
  db: Queryable,
  id: string,
  repId: string,
): Promise<HelpDeskSessionRow | null> {
  const [row] = await db
    .select()
    .from(helpDeskSessions)
    .where(and(eq(helpDeskSessions.id, id), eq(helpDeskSessions.repId, repId)))
    .limit(1);
  return row ?? null;
}

/** The rep's session, locked until the transaction ends: one action at a time. */
export async function lockSessionOfRep(
  tx: Queryable,
  id: string,
  repId: string,
): Promise<HelpDeskSessionRow | null> {
  const [row] = await tx
    .select()
    .from(helpDeskSessions)
    .where(and(eq(helpDeskSessions.id, id), eq(helpDeskSessions.repId, repId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * Stores the next state, only if nobody changed the session since `from` was read: of two
 * polls that both saw the phone's approval, or a poll and a switch to an e-mail code, exactly
 * one moves the session on; the other gets null and reads the session again.
 */
export async function saveState(
  db: Queryable,
  from: Pick<HelpDeskSessionRow, 'id' | 'version'>,
  state: HelpDeskState,
  extra: { actionDeviceName?: string | null } = {},
): Promise<HelpDeskSessionRow | null> {
  const [row] = await db
    .update(helpDeskSessions)
    .set({
      ...columnsOf(state),
      ...extra,
      version: sql`${helpDeskSessions.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(helpDeskSessions.id, from.id), eq(helpDeskSessions.version, from.version)))
    .returning();
  return row ?? null;
}
