import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { activityMessages, pagePath } from '@anybank/contracts';
import type { AccountActivityResponse, AccountStatementsResponse } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { formatUsd } from '../../lib/accounts';
import { ApiError } from '../../lib/api';
import { downloadActivityCsv, fetchAccountActivity, fetchStatements } from '../../lib/activity-api';
import { formatMonth } from '../../lib/activity-format';
import { ActivityFilters, NO_FILTER, filterOf, type FilterFields } from './ActivityFilters';
import { BalanceChart } from './BalanceChart';
import { LedgerEntriesTable } from './LedgerEntriesTable';
import type { BalancePoint } from './balance-chart';
import { Amount } from '../../components/ui/Amount';

type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return activityMessages.notFound;
  if (error instanceof ApiError && error.status === 400) return activityMessages.badFilter;
  return activityMessages.failed;
}

/** One of the customer's accounts, `/banking/accounts/{id}`. */
export function AccountActivityPage() {
  const { accountId = '' } = useParams();
  const [fields, setFields] = useState<FilterFields>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [entries, setEntries] = useState<Loaded<AccountActivityResponse>>({ status: 'loading' });
  const [history, setHistory] = useState<BalancePoint[]>([]);
  const [statements, setStatements] = useState<AccountStatementsResponse | null>(null);
  const [csvFailed, setCsvFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchAccountActivity(accountId, { ...filterOf(fields), page }, controller.signal).then(
      (data) => setEntries({ status: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setEntries({ status: 'failed', message: failureOf(error) });
      },
    );
    return () => controller.abort();
  }, [accountId, fields, page]);

  useEffect(() => {
    const controller = new AbortController();
    fetchAccountActivity(accountId, { pageSize: 100 }, controller.signal).then(
      (data) =>
        setHistory(
          data.entries
            .map((entry) => ({
              at: new Date(entry.bookedAt).getTime(),
              balanceCents: entry.balanceAfterCents,
            }))
            .reverse(),
        ),
      () => setHistory([]),
    );
    fetchStatements(accountId, controller.signal).then(setStatements, () => setStatements(null));
    return () => controller.abort();
  }, [accountId]);

  const account = entries.status === 'ready' ? entries.data.account : statements?.account;
  const download = (filter = filterOf(fields)) => {
    setCsvFailed(false);
    downloadActivityCsv(accountId, filter).catch(() => setCsvFailed(true));
  };

  return (
    <BankingPageLayout pageId="account-activity" description={activityMessages.accountDescription}>
      {account && (
        <div className="d-flex flex-wrap justify-content-between align-items-baseline mb-3">
          <h2 className="h4 mb-0">
            {account.name} <span className="text-body-secondary">…{account.numberSuffix}</span>
          </h2>
          <p className="mb-0">
            {account.kind === 'rewards-visa' ? 'Current balance' : 'Available balance'}:{' '}
            <strong>
              <Amount>{formatUsd(account.balanceCents)}</Amount>
            </strong>
          </p>
        </div>
      )}
      <BalanceChart points={history} owed={account?.kind === 'rewards-visa'} />
      <ActivityFilters
        onApply={(next) => {
          setFields(next);
          setPage(1);
        }}
      />
      <EntriesTable state={entries} onPage={setPage} onDownload={() => download()} />
      {csvFailed && (
        <Alert variant="danger" className="mt-2">
          {activityMessages.csvFailed}
        </Alert>
      )}
      {statements && statements.months.length > 0 && (
        <section aria-labelledby="statements-heading" className="mt-4">
          <h2 id="statements-heading" className="h5">
            Statements
          </h2>
          <ul className="list-unstyled">
            {statements.months.map((month) => (
              <li key={month.month} className="d-flex flex-wrap gap-3 align-items-center py-1">
                <Link to={pagePath('account-statement', { accountId, month: month.month })}>
                  {formatMonth(month.month)} statement
                </Link>
                <span className="small text-body-secondary">
                  <Amount>{formatUsd(month.openingBalanceCents)}</Amount> to{' '}
                  <Amount>{formatUsd(month.closingBalanceCents)}</Amount>
                </span>
                <Button
                  variant="link"
                  size="sm"
                  className="p-0"
                  onClick={() => download({ from: month.from, to: month.to })}
                >
                  CSV<span className="visually-hidden"> of {formatMonth(month.month)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </BankingPageLayout>
  );
}

function EntriesTable({
  state,
  onPage,
  onDownload,
}: {
  state: Loaded<AccountActivityResponse>;
  onPage: (page: number) => void;
  onDownload: () => void;
}) {
  if (state.status === 'failed') return <Alert variant="danger">{state.message}</Alert>;
  const data = state.status === 'ready' ? state.data : null;
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.entries.length - 1 : 0;
  const status = !data
    ? activityMessages.loading
    : data.totalEntries === 0
      ? activityMessages.noEntries
      : activityMessages.showing(first, last, data.totalEntries);
  return (
    <section aria-labelledby="entries-heading">
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h2 id="entries-heading" className="h5 mb-0">
          Entries
        </h2>
        <Button variant="outline-primary" size="sm" onClick={onDownload} disabled={!data}>
          Download CSV
        </Button>
      </div>
      <p role="status" className="small text-body-secondary">
        {status}
      </p>
      {data && data.entries.length > 0 && (
        <LedgerEntriesTable
          entries={data.entries}
          label={{ labelledBy: 'entries-heading' }}
          onScreen
        />
      )}
      {data && data.totalPages > 1 && (
        <nav aria-label="Entry pages" className="d-flex gap-2 align-items-center">
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={data.page <= 1}
            onClick={() => onPage(data.page - 1)}
          >
            Previous page
          </Button>
          <span>
            Page {data.page} of {data.totalPages}
          </span>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={data.page >= data.totalPages}
            onClick={() => onPage(data.page + 1)}
          >
            Next page
          </Button>
        </nav>
      )}
    </section>
  );
}
