import {
  OB_TRANSACTIONS_PAGE_SIZE,
  RECENT_ACTIVITY_COUNT,
  type AccountActivityResponse,
  type AccountStatementsResponse,
  type ActivityAccount,
  type ActivityEntry,
  type ActivityFilter,
  type ObTransactionsResponse,
  type PaymentActivityItem,
  type PaymentActivityResponse,
  type RecentActivityResponse,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent, partnerReadEvent } from '../audit';
import { accountHolderNames } from './account-holders.read-model';
import { accountsSharedWithAdvisor } from '../consents';
import type { Principal } from '../identity';
import {
  accountName,
  activityCsv,
  activityCsvFileName,
  entryDirection,
  entryFilterOf,
  obTransactionOf,
  pageCount,
  pageLinks,
  paymentStateOf,
} from './activity.rules';
import {
  findAccount,
  readAccountEntries,
  readPayments,
  readRecentEntries,
  readStatementMonths,
  type AccountRow,
  type EntryRow,
  type PaymentRow,
} from './activity.store';

/** The most entries one CSV download holds (about 90 days of a busy account is a few hundred). */
export const CSV_MAX_ENTRIES = 10_000;

/**
 * A company's own application (ADR 0023): its client's own DPoP-bound token, the client
 * registered as this business customer's (client-scopes.rules.ts, companyOfClient).
 */
export interface CompanyCaller {
  /** The organisation's own id (contracts' organisations.ts), never a username. */
  companyId: string;
}

export interface ActivityService {
  /** One of the customer's accounts, a page of its filtered entries; 404 for any other. */
  accountActivity(
    userId: string,
    accountId: string,
    query: ActivityFilter & { page: number; pageSize: number },
  ): Promise<AccountActivityResponse>;
  /** Every entry the filter passes, as the CSV file and its name. */
  activityCsv(
    userId: string,
    accountId: string,
    filter: ActivityFilter,
  ): Promise<{ fileName: string; csv: string }>;
  statements(userId: string, accountId: string): Promise<AccountStatementsResponse>;
  recentActivity(userId: string): Promise<RecentActivityResponse>;
  paymentActivity(
    userId: string,
    query: { page: number; pageSize: number },
  ): Promise<PaymentActivityResponse>;
  /**
   * Open Banking's transactions of an account: the customer's own, a company application's own
   * company's, or, for the wealth advisor, a client's account their accepted consent shares
   * with the advisor. `pageUrl` makes a page's absolute link.
   */
  obTransactions(
    caller: Principal | CompanyCaller,
    accountId: string,
    page: number,
    pageUrl: (page: number) => string,
    ip: string | null,
  ): Promise<ObTransactionsResponse>;
}

function activityAccountOf(account: AccountRow): ActivityAccount {
  return {
    id: account.id,
    kind: account.kind,
    name: accountName(account.kind),
    numberSuffix: account.numberSuffix,
    balanceCents: account.balanceCents,
  };
}

function activityEntryOf(entry: EntryRow): ActivityEntry {
  return {
    id: entry.id,
    accountId: entry.accountId,
    bookedAt: entry.bookedAt.toISOString(),
    description: entry.description,
    category: entry.category,
    amountCents: entry.amountCents,
    direction: entryDirection(entry.kind, entry.amountCents),
    balanceAfterCents: entry.balanceAfterCents,
    transferId: entry.transferId,
  };
}

/**
 * A payment as the activity lists it; an account not the customer's is named by its holder
 * (a shop paid by bank: "Retail Shop Ltd (…5031)", as the consent screen named the payee),
 * by its last digits only when the bank knows no holder.
 */
function paymentItemOf(
  payment: PaymentRow,
  now: Date,
  holders: ReadonlyMap<string, string>,
): PaymentActivityItem {
  const party = (side: PaymentRow['from']) => {
    const holder = holders.get(side.id)?.trim();
    return {
      accountId: side.own ? side.id : null,
      name: side.own
        ? `${accountName(side.kind)} (…${side.suffix})`
        : holder
          ? `${holder} (…${side.suffix})`
          : `Account ending ${side.suffix}`,
    };
  };
  return {
    id: payment.id,
    kind: 'transfer',
    referenceNumber: payment.referenceNumber,
    amountCents: payment.amountCents,
    from: party(payment.from),
    to: party(payment.to),
    state: paymentStateOf(payment, now),
    createdAt: payment.createdAt.toISOString(),
    decidedAt: payment.decidedAt?.toISOString() ?? null,
    approvalRequestId: payment.approvalRequestId,
  };
}

