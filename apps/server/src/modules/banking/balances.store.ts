import { sql } from 'drizzle-orm';
import { preparedStatement, type Queryable } from '../../db/database';
import { grantIsLive } from '../identity';
import type { AccountView } from './balances.rules';
import { uuidOrNull } from './uuid-or-null';

const selectBalances = preparedStatement<{
  grant_is_live: boolean;
  id: string | null;
  kind: string;
  position: number;
  balance_cents: number | string;
}>(
  'banking_balances',
  // The one-row left join answers the grant even for someone without accounts.
  sql`select ${grantIsLive(sql.placeholder('grantId'))} as grant_is_live,
        a.id, a.kind, a.position, a.balance_cents
      from (select 1) as one
      left join accounts a on a.owner_id = ${sql.placeholder('ownerId')}::uuid
      order by a.position`,
);

/**
 * The owner's accounts, and in the same round trip whether the access token's grant still
 * lives (see GrantCheck in identity/oauth/access-token.ts): one statement per balances request.
 */
export async function readBalances(
  db: Queryable,
  input: { ownerId: string; grantId: string },
): Promise<{ grantIsLive: boolean; accounts: AccountView[] }> {
  const rows = await selectBalances(db, {
    grantId: input.grantId,
    ownerId: uuidOrNull(input.ownerId),
  });
  return {
    grantIsLive: rows[0]?.grant_is_live === true,
    accounts: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: row.id,
              kind: row.kind,
              position: row.position,
              balanceCents: Number(row.balance_cents),
            },
          ],
    ),
  };
}
