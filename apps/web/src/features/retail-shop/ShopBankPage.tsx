import { Fragment, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  RETAIL_ORDER_PARAM,
  RETAIL_PAGE_PATH,
  SHOP_BANK_VIEW_ORDER_PARAM,
  pageRoute,
  payByBankMessages,
  shopBankViewMessages,
} from '@anybank/contracts';
import type { ShopBankExchanges, ShopBankLedgerEntry } from '@anybank/contracts';
import { formatUsd } from '../../lib/accounts';
import { fetchShopBankExchanges } from '../../lib/retail-shop-api';
import { ExchangeStep } from './ExchangeStep';
import './retail-shop.css';

const text = shopBankViewMessages;

/** The payment's two ledger rows, as the bank's recorded answers gave them. */
function LedgerEntries({ entries }: { entries: readonly ShopBankLedgerEntry[] }) {
  return (
    <li className="shop-step" aria-labelledby="shop-bank-ledger">
      <h2 id="shop-bank-ledger" className="shop-step-title">
        {text.ledgerHeading}
      </h2>
      <div className="shop-lane shop-lane-bank">
        <p className="shop-note">{text.ledgerNote}</p>
        {entries.length === 0 ? (
          <p className="mb-0">{text.ledgerNone}</p>
        ) : (
          <ul className="shop-ledger" aria-label={text.ledgerHeading}>
            {entries.map((entry) => (
              <li key={`${entry.side}-${entry.transactionId}`}>
                {text.ledgerEntry(
                  entry.side,
                  entry.account,
                  formatUsd(entry.amountCents),
                  new Date(entry.bookedAt).toLocaleString('en-GB'),
                )}{' '}
                <span className="shop-note">
                  ({text.ledgerSource(entry.transactionId, text.stepTitle[entry.source])})
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * The Shop ⇄ Bank view (ADR 0023): for this browser's order, each call the shop's server made
 * to AnyBank in the shop's lane and the bank's answer in its own, in order, as the shop
 * recorded them; the payment's two ledger entries after the payment. The shop's page: none of
 * the bank's navbar or panel.
 */
export function ShopBankPage() {
  const [params] = useSearchParams();
  const orderId = params.get(SHOP_BANK_VIEW_ORDER_PARAM) ?? '';
  const [loaded, setLoaded] = useState<{ orderId: string; view: ShopBankExchanges | null }>();

  useEffect(() => {
    if (!orderId) return undefined;
    const controller = new AbortController();
    fetchShopBankExchanges(orderId, controller.signal)
      .then((view) => setLoaded({ orderId, view }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The shop’s record could not be read', error);
        setLoaded({ orderId, view: null });
      });
    return () => controller.abort();
  }, [orderId]);

  const current = loaded?.orderId === orderId ? loaded : undefined;
  const view = current?.view ?? null;
  const backTo = view
    ? `${RETAIL_PAGE_PATH}?${new URLSearchParams({ [RETAIL_ORDER_PARAM]: view.orderId }).toString()}`
    : RETAIL_PAGE_PATH;

  return (
    <div className="shop-page">
      <header className="shop-header">
        <div className="shop-main shop-main-wide py-0">
          <p className="shop-brand mb-0">{payByBankMessages.shopName}</p>
          <h1>{pageRoute('shop-bank').heading}</h1>
        </div>
      </header>
      <div className="shop-main shop-main-wide">
        <p>{text.intro}</p>
        <p>
          <Link to={backTo}>{text.backToShop}</Link>
        </p>
        <div role="status" aria-live="polite">
          {orderId && !current && <p>{text.loading}</p>}
          {(!orderId || (current && !view)) && <p className="shop-card">{text.noOrder}</p>}
        </div>
        {view && (
          <>
            <p className="fw-bold">{payByBankMessages.orderReference(view.reference)}</p>
            <p className="shop-note">{text.lanesLabel}</p>
            <ol className="shop-steps" aria-label={pageRoute('shop-bank').heading}>
              {view.exchanges.map((exchange, index) => (
                <Fragment key={index}>
                  <ExchangeStep exchanges={view.exchanges} index={index} />
                  {exchange.step === 'payment' && exchange.response.status === 201 && (
                    <LedgerEntries entries={view.ledgerEntries} />
                  )}
                </Fragment>
              ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}
