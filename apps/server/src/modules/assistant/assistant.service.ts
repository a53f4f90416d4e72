import type { AccountStatementsResponse } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { insertAuditEvent } from '../audit';
import { accountName, accountsOf, type ActivityService } from '../banking';

/** An account as the assistant reads it. */
export interface AssistantAccount {
  id: string;
  name: string;
  numberSuffix: string;
  balanceCents: number;
}

export interface AssistantTransaction {
  bookedAt: string;
  description: string;
  category: string;
  amountCents: number;
  direction: 'credit' | 'debit';
}

export interface TransactionSearch {
  accountId: string;
  text?: string;
  from?: string;
  to?: string;
}

/** What the assistant's tools read, always of the customer its token speaks for. */
export interface AssistantService {
  accounts(userId: string): Promise<AssistantAccount[]>;
  /** Newest first, at most 50; 404 (`account_not_found`) for an account not the customer's. */
  searchTransactions(
    userId: string,
    search: TransactionSearch,
  ): Promise<{ account: AssistantAccount; total: number; entries: AssistantTransaction[] }>;
  /** An account's monthly statements; 404 (`account_not_found`) for one not the customer's. */
  statements(userId: string, accountId: string): Promise<AccountStatementsResponse>;
  /** Records what the assistant did for the customer (Connected apps shows the last). */
  recordUse(use: { userId: string; clientId: string; what: string; ip: string }): Promise<void>;
  /** Whom the customer can pay: their own accounts (transfers move money between them). */
  payees(userId: string): Promise<Omit<AssistantAccount, 'balanceCents'>[]>;
}

export const TRANSACTIONS_SHOWN = 50;

/** The banking module's reads, through its index, for the MCP tools (ADR 0029). */
export function createAssistantService(deps: {
  db: Database;
  activity: ActivityService;
}): AssistantService {
  const { db, activity } = deps;

  async function accounts(userId: string): Promise<AssistantAccount[]> {
    return (await accountsOf(db, userId)).map((account) => ({
      id: account.id,
      name: accountName(account.kind),
      numberSuffix: account.numberSuffix,
      balanceCents: account.balanceCents,
    }));
  }

  return {
    accounts,
    async searchTransactions(userId, search) {
      const found = await activity.accountActivity(userId, search.accountId, {
        q: search.text,
        from: search.from,
        to: search.to,
        page: 1,
        pageSize: TRANSACTIONS_SHOWN,
      });
      return {
        account: {
          id: found.account.id,
          name: found.account.name,
          numberSuffix: found.account.numberSuffix,
          balanceCents: found.account.balanceCents,
        },
        total: found.totalEntries,
        entries: found.entries.map((entry) => ({
          bookedAt: entry.bookedAt,
          description: entry.description,
          category: entry.category,
          amountCents: entry.amountCents,
          direction: entry.direction,
        })),
      };
    },
    statements: (userId, accountId) => activity.statements(userId, accountId),
    recordUse: ({ userId, clientId, what, ip }) =>
      insertAuditEvent(db, { type: 'assistant.used', userId, ip, details: { clientId, what } }),
    async payees(userId) {
      return (await accounts(userId)).map(({ id, name, numberSuffix }) => ({
        id,
        name,
        numberSuffix,
      }));
    },
  };
}
