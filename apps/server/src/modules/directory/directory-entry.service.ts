import {
  apiErrorMessage,
  type DirectoryEntry,
  type DirectoryPatchRequest,
  type DirectoryPutRequest,
} from '@anybank/contracts';
import { userDn } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import {
  attributeNameOf,
  changesOfPatch,
  changesOfPut,
  directoryEntryOf,
  uidOfDn,
  type AdminAttribute,
  type FieldProblem,
  type ParsedRequest,
} from './directory-entry.rules';
import { findUserById, listAccountIdsOf, type UserRow } from './directory.store';

export interface EntryCaller {
  userId: string;
  ip: string;
}

export interface DirectoryEntryService {
  read(caller: EntryCaller, dn: string): Promise<DirectoryEntry>;
  put(caller: EntryCaller, dn: string, body: DirectoryPutRequest): Promise<DirectoryEntry>;
  patch(caller: EntryCaller, dn: string, body: DirectoryPatchRequest): Promise<DirectoryEntry>;
}

function refusal(problems: FieldProblem[]): DomainError {
  const summary = problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
  return new DomainError('invalid_input', {
    message: `Please check your input. ${summary}`,
    details: problems,
  });
}

/**
 * The signed-in customer's own directory entry (document 2 §3, §7): read it. Writes are
 * refused: the thresholds and tier are the bank's (403), the rest read-only (400). Another
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
    if (uid === null) throw new DomainError('directory_entry_not_found');
    const user = await findUserById(db, caller.userId);
    if (!user) throw new DomainError('session_ended');
    if (user.uid !== uid) throw new DomainError('directory_own_entry_only');
    return user;
  }

  async function entryOf(user: UserRow): Promise<DirectoryEntry> {
    return directoryEntryOf(user, await listAccountIdsOf(db, user.id), productId);
  }

  /**
   * The thresholds and the tier are the bank's attributes. A customer's token
   * names them only to be refused (403 `bank_attribute`), and nothing changes; the demo admin
   * sets them through its own API (modules/admin), which the demo-tools switch gates. Any other
   * attribute stays read-only here (400). A request that changes nothing answers the entry.
   */
  async function modify(
    caller: EntryCaller,
    dn: string,
    parse: (user: UserRow) => ParsedRequest,
  ): Promise<DirectoryEntry> {
    const owner = await ownEntry(caller, dn);
    const parsed = parse(owner);
    if (!parsed.ok) throw refusal(parsed.problems);
    const named = Object.keys(parsed.changes) as AdminAttribute[];
    if (named.length > 0) {
      const names = named.map((attribute) => attributeNameOf(attribute, productId));
      throw new DomainError('bank_attribute', {
        message: apiErrorMessage('bank_attribute', names.join(', ')),
      });
    }
    return entryOf(owner);
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
