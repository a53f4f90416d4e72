import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/database';

/**
 * A fingerprint of everything stored: one md5 per table of the public schema, over its rows in
 * a fixed order. Two equal fingerprints mean no row was added, removed or changed.
 * `ignoredTables` names tables that count requests rather than hold anyone's data;
 * `auditTypesLeftOut` names audit events the requests are meant to leave (a read that is audited).
 */
export async function storedState(
  database: DatabaseHandle,
  options: {
    ignoredTables?: readonly string[];
    auditTypesLeftOut?: readonly string[];
    /** oidc-provider models (`oidc_models.model`) that count requests, like a DPoP proof's jti. */
    oidcModelsLeftOut?: readonly string[];
  } = {},
): Promise<Record<string, string>> {
  const { ignoredTables = [], auditTypesLeftOut = [], oidcModelsLeftOut = [] } = options;
  // PGlite and node-postgres both answer `{ rows }`; Drizzle types the result per driver.
  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    if (ignoredTables.includes(table)) continue;
    const notIn = (column: string, values: readonly string[]) =>
      sql`where ${sql.identifier('t')}.${sql.identifier(column)} not in (${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`;
    const leftOut =
      table === 'audit_events' && auditTypesLeftOut.length > 0
        ? notIn('type', auditTypesLeftOut)
        : table === 'oidc_models' && oidcModelsLeftOut.length > 0
          ? notIn('model', oidcModelsLeftOut)
          : sql``;
    const [row] = await rows<{ digest: string | null }>(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
          from ${sql.identifier(table)} t ${leftOut}`,
    );
    fingerprint[table] = row?.digest ?? '';
  }
  return fingerprint;
}
