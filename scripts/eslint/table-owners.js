// Which module owns each table (docs/architecture.md "Module import rules", rule 5): only the
// owner's files name it in a Drizzle import from db/schema or in SQL text. The tables are read
// from the schema itself, so a new table without an owner fails the rule's test
// (module-boundaries.test.ts) instead of going unchecked. A schema file named after a module
// (`db/schema/<module>.ts`) owns its tables without being listed here.
import fs from 'node:fs';
import path from 'node:path';
import { MODULES_DIR, SERVER_SRC } from './module-graph.js';

/** Tables of the one schema file (`db/schema.ts`), by SQL name → owning module. */
export const LISTED_OWNERS = {
  // People, their contact details and sign-in devices.
  users: 'directory',
  mfa_devices: 'directory',
  contact_changes: 'directory',
  consents: 'consents',
  // The accounts: a balance moves only with its ledger entries, in one statement.
  accounts: 'banking',
  transfers: 'banking',
  ledger_entries: 'banking',
  outbox_messages: 'messaging',
  audit_events: 'audit',
  oidc_models: 'identity',
  auth_flows: 'identity',
  one_time_codes: 'identity',
  password_failures: 'identity',
  recovery_codes: 'identity',
  recovery_code_failures: 'identity',
  pickup_references: 'identity',
  pickup_issued_codes: 'identity',
  push_requests: 'identity',
  step_ups: 'identity',
  oauth_client_consents: 'identity',
  server_secrets: 'identity',
  signing_keys: 'identity',
  sign_in_sessions: 'identity',
  remembered_browsers: 'identity',
  wallet_pairings: 'wallet',
  help_desk_sessions: 'helpdesk',
  branding: 'branding',
  payment_consents: 'payments',
  // The request rate limits' counters: plumbing (http/rate-limit-counters.ts), no module's.
  rate_limit_counters: 'http',
};

const SCHEMA_FILE = path.join(SERVER_SRC, 'db/schema.ts');
const SCHEMA_DIR = path.join(SERVER_SRC, 'db/schema');
const TABLE = /export const (\w+) = (pgTable|pgView)\(\s*'(\w+)'/g;

function schemaFiles() {
  const files = fs.existsSync(SCHEMA_FILE) ? [SCHEMA_FILE] : [];
  if (fs.existsSync(SCHEMA_DIR)) {
    for (const name of fs.readdirSync(SCHEMA_DIR)) {
      if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
        files.push(path.join(SCHEMA_DIR, name));
    }
  }
  return files;
}

/**
 * Every table of the schema: `{ name, identifier, owner, file, published }`, owner undefined
 * when neither its file's name nor LISTED_OWNERS says. A view (`pgView`) is `published`: its
 * owner's read model, which every module may read (import, `from`, `join`) and none but the
 * owner may write (docs/architecture.md "Module import rules", rule 5).
 */
export function schemaTables() {
  const modules = new Set(fs.readdirSync(MODULES_DIR));
  const tables = [];
  for (const file of schemaFiles()) {
    const base = path.basename(file, '.ts');
    const fileOwner = path.dirname(file) === SCHEMA_DIR && modules.has(base) ? base : undefined;
    for (const [, identifier, kind, name] of fs.readFileSync(file, 'utf8').matchAll(TABLE)) {
      const owner = fileOwner ?? LISTED_OWNERS[name];
      tables.push({ name, identifier, owner, file, published: kind === 'pgView' });
    }
  }
  return tables;
}
