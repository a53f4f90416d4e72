import {
  RETAIL_CART,
  payByBankMessages,
  type RetailCheckout,
  type RetailOrder,
} from '@anybank/contracts';

/** The cart's total in cents: the shop's own prices, never the shopper's. */
export function cartTotalCents(checkout: RetailCheckout): number {
  return checkout.items.reduce(
    (total, id) => total + (RETAIL_CART.find((line) => line.id === id)?.amountCents ?? 0),
    0,
  );
}

/** An order reference the bank shows the shopper, as shops print them: ORDER-1000…ORDER-9999. */
export function orderReference(random: number): string {
  return `ORDER-${1000 + Math.floor(random * 9000)}`;
}

/** What the shop shows for the bank's authorization answer when it is an error. */
export function problemOfAuthorizationError(error: string): {
  status: RetailOrder['status'];
  problem: string;
} {
  return error === 'access_denied'
    ? { status: 'refused', problem: payByBankMessages.shopDenied }
    : { status: 'failed', problem: payByBankMessages.shopFailed };
}
