import {
  PAYMENT_ACTIVITY_API_PATH,
  RECENT_ACTIVITY_API_PATH,
  accountActivityCsvPath,
  accountActivityPath,
  accountActivityResponseSchema,
  accountStatementsPath,
  accountStatementsResponseSchema,
  paymentActivityResponseSchema,
  recentActivityResponseSchema,
} from '@anybank/contracts';
import type {
  AccountActivityResponse,
  AccountStatementsResponse,
  ActivityFilter,
  PaymentActivityResponse,
  RecentActivityResponse,
} from '@anybank/contracts';
import { apiErrorOf } from './api';
import { authorizedFetch } from './authorized-fetch';

/**
 * The customer's account activity (server: modules/banking/activity.*): an
 * account's entries, their CSV, its statements, the dashboard's recent entries and Payment
 * Activity, each with the session's bearer token.
 */

/** The filters and page as a query string ("?q=rent&page=2"), empty values left out. */
export function activityQuery(filter: ActivityFilter & { page?: number; pageSize?: number }) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function getParsed<T>(
  path: string,
  parse: (body: unknown) => T,
  signal?: AbortSignal,
): Promise<T> {
  const response = await authorizedFetch(path, { signal });
  if (!response.ok) throw await apiErrorOf(response, `GET ${path}`);
  return parse(await response.json());
}

export function fetchAccountActivity(
  accountId: string,
  query: ActivityFilter & { page?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<AccountActivityResponse> {
  return getParsed(
    `${accountActivityPath(accountId)}${activityQuery(query)}`,
    (body) => accountActivityResponseSchema.parse(body),
    signal,
  );
}

export function fetchStatements(
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountStatementsResponse> {
  return getParsed(
    accountStatementsPath(accountId),
    (body) => accountStatementsResponseSchema.parse(body),
    signal,
  );
}

export function fetchRecentActivity(signal?: AbortSignal): Promise<RecentActivityResponse> {
  return getParsed(
    RECENT_ACTIVITY_API_PATH,
    (body) => recentActivityResponseSchema.parse(body),
    signal,
  );
}

export function fetchPaymentActivity(
  page: number,
  signal?: AbortSignal,
): Promise<PaymentActivityResponse> {
  return getParsed(
    `${PAYMENT_ACTIVITY_API_PATH}?page=${page}`,
    (body) => paymentActivityResponseSchema.parse(body),
    signal,
  );
}

/** The file name the server gives in Content-Disposition, or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads the CSV of the entries the filter passes: fetched with the bearer token (a plain
 * link could not carry it), then saved through a temporary object URL.
 */
export async function downloadActivityCsv(accountId: string, filter: ActivityFilter) {
  const response = await authorizedFetch(
    `${accountActivityCsvPath(accountId)}${activityQuery(filter)}`,
  );
  if (!response.ok) throw await apiErrorOf(response, 'GET activity CSV');
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, 'activity.csv');
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
