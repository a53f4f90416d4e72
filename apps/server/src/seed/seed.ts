import { hash, verify } from '@node-rs/argon2';
import { inArray, sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@anybank/contracts';
import type { Database, Transaction } from '../db/database';
import { users } from '../db/schema';
import { deleteUserWithHoldings } from '../modules/admin/delete-user';
import { insertAuditEvent } from '../modules/audit/audit-log';
import type { HistoryPosting } from '../modules/banking/ledger.rules';
import { postOpeningHistory } from '../modules/banking/ledger.store';
import { openCustomerAccounts } from '../modules/banking/new-accounts';
import {
  CONSENT_AUDIENCE,
  communicationStatus,
  shareBalancesStatus,
} from '../modules/consents/consent.rules';
import { insertConsents, type NewConsent } from '../modules/consents/consent.store';
import { findUserByUid } from '../modules/directory/directory.store';
import { insertDirectoryEntry } from '../modules/directory/new-customer';
import { DEMO_USERS, type DemoUser } from './demo-data';
import { recreateOrganisations } from './organisations';
import { demoHistoryOf } from './demo-history';

/** Every table the demo owns, children first: `--reset` empties them before seeding again. */
const DEMO_TABLES = [
  'push_requests',
  'oidc_models',
  'auth_flows',
  'one_time_codes',
  'password_failures',
  'pickup_references',
  'pickup_issued_codes',
  'ledger_entries',
  'transfers',
  'consents',
  'mfa_devices',
  'accounts',
  'users',
  'outbox_messages',
  'audit_events',
  // "Reset demo" brings back the default brand from the environment (ADR 0020).
  'branding',
  // The shop's record of its exchanges with the bank: of payments the reset forgets.
  'retail_shop_exchanges',
  // The shop's sessions of shoppers: the bank sessions they began in are forgotten too.
  'retail_shop_sessions',
] as const;

/** Creates the demo user; answers their ninety days of activity, for the ledger to write. */
async function seedUser(
  tx: Transaction,
  demo: DemoUser,
  passwordHash: string,
): Promise<HistoryPosting[]> {
  const { user } = await insertDirectoryEntry(tx, {
    user: {
      uid: demo.uid,
      firstName: demo.firstName,
      lastName: demo.lastName,
      email: demo.email,
      mobile: demo.mobile ?? null,
      street: demo.street ?? null,
      city: demo.city ?? null,
      postalCode: demo.postalCode ?? null,
      birthDate: demo.birthDate ?? null,
      userType: demo.userType,
      authnPreference: demo.authnPreference,
      passwordHash,
    },
    devices: demo.devices.map((device) => ({
      type: device.type,
      name: device.name,
      target:
        device.type === 'Email' ? demo.email : device.type === 'SMS' ? (demo.mobile ?? null) : null,
    })),
  });
  if (!demo.balances) return [];
  const accountRows = await openCustomerAccounts(tx, user.id);

  const consents: NewConsent[] = [];
  if (demo.communication) {
    consents.push({
      subject: user.id,
      actor: user.id,
      audience: CONSENT_AUDIENCE.communication,
      definitionId: 'communication',
      status: communicationStatus(demo.communication),
      titleText: 'Communication preferences',
      dataText: 'How AnyBank may contact you: SMS, e-mail and postal mail.',
      purposeText: 'Marketing and service communications',
      data: demo.communication,
    });
  }
  if (demo.shareWithAdvisor) {
    const shared = demo.shareWithAdvisor
      .map((position) => accountRows[position]?.id)
      .filter((id): id is string => Boolean(id));
    consents.push({
      subject: user.id,
      actor: user.id,
      audience: CONSENT_AUDIENCE['share-account-balances'],
      definitionId: 'share-account-balances',
      status: shareBalancesStatus({ 'share-balance': shared }),
      titleText: 'Share account balances',
      dataText: 'The balances of the accounts you choose.',
      purposeText: 'Wealth advice from AnyWealthAdvisor',
      data: { 'share-balance': shared },
    });
  }
  await insertConsents(tx, consents);
  return demoHistoryOf({ uid: demo.uid, userId: user.id, balances: demo.balances }, accountRows);
}

export interface SeedResult {
  created: string[];
}

/**
 * Creates every demo user that does not exist yet, with accounts, devices, consents and their
 * ninety days of account activity (demo-history.ts), written through the ledger.
 * Idempotent: users already present are left exactly as they are, so a second run changes
 * nothing. With `reset`, the demo tables are emptied first (`npm run seed -- --reset`).
 * Passwords are hashed before the transaction opens: slow work stays outside it.
 */
export async function seedDemoData(
  db: Database,
  /** `ip`: who asked, for the audit event, when the scenario page's "Reset demo" did. */
  options: { reset?: boolean; ip?: string } = {},
): Promise<SeedResult> {
  const missing: DemoUser[] = [];
  for (const demo of DEMO_USERS) {
    if (options.reset || !(await findUserByUid(db, demo.uid))) missing.push(demo);
  }
  if (missing.length === 0) return { created: [] };

  const hashes = await Promise.all(missing.map(() => hash(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    if (options.reset) {
      await tx.execute(
        sql.raw(`truncate table ${DEMO_TABLES.join(', ')} restart identity cascade`),
      );
      // Emptying `users` removed the organisations the migration made: they come back at once.
      await recreateOrganisations(tx);
    }
    const history: HistoryPosting[] = [];
    for (const [index, demo] of missing.entries()) {
      // A concurrent seeder (two instances starting together) may have won the race.
      if (await findUserByUid(tx, demo.uid)) continue;
      history.push(...(await seedUser(tx, demo, hashes[index] ?? '')));
    }
    // Every customer's history in one statement, oldest first across them all.
    await postOpeningHistory(
      tx,
      history.sort((a, b) => b.ageMs - a.ageMs),
    );
    await insertAuditEvent(tx, {
      type: options.reset ? 'seed.reset' : 'seed.applied',
      ip: options.ip,
      details: { users: missing.map((demo) => demo.uid) },
    });
  });
  return { created: missing.map((demo) => demo.uid) };
}

const DEMO_UIDS = DEMO_USERS.map((demo) => demo.uid);

/** The command that removes the demo users: named by the start-up refusal and the README. */
export const REMOVE_DEMO_USERS_COMMAND = 'npm run seed -- --remove-demo-users';

/**
 * The seeded demo users who can still sign in with the published demo password: a public
 * deployment (DEMO_TOOLS=off) refuses to start while there is one. Each hash is checked outside
 * any transaction (argon2 is slow work).
 */
export async function demoUsersWithDemoPassword(db: Database): Promise<string[]> {
  const rows = await db
    .select({ uid: users.uid, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.uid, DEMO_UIDS));
  const checked = await Promise.all(
    rows.map(async (row) => ({
      uid: row.uid,
      known: row.passwordHash !== null && (await verify(row.passwordHash, DEMO_PASSWORD)),
    })),
  );
  return checked
    .filter((row) => row.known)
    .map((row) => row.uid)
    .sort();
}

/**
 * Removes every seeded demo user (`npm run seed -- --remove-demo-users`) with what they own:
 * accounts, transfers, devices, consents and sign-ins, as the demo admin's "delete user" does.
 * The audit log keeps a row saying who was removed. Answers the uids removed.
 */
export async function removeDemoUsers(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, uid: users.uid })
      .from(users)
      .where(inArray(users.uid, DEMO_UIDS))
      .for('update');
    for (const row of rows) await deleteUserWithHoldings(tx, row);
    const removed = rows.map((row) => row.uid).sort();
    if (removed.length > 0) {
      await insertAuditEvent(tx, { type: 'seed.demo-users-removed', details: { users: removed } });
    }
    return removed;
  });
}

/**
 * What start-up does with the demo users. Demo tools on: seeds the missing ones. Off: seeds none,
 * and answers the one-line reason to refuse to start while a demo user can still sign in with
 * the published password (null when there is none).
 */
export async function seedOrCheckDemoUsers(
  db: Database,
  demoToolsEnabled: boolean,
): Promise<string | null> {
  if (demoToolsEnabled) {
    await seedDemoData(db);
    return null;
  }
  const exposed = await demoUsersWithDemoPassword(db);
  if (exposed.length === 0) return null;
  return `DEMO_TOOLS is off, but ${exposed.length} demo users (${exposed.join(', ')}) still sign in with the published demo password: remove them with \`${REMOVE_DEMO_USERS_COMMAND}\`.`;
}