export function createActivityService(deps: { db: Database; clock?: () => Date }): ActivityService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** The caller's own account, or 404 whether or not it exists (nothing said about others'). */
  async function ownAccount(userId: string, accountId: string): Promise<AccountRow> {
    const account = await findAccount(db, accountId);
    if (!account || account.ownerId !== userId) throw new DomainError('account_not_found');
    return account;
  }

  /** The account's owner shares it with the wealth advisor (an accepted consent names it). */
  async function sharedWithAdvisor(account: AccountRow): Promise<boolean> {
    return (await accountsSharedWithAdvisor(db, account.ownerId)).includes(account.id);
  }

  /**
   * The account a caller of the Open Banking API may read: a customer their own (else 404); a
   * company's application its company's (else 404, the same refusal); the wealth advisor one whose owner's accepted balance-sharing consent names it (else 403,
   * whether or not it exists, so that the advisor learns nothing of who banks here). Every
   * advisor's read is audited, refused ones too (as the client balances are).
   */
  async function readableAccount(
    caller: Principal | CompanyCaller,
    accountId: string,
    ip: string | null,
  ): Promise<AccountRow> {
    if ('companyId' in caller) {
      // Its company's accounts as the company's own, anyone else's as a customer is refused
      // another's (404, whether or not it exists).
      return ownAccount(caller.companyId, accountId);
    }
    if (caller.userType === 'customer') return ownAccount(caller.userId, accountId);
    const account = await findAccount(db, accountId);
    const shown = account !== null && (await sharedWithAdvisor(account));
    await insertAuditEvent(
      db,
      partnerReadEvent({
        readerId: caller.userId,
        readerType: caller.userType,
        resource: 'client-transactions',
        // A refusal names no one: it must not say whose account the id is.
        subjects: shown ? [account.ownerId] : [],
        outcome: shown ? 'shown' : 'refused',
        ip,
        context: { consent: 'share-account-balances', ...(shown ? { account: account.id } : {}) },
      }),
    );
    if (!shown) throw new DomainError('account_not_shared');
    return account;
  }

  return {
    async accountActivity(userId, accountId, query) {
      const account = await ownAccount(userId, accountId);
      const { total, entries } = await readAccountEntries(db, {
        accountId: account.id,
        filter: entryFilterOf(query),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        account: activityAccountOf(account),
        entries: entries.map(activityEntryOf),
        page: query.page,
        pageSize: query.pageSize,
        totalEntries: total,
        totalPages: pageCount(total, query.pageSize),
      };
    },

    async activityCsv(userId, accountId, filter) {
      const account = await ownAccount(userId, accountId);
      const { entries } = await readAccountEntries(db, {
        accountId: account.id,
        filter: entryFilterOf(filter),
        limit: CSV_MAX_ENTRIES,
        offset: 0,
      });
      return {
        fileName: activityCsvFileName(account, clock()),
        csv: activityCsv(entries.map(activityEntryOf)),
      };
    },

    async statements(userId, accountId) {
      const account = await ownAccount(userId, accountId);
      const months = await readStatementMonths(db, account.id);
      const credit = account.kind === 'rewards-visa' ? 'minusCents' : 'plusCents';
      const debit = account.kind === 'rewards-visa' ? 'plusCents' : 'minusCents';
      return {
        account: activityAccountOf(account),
        months: months.map((month) => {
          const [year, number] = month.month.split('-').map(Number);
          const start = new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1));
          const end = new Date(Date.UTC(year ?? 1970, number ?? 1, 1));
          return {
            month: month.month,
            openingBalanceCents: month.openingCents,
            closingBalanceCents: month.closingCents,
            moneyInCents: month[credit],
            moneyOutCents: month[debit],
            entries: month.entries,
            from: start.toISOString(),
            // The filters' `to` is inclusive: the month's last millisecond.
            to: new Date(end.getTime() - 1).toISOString(),
          };
        }),
      };
    },

    async recentActivity(userId) {
      const entries = await readRecentEntries(db, {
        ownerId: userId,
        limit: RECENT_ACTIVITY_COUNT,
      });
      return {
        entries: entries.map((entry) => ({
          ...activityEntryOf(entry),
          accountName: accountName(entry.kind),
        })),
      };
    },

    async paymentActivity(userId, query) {
      const { total, payments } = await readPayments(db, {
        userId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const now = clock();
      const others = payments.flatMap((payment) =>
        [payment.from, payment.to].filter((side) => !side.own).map((side) => side.id),
      );
      const holders = await accountHolderNames(db, others);
      return {
        items: payments.map((payment) => paymentItemOf(payment, now, holders)),
        page: query.page,
        pageSize: query.pageSize,
        totalItems: total,
        totalPages: pageCount(total, query.pageSize),
      };
    },

    async obTransactions(caller, accountId, page, pageUrl, ip) {
      const account = await readableAccount(caller, accountId, ip);
      const { total, entries } = await readAccountEntries(db, {
        accountId: account.id,
        filter: entryFilterOf({}),
        limit: OB_TRANSACTIONS_PAGE_SIZE,
        offset: (page - 1) * OB_TRANSACTIONS_PAGE_SIZE,
      });
      const totalPages = pageCount(total, OB_TRANSACTIONS_PAGE_SIZE);
      return {
        Data: {
          Transaction: entries.map((entry) => obTransactionOf(account, activityEntryOf(entry))),
        },
        Links: pageLinks(pageUrl, page, totalPages),
        Meta: { TotalPages: totalPages },
      };
    },
  };
}
