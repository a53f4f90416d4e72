import { Link } from 'react-router';
import {
  payByBankMessages,
  retailShopBankMessages,
  shopBankViewMessages,
  shopBankViewPath,
} from '@anybank/contracts';
import type { RetailOrderView } from '@anybank/contracts';
import { formatUsd } from '../../lib/accounts';

const text = payByBankMessages;

/** "27 Nov 2026, 14:32", in the shopper's time zone: how the shop writes a time. */
function formatBooked(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** What the shop's account at AnyBank shows of this order's payment, in words; null: unpaid. */
function merchantCreditLine(order: RetailOrderView): string | null {
  const credit = order.merchantCredit;
  if (!credit) return null;
  if (credit.status === 'received') {
    return retailShopBankMessages.merchantCredited(
      formatUsd(credit.amountCents),
      order.reference,
      formatBooked(credit.bookedAt),
    );
  }
  return credit.status === 'not_found'
    ? retailShopBankMessages.merchantCreditNotFound
    : retailShopBankMessages.merchantCreditUnavailable;
}

/**
 * A paid order at the shop, with the bank's payment id and, as the shop's own
 * account at AnyBank shows it, the credit of this order's payment (this order's alone).
 */
export function PaidOrder({ order }: { order: RetailOrderView }) {
  const credit = merchantCreditLine(order);
  return (
    <section className="shop-card mb-3" aria-labelledby="shop-paid-heading">
      <h2 id="shop-paid-heading">{text.paid}</h2>
      <p className="shop-order-number mb-1">{text.orderReference(order.reference)}</p>
      <p className="shop-note mb-1">{text.paidWith(order.paymentId ?? '')}</p>
      {credit && <p className="mb-1">{credit}</p>}
      <p className="mb-0">
        <Link to={shopBankViewPath(order.orderId)}>{shopBankViewMessages.receiptLink}</Link>
      </p>
    </section>
  );
}
