import { sql, type SQL } from 'drizzle-orm';
import { preparedStatement, queryRows, type Queryable } from '../../../db/database';
import {
  auditEventsRecorded,
  auditRowsOf,
  auditStepsAfterSaved,
  type AuditEvent,
} from '../../audit';
import { liveOidcModel, type StoredOidcModel } from '../oauth/oidc.adapter';
import type { FlowState } from './flow.rules';

export interface StoredFlow {
  id: string;
  clientId: string;
  state: FlowState;
  version: number;
  expiresAt: Date;
}

/** A flow row as these statements select it (the expiry in milliseconds: one type for both drivers). */
interface FlowRow {
  id: string;
  client_id: string;
  state: FlowState;
  version: number;
  expires_ms: number;
}

const FLOW_COLUMNS = sql`id, client_id, state, version,
  (extract(epoch from expires_at) * 1000)::float8 as expires_ms`;

function toStored(row: FlowRow): StoredFlow {
  return {
    id: row.id,
    clientId: row.client_id,
    state: row.state,
    version: Number(row.version),
    expiresAt: new Date(Number(row.expires_ms)),
  };
}

// Every request of a sign-in reads its flow, and most save it: prepared once per connection.
const selectFlow = preparedStatement<FlowRow>(
  'flow_by_id',
  sql`select ${FLOW_COLUMNS} from auth_flows where id = ${sql.placeholder('id')}`,
);

/**
 * The flow and the OAuth interaction of the same id (a sign-in flow's id is its interaction's
 * uid), in one statement: each request of a sign-in needs both (flow.binding.ts).
 */
const selectFlowAndInteraction = preparedStatement<
  Partial<FlowRow> & {
    interaction_payload: StoredOidcModel['payload'] | null;
    interaction_consumed: number | null;
  }
>(
  'flow_and_interaction_by_id',
  sql`select f.id, f.client_id, f.state, f.version,
      (extract(epoch from f.expires_at) * 1000)::float8 as expires_ms,
      i.payload as interaction_payload, i.consumed as interaction_consumed
    from (select ${sql.placeholder('id')}::text as wanted) w
    left join auth_flows f on f.id = w.wanted
    left join lateral (${liveOidcModel('Interaction', sql`id`, sql`w.wanted`)}) i on true`,
);

const insertFlow = preparedStatement<FlowRow>(
  'flow_insert',
  sql`insert into auth_flows (id, client_id, status, state, expires_at)
    values (${sql.placeholder('id')}, ${sql.placeholder('clientId')}, ${sql.placeholder('status')},
      ${sql.placeholder('state')}::jsonb, to_timestamp(${sql.placeholder('expiresMs')}::float8 / 1000))
    on conflict (id) do nothing
    returning ${FLOW_COLUMNS}`,
);

type FlowUpdate = Record<'id' | 'version' | 'state' | 'status' | 'userId', unknown>;

/** The optimistic update: values, or a prepared statement's placeholders. */
function flowUpdate(values: FlowUpdate): SQL {
  return sql`update auth_flows set state = ${values.state}::jsonb, status = ${values.status},
      user_id = ${values.userId}::uuid, version = version + 1, updated_at = now()
    where id = ${values.id} and version = ${values.version}::integer
    returning id`;
}

const updateFlow = preparedStatement<{ id: string }>(
  'flow_save',
  flowUpdate({
    id: sql.placeholder('id'),
    version: sql.placeholder('version'),
    state: sql.placeholder('state'),
    status: sql.placeholder('status'),
    userId: sql.placeholder('userId'),
  }),
);

export async function findFlow(db: Queryable, id: string): Promise<StoredFlow | null> {
  const [row] = await selectFlow(db, { id });
  return row ? toStored(row) : null;
}

/** The flow of this id and the live interaction of the same id, each null when there is none. */
export async function findFlowAndInteraction(
  db: Queryable,
  id: string,
): Promise<{ flow: StoredFlow | null; interaction: StoredOidcModel | null }> {
  const [row] = await selectFlowAndInteraction(db, { id });
  if (!row) throw new Error('the flow and interaction statement answered no row');
  const { interaction_payload: payload, interaction_consumed: consumed, ...flow } = row;
  return {
    flow: flow.id == null ? null : toStored(flow as FlowRow),
    interaction: payload === null ? null : { payload, consumed },
  };
}

/** Creates the flow once; a second browser tab racing to create it gets the same row. */
export async function createFlow(
  db: Queryable,
  flow: { id: string; clientId: string; state: FlowState; expiresAt: Date },
): Promise<StoredFlow> {
  const [created] = await insertFlow(db, {
    id: flow.id,
    clientId: flow.clientId,
    status: flow.state.status,
    state: JSON.stringify(flow.state),
    expiresMs: flow.expiresAt.getTime(),
  });
  if (created) return toStored(created);
  const stored = await findFlow(db, flow.id);
  if (!stored) throw new Error(`flow ${flow.id} vanished right after it was created`);
  return stored;
}

/**
 * Deletes the flows that have expired (they refuse every step already): called now and then
 * as new flows start, which is the only way the table grows.
 */
export async function deleteExpiredFlows(db: Queryable): Promise<void> {
  await db.execute(sql`delete from auth_flows where expires_at < now()`);
}

/**
 * Writes the next state only if nobody else moved the flow since it was read (optimistic
 * concurrency): two tabs posting at once cannot both pass a step. Answers false when it lost.
 * `audit` events are written by the same statement, and only if the state is: the step and
 * what the log says of it commit together, in one round trip.
 */
export async function saveFlowState(
  db: Queryable,
  flow: StoredFlow,
  next: FlowState,
  audit: AuditEvent[] = [],
): Promise<boolean> {
  const values: FlowUpdate = {
    id: flow.id,
    version: flow.version,
    state: JSON.stringify(next),
    status: next.status,
    userId: next.userId ?? null,
  };
  const rows = auditRowsOf(audit);
  const saved = rows.length === 0 ? await update(db, values) : await updateWith(db, values, rows);
  if (saved) auditEventsRecorded(audit);
  return saved;
}

async function update(db: Queryable, values: FlowUpdate): Promise<boolean> {
  return (await updateFlow(db, values)).length === 1;
}

/** The update with the audit rows' inserts, made only if it wrote, in one statement. */
async function updateWith(
  db: Queryable,
  values: FlowUpdate,
  rows: ReturnType<typeof auditRowsOf>,
): Promise<boolean> {
  const steps = [sql`saved as (${flowUpdate(values)})`, ...auditStepsAfterSaved(rows)];
  const [row] = await queryRows<{ saved: number }>(
    db,
    sql`with ${sql.join(steps, sql`, `)} select count(*)::integer as saved from saved`,
  );
  return Number(row?.saved) === 1;
}
