import {
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_ORDERS_API_PATH,
  XSRF_HEADER,
  retailCheckoutResponseSchema,
  retailOrderViewSchema,
  retailResubmissionPath,
  retailResubmissionSchema,
  shopBankExchangesPath,
  shopBankExchangesSchema,
} from '@anybank/contracts';
import type {
  RetailCheckout,
  RetailOrderView,
  RetailResubmission,
  ShopBankExchanges,
} from '@anybank/contracts';
import { apiErrorOf, apiFetch, getJson } from './api';

/**
 * Served by modules/retail-shop/ (ADR 0023): the retail shop's page talks to its own server
 * only; that server talks to the bank.
 */
export async function startCheckout(checkout: RetailCheckout): Promise<string> {
  const response = await apiFetch(RETAIL_CHECKOUT_API_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify(checkout),
  });
  if (!response.ok) throw await apiErrorOf(response, 'POST checkout');
  return retailCheckoutResponseSchema.parse(await response.json()).redirectTo;
}

export function fetchOrder(orderId: string, signal?: AbortSignal): Promise<RetailOrderView> {
  return getJson(
    `${RETAIL_ORDERS_API_PATH}/${encodeURIComponent(orderId)}`,
    retailOrderViewSchema,
    { signal },
  );
}

/** The presenter's demonstration: the shop submits the paid order's payment to the bank again. */
export async function submitOrderAgain(orderId: string): Promise<RetailResubmission> {
  const response = await apiFetch(retailResubmissionPath(orderId), {
    method: 'POST',
    headers: { [XSRF_HEADER]: '1' },
  });
  if (!response.ok) throw await apiErrorOf(response, 'POST resubmission');
  return retailResubmissionSchema.parse(await response.json());
}

/** The shop's record of its calls to the bank for this browser's order (the Shop ⇄ Bank view). */
export function fetchShopBankExchanges(
  orderId: string,
  signal?: AbortSignal,
): Promise<ShopBankExchanges> {
  return getJson(shopBankExchangesPath(orderId), shopBankExchangesSchema, { signal });
}
