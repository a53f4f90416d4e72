import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { activityMessages, pagePath } from '@anybank/contracts';
import type { AccountStatementsResponse, ActivityEntry, StatementMonth } from '@anybank/contracts';
import { PageHeading } from '../../components/ui/PageHeading';
import { formatUsd } from '../../lib/accounts';
import { fetchAccountActivity, fetchStatements } from '../../lib/activity-api';
import { LedgerEntriesTable } from './LedgerEntriesTable';
import { formatMonth, monthPeriod } from '../../lib/activity-format';
import { useBrand } from '../../lib/brand';
import { useSessionItem } from '../../lib/session-storage';
import { Logo } from '../../components/ui/Logo';
import { Amount } from '../../components/ui/Amount';

interface Statement {
  account: AccountStatementsResponse['account'];
  month: StatementMonth;
  /** Oldest first, as a statement reads. */
  entries: ActivityEntry[];
}

/** Every entry of the month, page after page (a statement is never cut short). */
async function monthEntries(accountId: string, month: StatementMonth, signal: AbortSignal) {
  const entries: ActivityEntry[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchAccountActivity(
      accountId,
      { from: month.from, to: month.to, page, pageSize: 100 },
      signal,
    );
    entries.push(...answer.entries);
    if (page >= answer.totalPages) return entries.reverse();
  }
}

/**
 * A monthly statement, `/banking/accounts/{id}/statements/{yyyy-mm}`, made to be
 * printed as a bank's statement: the bank's name and mark, the holder's name and address, the
 * period, the balances (opening + in − out = closing) and the entries, with a footer on every
 * printed page; without the site's navigation (app.css, `.statement-page` under `@media print`).
 */
export function AccountStatementPage() {
  const { accountId = '', month = '' } = useParams();
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; statement: Statement } | { status: 'failed' }
  >({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const { account, months } = await fetchStatements(accountId, controller.signal);
      const found = months.find((candidate) => candidate.month === month);
      if (!found) throw new Error('no such month');
      const entries = await monthEntries(accountId, found, controller.signal);
      setState({ status: 'ready', statement: { account, month: found, entries } });
    })().catch(() => {
      if (!controller.signal.aborted) setState({ status: 'failed' });
    });
    return () => controller.abort();
  }, [accountId, month]);

  return (
    <div className="container py-4 statement-page">
      <PageHeading pageId="account-statement" className="mb-2" />
      <p className="d-print-none">
        <Link to={pagePath('account-activity', { accountId })}>Back to the account</Link>
      </p>
      {state.status === 'loading' && <p role="status">{activityMessages.loading}</p>}
      {state.status === 'failed' && <Alert variant="danger">{activityMessages.notFound}</Alert>}
      {state.status === 'ready' && <StatementBody statement={state.statement} />}
    </div>
  );
}

/** The letterhead: the bank's mark and name, and the holder as the bank writes to them. */
function StatementLetterhead() {
  const holder = [useSessionItem('firstName'), useSessionItem('lastName')]
    .filter(Boolean)
    .join(' ');
  const address = [useSessionItem('street'), useSessionItem('city'), useSessionItem('zipcode')]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="statement-letterhead d-flex flex-wrap justify-content-between gap-3 mb-3">
      <Logo />
      <address className="mb-0">
        <span className="visually-hidden">{activityMessages.statementHolder}: </span>
        <strong>{holder}</strong>
        {address && <div>{address}</div>}
      </address>
    </div>
  );
}

function StatementBody({ statement }: { statement: Statement }) {
  const { account, month, entries } = statement;
  const { bankName } = useBrand();
  const accountName = `${account.name} …${account.numberSuffix}`;
  const [first, last] = monthPeriod(month.month);
  return (
    <>
      <StatementLetterhead />
      <p className="lead">{activityMessages.statementDescription}</p>
      <h2 className="h4">
        {accountName}, {formatMonth(month.month)}
      </h2>
      <p>{activityMessages.statementPeriod(first, last)}</p>
      <dl className="row mb-3">
        <dt className="col-sm-4">Opening balance</dt>
        <dd className="col-sm-8">
          <Amount>{formatUsd(month.openingBalanceCents)}</Amount>
        </dd>
        <dt className="col-sm-4">Money in</dt>
        <dd className="col-sm-8">
          <Amount>{formatUsd(month.moneyInCents)}</Amount>
        </dd>
        <dt className="col-sm-4">Money out</dt>
        <dd className="col-sm-8">
          <Amount>{formatUsd(month.moneyOutCents)}</Amount>
        </dd>
        <dt className="col-sm-4">Closing balance</dt>
        <dd className="col-sm-8">
          <Amount>{formatUsd(month.closingBalanceCents)}</Amount>
        </dd>
      </dl>
      <Button className="d-print-none mb-3" onClick={() => window.print()}>
        Print statement
      </Button>
      <LedgerEntriesTable
        entries={entries}
        label={{ text: `Entries of ${formatMonth(month.month)}, oldest first` }}
      />
      {/* Printed only, on every page (position: fixed repeats on each printed page). */}
      <p className="statement-footer d-none d-print-block small mb-0">
        {activityMessages.statementFooter(bankName, accountName, formatMonth(month.month))}
      </p>
    </>
  );
}
