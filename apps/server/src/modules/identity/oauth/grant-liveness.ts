import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { oidcModels } from '../../../db/schema';

// Published through index.ts for the statements of other modules that must check, in their
// own single round trip, that the access token behind the request still counts (banking's
// balances and transfers). The SQL on oidc_models stays identity's; the caller only places it.

/**
 * A SQL condition, true while the OAuth grant lives: the row the provider's `Grant.find` reads
 * through the adapter (oidc.adapter.ts), present and not expired. Sign-out deletes it, so a
 * query that selects this condition beside its data learns in the same round trip whether the
 * access token behind the request still counts. `grantId` may be a prepared statement's
 * placeholder, or a column of the caller's query.
 */
export function grantIsLive(grantId: string | Placeholder | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${oidcModels} where ${oidcModels.model} = 'Grant' and ${oidcModels.id} = ${grantId} and (${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > now()))`;
}
