import type {
  DirectoryEntry,
  DirectoryPatchRequest,
  DirectoryPutRequest,
} from '@anybank/contracts';
import { userDn } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { insertAuditEvent } from '../audit/audit.store';
import {
  adminAttributesOf,
  applyChanges,
  changesOfPatch,
  changesOfPut,
  directoryEntryOf,
  uidOfDn,
  type FieldProblem,
  type ParsedRequest,
} from './directory-entry.rules';
import { lockUserById, updateAdminAttributes } from './directory-entry.store';
import { findUserById, listAccountsOf, type UserRow } from './directory.store';

export interface EntryCaller {
  userId: string;
  ip: string;
}

export interface DirectoryEntryService {
  read(caller: EntryCaller, dn: string): Promise<DirectoryEntry>;
  put(caller: EntryCaller, dn: string, body: DirectoryPutRequest): Promise<DirectoryEntry>;
  patch(caller: EntryCaller, dn: string, body: DirectoryPatchRequest): Promise<DirectoryEntry>;
}

const NO_SUCH_ENTRY = 'There is no such entry.';
const OWN_ENTRY_ONLY = 'You can only read and change your own directory entry.';
const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';

function refusal(problems: FieldProblem[]): HttpError {
  const summary = problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
  return new HttpError(400, `Please check your input. ${summary}`, problems);
}

/**
 * The signed-in customer's own directory entry (document 2 §3, §7): read it, and change the
 * attributes the demo admin sets — the transfer thresholds and the account tier. Another
 * user's DN is refused (403) without looking it up, so the answer says nothing about whether
 * that user exists; a DN outside the directory's People is simply not found (404).
 */
export function createDirectoryEntryService(deps: {
  db: Database;
  productId: string;
}): DirectoryEntryService {
  const { db, productId } = deps;

  /** The caller's row, once the DN is known to be theirs. */
  async function ownEntry(caller: EntryCaller, dn: string): Promise<UserRow> {
    const uid = uidOfDn(dn);
    if (uid === null) throw new HttpError(404, NO_SUCH_ENTRY);
    const user = await findUserById(db, caller.userId);
    if (!user) throw new HttpError(401, SIGN_IN_AGAIN);
    if (user.uid !== uid) throw new HttpError(403, OWN_ENTRY_ONLY);
    return user;
  }

  async function entryOf(user: UserRow): Promise<DirectoryEntry> {
    const accounts = await listAccountsOf(db, user.id);
    return directoryEntryOf(
      user,
      accounts.map((account) => account.id),
      productId,
    );
  }

  async function modify(
    caller: EntryCaller,
    dn: string,
    parse: (user: UserRow) => ParsedRequest,
  ): Promise<DirectoryEntry> {
    const owner = await ownEntry(caller, dn);
    const parsed = parse(owner);
    if (!parsed.ok) throw refusal(parsed.problems);
    const updated = await db.transaction(async (tx) => {
      // Locked: the thresholds are checked as a pair against what is stored, and a second
      // change of the other threshold must see this one.
      const current = await lockUserById(tx, owner.id);
      if (!current) throw new HttpError(401, SIGN_IN_AGAIN);
      const before = adminAttributesOf(current);
      const applied = applyChanges(before, parsed.changes, productId);
      if (!applied.ok) throw refusal(applied.problems);
      if (applied.changed.length === 0) return current;
      const row = await updateAdminAttributes(tx, owner.id, applied.next);
      await insertAuditEvent(tx, {
        type: 'admin.action',
        userId: owner.id,
        ip: caller.ip,
        details: {
          action: 'directory-entry',
          changed: Object.fromEntries(
            applied.changed.map((attribute) => [
              attribute,
              { from: before[attribute], to: applied.next[attribute] },
            ]),
          ),
        },
      });
      return row ?? current;
    });
    return entryOf(updated);
  }

  return {
    async read(caller, dn) {
      return entryOf(await ownEntry(caller, dn));
    },
    put(caller, dn, body) {
      return modify(caller, dn, (user) => changesOfPut(body, userDn(user.uid), productId));
    },
    patch(caller, dn, body) {
      return modify(caller, dn, () => changesOfPatch(body, productId));
    },
  };
}
