import { RETAIL_PRODUCTS, type RetailCheckout } from './pay-by-bank';

/**
 * The shop's order summary (its own rules, in integer cents): the shop's prices, shipping free
 * from a subtotal of $35.00 and $4.95 below it, and sales tax of 8% on the goods (not on the
 * shipping), rounded half up to the cent. Shared by the shop's page (what the shopper reads)
 * and the shop's server (what it asks the bank to pay: retail-shop.rules.ts), so they agree.
 */
export const RETAIL_SHIPPING_CENTS = 495;
export const RETAIL_FREE_SHIPPING_FROM_CENTS = 3_500;
/** Sales tax in basis points of the goods' subtotal: 800 = 8%. */
export const RETAIL_SALES_TAX_BASIS_POINTS = 800;

export interface RetailOrderSummary {
  lines: { id: string; item: string; quantity: number; amountCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** `basisPoints` hundredths of a percent of `cents`, rounded half up, in integers only. */
export function basisPointsOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/** The summary of a cart: each line with its quantity, subtotal, shipping, tax and total. */
export function retailOrderSummary(checkout: Pick<RetailCheckout, 'items'>): RetailOrderSummary {
  const lines = RETAIL_PRODUCTS.flatMap((product) => {
    const quantity = checkout.items.filter((id) => id === product.id).length;
    return quantity > 0
      ? [
          {
            id: product.id,
            item: product.item,
            quantity,
            amountCents: product.amountCents * quantity,
          },
        ]
      : [];
  });
  const subtotalCents = lines.reduce((total, line) => total + line.amountCents, 0);
  const shippingCents =
    subtotalCents === 0 || subtotalCents >= RETAIL_FREE_SHIPPING_FROM_CENTS
      ? 0
      : RETAIL_SHIPPING_CENTS;
  const taxCents = basisPointsOf(subtotalCents, RETAIL_SALES_TAX_BASIS_POINTS);
  return {
    lines,
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}
