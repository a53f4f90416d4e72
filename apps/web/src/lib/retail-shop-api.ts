import {
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_ORDERS_API_PATH,
  RETAIL_SHOPPER_API_PATH,
  XSRF_HEADER,
  retailCheckoutResponseSchema,
  retailOrderViewSchema,
  retailResubmissionPath,
  retailResubmissionSchema,
  retailShopperSchema,
  shopBankExchangesPath,
  shopBankExchangesSchema,
  walletCheckPath,
  walletCheckPaths,
  walletCheckResultSchema,
  walletCheckStartedSchema,
} from '@anybank/contracts';
import type {
  RetailCheckout,
  RetailOrderView,
  RetailResubmission,
  PresentationPurpose,
  ShopBankExchanges,
  WalletCheckResult,
  WalletCheckStarted,
  RetailShopper,
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

/** The shop's session of this browser's shopper: signed out at the bank since (ADR 0028)? */
export function fetchShopper(signal?: AbortSignal): Promise<RetailShopper> {
  return getJson(RETAIL_SHOPPER_API_PATH, retailShopperSchema, { signal });
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

/** The shop asks the customer's wallet for proof of age or a delivery address (ADR 0027). */
export async function startWalletCheck(purpose: PresentationPurpose): Promise<WalletCheckStarted> {
  const response = await apiFetch(walletCheckPaths.start, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify({ purpose }),
  });
  if (!response.ok) throw await apiErrorOf(response, 'POST wallet check');
  return walletCheckStartedSchema.parse(await response.json());
}

/** This browser's wallet check, as the shop's server has it now. */
export function fetchWalletCheck(
  checkId: string,
  signal?: AbortSignal,
): Promise<WalletCheckResult> {
  return getJson(walletCheckPath(walletCheckPaths.result, checkId), walletCheckResultSchema, {
    signal,
  });
}
