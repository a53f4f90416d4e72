import {
  RETAIL_CART,
  payByBankMessages,
  retailOrderSummary,
  retailShopPageMessages,
} from '@anybank/contracts';
import { formatUsd } from '../../lib/accounts';
import { ProductPicture } from './ProductPicture';

const text = payByBankMessages;
const page = retailShopPageMessages;
/** The demo's cart: one of each product, as the shop's server prices it. */
export const CART_ITEMS = RETAIL_CART.map((line) => line.id);
const summary = retailOrderSummary({ items: CART_ITEMS });

/**
 * The shop's checkout: the cart with its pictures, the order summary (subtotal, shipping, tax,
 * total: the shop's rules, the same its server asks the bank for), and the ways to pay — by
 * bank, or the others this shop does not offer today.
 */
export function Checkout({ paying, onPay }: { paying: boolean; onPay: () => void }) {
  return (
    <div className="shop-checkout">
      <section className="shop-card" aria-labelledby="shop-cart-heading">
        <h2 id="shop-cart-heading" className="shop-section-title">
          {text.cartHeading}
        </h2>
        <ul className="shop-cart">
          {summary.lines.map((line) => (
            <li key={line.id} className="shop-cart-line">
              <ProductPicture id={line.id} />
              <span className="shop-cart-item">
                <span className="shop-cart-name">{line.item}</span>
                <span className="shop-note">{page.quantity(line.quantity)}</span>
              </span>
              <span className="shop-cart-price">{formatUsd(line.amountCents)}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="shop-side">
        <section className="shop-card" aria-labelledby="shop-summary-heading">
          <h2 id="shop-summary-heading" className="shop-section-title">
            {page.summaryHeading}
          </h2>
          <dl className="shop-summary">
            <dt>{page.subtotal}</dt>
            <dd>{formatUsd(summary.subtotalCents)}</dd>
            <dt>{page.shipping}</dt>
            <dd>
              {summary.shippingCents === 0 ? page.shippingFree : formatUsd(summary.shippingCents)}
            </dd>
            <dt>{page.salesTax}</dt>
            <dd>{formatUsd(summary.taxCents)}</dd>
            <dt className="shop-summary-total">{text.total}</dt>
            <dd className="shop-summary-total">{formatUsd(summary.totalCents)}</dd>
          </dl>
          <p className="shop-note mb-0">{page.freeShippingNote}</p>
        </section>
        <section className="shop-card" aria-labelledby="shop-pay-heading">
          <h2 id="shop-pay-heading" className="shop-section-title">
            {page.payHeading}
          </h2>
          <p className="shop-note">{page.payByBankNote}</p>
          <button
            type="button"
            className="shop-pay"
            onClick={onPay}
            disabled={paying}
            aria-busy={paying}
          >
            {paying ? text.redirecting : text.payByBank}
          </button>
          <h3 className="shop-subtitle">{page.otherWaysHeading}</h3>
          <ul className="shop-other-ways">
            {page.otherWays.map((way) => (
              <li key={way}>
                {way} <span className="shop-note">({page.notAvailable})</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
