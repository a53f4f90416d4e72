import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { PAYMENT_STATES, UNSETTLED_PAYMENT_STATES, activityMessages } from '@anybank/contracts';
import type { PaymentActivityItem, PaymentActivityResponse } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { formatUsd } from '../../lib/accounts';
import { fetchPaymentActivity } from '../../lib/activity-api';
import { formatEntryTime } from '../../lib/activity-format';
import { Amount } from '../../components/ui/Amount';

/** How often the page asks again while a transfer still waits for the phone or a code. */
export const PAYMENT_POLL_MS = 3000;

const BADGE: Partial<Record<PaymentActivityItem['state'], string>> = {
  confirmed: 'success',
  approved: 'success',
  waiting_for_phone: 'warning',
  waiting_for_code: 'warning',
};

/** What changed between two answers, as the live region says it ("Transfer 123: Approved."). */
function changesBetween(
  before: readonly PaymentActivityItem[],
  after: readonly PaymentActivityItem[],
) {
  const previous = new Map(before.map((item) => [item.id, item.state]));
  return after
    .filter((item) => previous.has(item.id) && previous.get(item.id) !== item.state)
    .map((item) => activityMessages.stateChanged(item.referenceNumber, PAYMENT_STATES[item.state]));
}

/**
 * Payment Activity. While a transfer waits for the phone (or a code), the page
 * asks again every few seconds, and says in a live region when one changes.
 */
export function PaymentActivityPage() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; data: PaymentActivityResponse }
    | { status: 'failed' }
  >({ status: 'loading' });
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef<PaymentActivityItem[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    const load = () => {
      fetchPaymentActivity(page, controller.signal).then(
        (data) => {
          const changes = changesBetween(shown.current, data.items);
          if (changes.length > 0) setAnnouncement(changes.join(' '));
          shown.current = data.items;
          setState({ status: 'ready', data });
          if (data.items.some((item) => UNSETTLED_PAYMENT_STATES.includes(item.state))) {
            timer = window.setTimeout(load, PAYMENT_POLL_MS);
          }
        },
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    };
    load();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [page]);

  return (
    <BankingPageLayout pageId="payment-activity" description={activityMessages.paymentsDescription}>
      <p role="status" className="visually-hidden">
        {state.status === 'loading' ? activityMessages.paymentsLoading : announcement}
      </p>
      {state.status === 'failed' && (
        <Alert variant="danger">{activityMessages.paymentsFailed}</Alert>
      )}
      {state.status === 'ready' && state.data.items.length === 0 && (
        <p>{activityMessages.noPayments}</p>
      )}
      {state.status === 'ready' && state.data.items.length > 0 && (
        <>
          <Table responsive size="sm" aria-label="Transfers, newest first">
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Number</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Decided</th>
                <th scope="col">Approval request</th>
              </tr>
            </thead>
            <tbody>
              {state.data.items.map((item) => (
                <tr key={item.id}>
                  <td>{formatEntryTime(item.createdAt)}</td>
                  <td>{item.referenceNumber}</td>
                  <td>{item.from.name}</td>
                  <td>{item.to.name}</td>
                  <td className="text-end">
                    <Amount>{formatUsd(item.amountCents)}</Amount>
                  </td>
                  <td>
                    <Badge
                      bg={BADGE[item.state] ?? 'secondary'}
                      text={BADGE[item.state] === 'warning' ? 'dark' : undefined}
                    >
                      {PAYMENT_STATES[item.state]}
                    </Badge>
                  </td>
                  <td>{item.decidedAt ? formatEntryTime(item.decidedAt) : ''}</td>
                  <td className="text-break small">{item.approvalRequestId ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {state.data.totalPages > 1 && (
            <nav aria-label="Payment Activity pages" className="d-flex gap-2 align-items-center">
              <Button
                variant="outline-secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous page
              </Button>
              <span>
                Page {page} of {state.data.totalPages}
              </span>
              <Button
                variant="outline-secondary"
                size="sm"
                disabled={page >= state.data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Next page
              </Button>
            </nav>
          )}
        </>
      )}
    </BankingPageLayout>
  );
}
