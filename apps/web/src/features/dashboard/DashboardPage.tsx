import { useEffect, useState } from 'react';
import { Card, Col, Dropdown, Placeholder, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  DASHBOARD_BALANCE_PANELS,
  activityMessages,
  pagePath,
  pageRoute,
} from '@anybank/contracts';
import type { Balance, PageId, RecentActivityResponse } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { accountIdsOf, balanceCents, formatUsd, maskedAccountNumber } from '../../lib/accounts';
import { fetchRecentActivity } from '../../lib/activity-api';
import { formatEntryAmount, formatEntryDate } from '../../lib/activity-format';
import { useSessionItem } from '../../lib/session-storage';
import { useBalances } from '../../lib/use-balances';
import type { BalancesState } from '../../lib/use-balances';
import { Amount } from '../../components/ui/Amount';

/** The three panels of document 2 §2, by position in the customer's account list. */
const PANELS = [
  { title: 'Checking', amountLabel: 'Available balance' },
  { title: 'Savings', amountLabel: 'Available balance' },
  { title: 'Credit Rewards Visa', amountLabel: 'Current balance' },
] as const satisfies readonly { title: string; amountLabel: string }[];

const THINGS_I_CAN_DO: readonly { label: string; pageId: PageId }[] = [
  { label: 'Transfer Money', pageId: 'transfer-money' },
  { label: 'Pay and transfer', pageId: 'pay-and-transfer' },
  { label: 'Profile & Settings', pageId: 'profile-settings' },
  { label: 'Communication Preferences', pageId: 'communication-preferences' },
  { label: 'Privacy & Security', pageId: 'privacy-security' },
];

const pathOf = (pageId: PageId) => pageRoute(pageId).paths[0] ?? '/';

function balanceAt(state: BalancesState, position: number, accountId: string | undefined) {
  if (state.status !== 'ready') return undefined;
  return (
    state.balances.find((balance) => balance.AccountId === accountId) ?? state.balances[position]
  );
}

function BalanceAmount({ state, balance }: { state: BalancesState; balance: Balance | undefined }) {
  if (state.status === 'loading') {
    return (
      <Placeholder as="span" animation="glow" aria-hidden="true" className="d-block">
        <Placeholder xs={7} size="lg" />
      </Placeholder>
    );
  }
  const cents = balance ? balanceCents(balance) : null;
  if (cents === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not available</span>
      </>
    );
  }
  return <Amount>{formatUsd(cents)}</Amount>;
}

function BalancePanel({
  position,
  accountId,
  state,
}: {
  position: number;
  accountId: string | undefined;
  state: BalancesState;
}) {
  const panel = PANELS[position] ?? PANELS[2];
  const balance = balanceAt(state, position, accountId);
  const id = accountId ?? balance?.AccountId;
  return (
    <Card as="section" className="h-100 shadow-sm" aria-labelledby={`balance-panel-${position}`}>
      <Card.Body>
        <h2 id={`balance-panel-${position}`} className="h5 mb-1">
          {id ? (
            // Each account opens its activity.
            <Link to={pagePath('account-activity', { accountId: id })}>{panel.title}</Link>
          ) : (
            panel.title
          )}
        </h2>
        <p className="text-body-secondary small mb-2 mb-sm-3">
          {id ? (
            <>
              <span className="visually-hidden">Account number ending in </span>
              {maskedAccountNumber(id)}
            </>
          ) : (
            <Placeholder as="span" animation="glow" aria-hidden="true">
              <Placeholder xs={4} />
            </Placeholder>
          )}
        </p>
        <p className="small text-body-secondary mb-1">{panel.amountLabel}</p>
        <p className="fs-3 fw-semibold mb-0">
          <BalanceAmount state={state} balance={balance} />
        </p>
      </Card.Body>
    </Card>
  );
}

/**
 * The menu opens from the toggle's right edge, which is the column's, so it grows
 * into the column rather than past it, and its entries wrap when the column is narrower than
 * the longest one (app.css `.things-i-can-do`): it fits from 320 px wide up.
 */
function ThingsICanDo() {
  return (
    <Dropdown align="end" className="things-i-can-do">
      <Dropdown.Toggle id="things-i-can-do" variant="primary">
        Things I Can Do
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {THINGS_I_CAN_DO.map((entry) => (
          <Dropdown.Item key={entry.pageId} as={Link} to={pathOf(entry.pageId)}>
            {entry.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** The last five entries across the customer's accounts, below the balances. */
function RecentActivity() {
  const [state, setState] = useState<RecentActivityResponse | 'loading' | 'failed'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    fetchRecentActivity(controller.signal).then(setState, () => {
      if (!controller.signal.aborted) setState('failed');
    });
    return () => controller.abort();
  }, []);
  return (
    <section aria-labelledby="recent-activity" className="mt-4">
      <h2 id="recent-activity" className="h5">
        Recent activity
      </h2>
      {state === 'failed' && <p>{activityMessages.recentFailed}</p>}
      {typeof state === 'object' && state.entries.length === 0 && (
        <p>{activityMessages.noRecent}</p>
      )}
      {typeof state === 'object' && state.entries.length > 0 && (
        <Table responsive size="sm" aria-labelledby="recent-activity">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Account</th>
              <th scope="col">Description</th>
              <th scope="col" className="text-end">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {state.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatEntryDate(entry.bookedAt)}</td>
                <td>
                  <Link to={pagePath('account-activity', { accountId: entry.accountId })}>
                    {entry.accountName}
                  </Link>
                </td>
                <td>{entry.description}</td>
                <td className="text-end">
                  <Amount>{formatEntryAmount(entry)}</Amount>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/**
 * Document 2 §2: the Accounts Dashboard. On a phone (under `sm`) its spacing is tighter, so the
 * three balances are on the first screen of a 390×844 one (e2e/phone-layout.spec.ts).
 */
export function DashboardPage() {
  const accountIds = accountIdsOf(useSessionItem('accts'));
  const { state } = useBalances();
  const firstName = useSessionItem('firstName');
  return (
    <BankingPageLayout
      pageId="dashboard"
      description={
        firstName
          ? `Welcome back, ${firstName}. Your checking, savings and Rewards Visa balances at a glance.`
          : 'Your checking, savings and Rewards Visa balances at a glance.'
      }
    >
      <div className="d-flex justify-content-end mb-2 mb-sm-3">
        <ThingsICanDo />
      </div>
      <p className="visually-hidden" role="status">
        {state.status === 'loading' ? 'Loading your balances…' : ''}
      </p>
      <Row xs={1} md={3} className="gx-3 gy-2 gy-sm-3" aria-busy={state.status === 'loading'}>
        {Array.from({ length: DASHBOARD_BALANCE_PANELS }, (_, position) => (
          <Col key={position}>
            <BalancePanel position={position} accountId={accountIds[position]} state={state} />
          </Col>
        ))}
      </Row>
      <RecentActivity />
    </BankingPageLayout>
  );
}
