import { request } from 'node:https';
import { rootCertificates } from 'node:tls';

/**
 * A `fetch` for the shop's calls to a bank that serves HTTPS itself with its own certificate
 * (HTTPS=on; http/tls.ts makes a self-signed one on first start): it trusts the usual public
 * roots and that one certificate besides, nothing more. Verification stays on — the host name
 * included — so any other certificate is still refused; Node's own `fetch` cannot be given a
 * certificate to trust, hence `https.request`. openid-client sends every call through it (its
 * `customFetch`): the discovery, tokens, PAR and the API calls.
 */
/** A request as openid-client hands it to a custom fetch (its `CustomFetchOptions`). */
export interface TrustedFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: ArrayBuffer | Uint8Array | string | URLSearchParams | ReadableStream | null;
  signal?: AbortSignal;
}

/** A request body as bytes; a stream is never sent (openid-client sends none). */
function bytesOf(body: TrustedFetchOptions['body']): Buffer | null {
  if (body == null) return null;
  if (typeof body === 'string' || body instanceof URLSearchParams) {
    return Buffer.from(body.toString(), 'utf8');
  }
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError('a streamed body is not sent to the bank');
}

export function fetchTrusting(
  certificatePem: string,
): (url: string | URL, options?: TrustedFetchOptions) => Promise<Response> {
  const ca = [...rootCertificates, certificatePem];
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      if (url.protocol !== 'https:') {
        reject(new TypeError(`the bank is called over HTTPS only (got ${url.protocol})`));
        return;
      }
      const headers = new Headers(init.headers);
      const body = bytesOf(init.body);
      if (body !== null) headers.set('content-length', String(body.length));
      const outgoing = request(
        url,
        {
          method: init.method ?? 'GET',
          headers: Object.fromEntries(headers),
          ca,
          signal: init.signal ?? undefined,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const answered = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of [value ?? []].flat()) answered.append(name, one);
            }
            const status = incoming.statusCode ?? 502;
            const bodyless = status === 204 || status === 304 || init.method === 'HEAD';
            resolve(
              new Response(bodyless ? null : Buffer.concat(chunks), {
                status,
                statusText: incoming.statusMessage ?? '',
                headers: answered,
              }),
            );
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body ?? undefined);
    });
}
