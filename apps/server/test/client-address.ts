import { request } from 'node:http';

/**
 * fetch from another client address of this machine (any 127.x.y.z reaches the loopback): the
 * server sees the connection come from `localAddress`, as it would see another network. Only
 * what BrowserSession uses: method, headers, a string or form body, no redirects followed.
 */
export function fetchFrom(localAddress: string) {
  return (url: URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('host', url.host);
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : init.body instanceof URLSearchParams
          ? init.body.toString()
          : String(init.body as string);
    if (init.body instanceof URLSearchParams && !headers.has('content-type')) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
    }
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: url.pathname + url.search,
          method: init.method ?? 'GET',
          headers: Object.fromEntries(headers),
          localAddress,
          agent: false,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const answered = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of Array.isArray(value) ? value : [value ?? '']) {
                answered.append(name, one);
              }
            }
            const status = incoming.statusCode ?? 500;
            const content = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
            resolve(new Response(content, { status, headers: answered }));
          });
        },
      );
      outgoing.on('error', reject);
      if (body !== undefined) outgoing.write(body);
      outgoing.end();
    });
  };
}
