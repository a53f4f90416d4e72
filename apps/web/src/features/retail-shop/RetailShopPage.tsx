import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  RETAIL_ORDER_PARAM,
  apiErrorMessage,
  pageRoute,
  payByBankMessages,
  shopBankViewMessages,
  shopBankViewPath,
} from '@anybank/contracts';
import type { RetailOrderView, WalletCheckResult } from '@anybank/contracts';
import { ApiError } from '../../lib/api';
import { publicConfig } from '../../lib/config';
import { fetchOrder, fetchShopper, startCheckout } from '../../lib/retail-shop-api';
import { CART_ITEMS, Checkout, type CartItem } from './Checkout';
import { PaidOrder } from './PaidOrder';
import { SubmitAgainDemo } from './SubmitAgainDemo';
import './retail-shop.css';

const text = payByBankMessages;

/** The order the address names, as the shop's server answered (null: it has no such order). */
interface Fetched {
  orderId: string;
  order: RetailOrderView | null;
}

/**
 * Another company's shop, paid by bank. "Pay by bank with AnyBank" asks the shop's
 * server to register the payment at AnyBank and goes where it answers (the bank's sign-in and
 * consent screen); the bank sends the shopper back through the shop's server, which pays and
 * names the order here: paid with the bank's payment id and its credit in the shop's account
 * at AnyBank, or why not. With the demo tools on, the presenter may have the shop submit the
 * paid order's payment again, and see the bank refuse it.
 */
export function RetailShopPage() {
  const [params, setParams] = useSearchParams();
  const orderId = params.get(RETAIL_ORDER_PARAM) ?? '';
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [items, setItems] = useState<CartItem[]>(CART_ITEMS);
  /** The verified age check that lets a cart with an age-restricted item be paid (ADR 0027). */
  const [ageCheckId, setAgeCheckId] = useState<string | null>(null);
  const onAgeVerified = useCallback((result: WalletCheckResult) => {
    setAgeCheckId(result.checkId);
  }, []);
  const statusRef = useRef<HTMLDivElement>(null);
  /** The shop's word that the bank signed this browser's shopper out (ADR 0028), if it did. */
  const [signedOut, setSignedOut] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchShopper(controller.signal)
      .then((shopper) => {
        if (!controller.signal.aborted && shopper.status === 'signed_out_at_bank') {
          setSignedOut(shopper.message);
        }
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('The shop’s session could not be read', error);
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!orderId) return undefined;
    const controller = new AbortController();
    fetchOrder(orderId, controller.signal)
      .then((order) => {
        if (!controller.signal.aborted) setFetched({ orderId, order });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The order could not be read', error);
        setFetched({ orderId, order: null });
      });
    return () => controller.abort();
  }, [orderId]);

  const current = orderId !== '' && fetched?.orderId === orderId ? fetched : null;
  const order = current?.order ?? null;

  useEffect(() => {
    if (current || problem) statusRef.current?.focus();
  }, [current, problem]);

  async function pay() {
    if (paying) return;
    setPaying(true);
    setProblem(null);
    try {
      window.location.assign(await startCheckout({ items, ...(ageCheckId ? { ageCheckId } : {}) }));
    } catch (error) {
      console.warn('The checkout could not start', error);
      setPaying(false);
      setProblem(
        error instanceof ApiError && error.code
          ? apiErrorMessage(error.code)
          : apiErrorMessage('retail_bank_unavailable'),
      );
    }
  }

  return (
    <div className="shop-page">
      <header className="shop-header">
        <div className="shop-main py-0">
          <h1>{pageRoute('retail').heading}</h1>
          <p className="shop-tagline mb-0">{text.shopTagline}</p>
        </div>
      </header>
      <div className="shop-main">
        <div ref={statusRef} tabIndex={-1} role="status" aria-live="polite" className="mb-3">
          {order?.status === 'paid' && <PaidOrder order={order} />}
          {order && order.status !== 'paid' && order.status !== 'awaiting_payment' && (
            <section className="shop-card mb-3" aria-labelledby="shop-not-paid-heading">
              <h2 id="shop-not-paid-heading">{text.notPaid}</h2>
              <p className="mb-1">{order.problem ?? text.shopFailed}</p>
              <p className="mb-0">
                <Link to={shopBankViewPath(order.orderId)}>{shopBankViewMessages.receiptLink}</Link>
              </p>
            </section>
          )}
          {signedOut && <p className="shop-card mb-3">{signedOut}</p>}
          {current && !order && <p className="shop-card mb-3">{text.orderLost}</p>}
          {problem && <p className="shop-card mb-3">{problem}</p>}
        </div>
        {order?.status === 'paid' && publicConfig.demoToolsEnabled && (
          <SubmitAgainDemo key={order.orderId} orderId={order.orderId} />
        )}
        {order?.status === 'paid' ? (
          <button type="button" className="shop-pay" onClick={() => setParams({})}>
            {text.shopAgain}
          </button>
        ) : (
          <Checkout
            items={items}
            onItems={setItems}
            ageVerified={ageCheckId !== null}
            onAgeVerified={onAgeVerified}
            paying={paying}
            onPay={() => void pay()}
          />
        )}
      </div>
    </div>
  );
}
