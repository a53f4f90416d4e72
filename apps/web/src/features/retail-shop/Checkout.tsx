import {
  DEFAULT_BRAND,
  RETAIL_AGE_RESTRICTED_PRODUCT,
  RETAIL_CART,
  fillBrand,
  needsAgeCheck,
  payByBankMessages,
  retailOrderSummary,
  retailShopPageMessages,
  walletPresentationMessages,
} from '@anybank/contracts';
import type { RetailCheckout, WalletCheckResult } from '@anybank/contracts';
import { formatUsd } from '../../lib/accounts';
import { DeliveryAddress } from './DeliveryAddress';
import { ProductPicture } from './ProductPicture';
import { WalletCheck } from './WalletCheck';

const text = payByBankMessages;
const page = retailShopPageMessages;
const wallet = walletPresentationMessages;
export type CartItem = RetailCheckout['items'][number];
/** The demo's cart: one of each product, as the shop's server prices it. */
export const CART_ITEMS: CartItem[] = RETAIL_CART.map((line) => line.id);
const FUEL = RETAIL_AGE_RESTRICTED_PRODUCT;

/**
 * The shop's checkout: the cart with its pictures, the order summary (subtotal, shipping, tax,
 * total: the shop's rules, the same its server asks the bank for), and the ways to pay — by
 * bank, or the others this shop does not offer today.
 */
export function Checkout({
  items,
  onItems,
  ageVerified,
  onAgeVerified,
  paying,
  onPay,
}: {
  items: CartItem[];
  onItems: (items: CartItem[]) => void;
  ageVerified: boolean;
  onAgeVerified: (result: WalletCheckResult) => void;
  paying: boolean;
  onPay: () => void;
}) {
  const summary = retailOrderSummary({ items });
  const ageRestricted = needsAgeCheck(items);
  const blocked = ageRestricted && !ageVerified;
  return (
    <div className="shop-checkout">
      <div className="shop-side">
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
                  {line.id === FUEL.id && (
                    <>
                      <span className="shop-age-notice">{wallet.ageItemNotice}</span>
                      <button
                        type="button"
                        className="shop-link-button"
                        onClick={() => onItems(items.filter((item) => item !== FUEL.id))}
                      >
                        {wallet.remove}
                      </button>
                    </>
                  )}
                </span>
                <span className="shop-cart-price">{formatUsd(line.amountCents)}</span>
              </li>
            ))}
          </ul>
          {ageRestricted ? (
            <WalletCheck
              purpose="age"
              label={fillBrand(wallet.verifyAge, DEFAULT_BRAND)}
              onVerified={onAgeVerified}
            />
          ) : (
            <div className="shop-add-on">
              <h3 className="shop-subtitle">{wallet.addOnHeading}</h3>
              <div className="shop-cart-line">
                <ProductPicture id={FUEL.id} />
                <span className="shop-cart-item">
                  <span className="shop-cart-name">{FUEL.item}</span>
                  <span className="shop-note">{wallet.ageItemNotice}</span>
                </span>
                <span className="shop-cart-price">{formatUsd(FUEL.amountCents)}</span>
              </div>
              <button
                type="button"
                className="shop-wallet-button"
                onClick={() => onItems([...items, FUEL.id])}
              >
                {wallet.addToOrder}
              </button>
            </div>
          )}
        </section>
        <DeliveryAddress />
      </div>
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
            disabled={paying || blocked}
            aria-busy={paying}
            aria-describedby={blocked ? 'shop-verify-first' : undefined}
          >
            {paying ? text.redirecting : text.payByBank}
          </button>
          {blocked && (
            <p id="shop-verify-first" className="shop-note mt-2">
              {wallet.verifyAgeFirst}
            </p>
          )}
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
