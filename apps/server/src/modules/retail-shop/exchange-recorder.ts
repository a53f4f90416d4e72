import { AsyncLocalStorage } from 'node:async_hooks';
import type { RawExchange } from './shop-bank-exchange.rules';
import type { TrustedFetchOptions } from './trusted-fetch';

type Fetch = (url: string | URL, options?: TrustedFetchOptions) => Promise<Response>;

/**
 * Where the exchanges of the piece of work running now go (an order's checkout, its payment,
 * its account read): each piece runs inside `recordExchanges`, and the one fetch openid-client
 * sends every call through (its `customFetch`) adds what it sent and received. Async-local, so
 * two shoppers paying at once never see each other's calls; outside a recording nothing is kept.
 */
const recording = new AsyncLocalStorage<RawExchange[]>();

/** A request body as text, as openid-client hands it (a form, a JSON string, bytes). */
function textOf(body: TrustedFetchOptions['body']): string | null {
  if (body == null) return null;
  if (typeof body === 'string' || body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body).toString('utf8');
  return null;
}

/** The shop's fetch, noting each exchange in the recording under way (if any). */
export function recordingFetch(inner: Fetch): Fetch {
  return async (url, options = {}) => {
    const response = await inner(url, options);
    const exchanges = recording.getStore();
    if (exchanges) {
      const headers = Object.fromEntries(
        Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
      );
      exchanges.push({
        method: options.method ?? 'GET',
        url: String(url),
        headers,
        body: textOf(options.body),
        status: response.status,
        responseBody: await response
          .clone()
          .text()
          .catch(() => ''),
        at: new Date(),
      });
    }
    return response;
  };
}

/**
 * Runs a piece of work, answering its result and the exchanges it made, in order; when it
 * throws, `onFailure` still gets the exchanges made before (a refusal is part of the story).
 */
export async function recordExchanges<T>(
  work: () => Promise<T>,
  onFailure: (exchanges: RawExchange[]) => Promise<void>,
): Promise<{ result: T; exchanges: RawExchange[] }> {
  const exchanges: RawExchange[] = [];
  try {
    const result = await recording.run(exchanges, work);
    return { result, exchanges };
  } catch (error) {
    await onFailure(exchanges).catch((failure: unknown) => {
      console.warn('The shop could not record its calls to AnyBank', failure);
    });
    throw error;
  }
}
