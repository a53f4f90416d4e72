import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * Where test servers' ports are chosen: below Linux's ephemeral range (32768-60999 by default),
 * from which the kernel picks the local port of every outgoing connection. A port the kernel
 * handed out for listening (`listen(0)`) is in that range, and between the check and the test
 * server's own listen a client socket (a database pool's, a fetch's) could take it: CI once
 * failed with EADDRINUSE that way.
 */
const TEST_PORTS = { from: 20_000, to: 32_000 };

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free TCP port on this machine, to give a test server a known public URL. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = randomInt(TEST_PORTS.from, TEST_PORTS.to);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${TEST_PORTS.from} and ${TEST_PORTS.to}`);
}

/**
 * One browser, as far as a server can tell: a cookie jar and fetch without automatic
 * redirects, so each test sees every hop the way a browser's network log would.
 */
export class BrowserSession {
  private readonly cookies = new Map<string, string>();
  /** Where its requests go out from: another client address, or the default one. */
  private send: (url: URL, init: RequestInit) => Promise<Response> = (url, init) =>
    fetch(url, init);

  constructor(readonly origin: string) {}

  /** From now on this browser's requests go out through `send` (client-address.ts: another address). */
  moveTo(send: (url: URL, init: RequestInit) => Promise<Response>) {
    this.send = send;
    return this;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  forget(name: string) {
    this.cookies.delete(name);
  }

  /** A cookie this browser holds from elsewhere (another session's, in a benchmark). */
  holdCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.origin);
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const response = await this.send(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects like a browser navigating, and answers the last response and URL. */
  async navigate(path: string): Promise<{ response: Response; url: URL }> {
    let url = new URL(path, this.origin);
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await this.fetch(url.pathname + url.search);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      url = new URL(location, url);
      if (url.origin !== this.origin) return { response, url };
    }
    throw new Error(`too many redirects from ${path}`);
  }
}

export interface Pkce {
  state: string;
  verifier: string;
  challenge: string;
}

export function newPkce(): Pkce {
  const verifier = randomBytes(96).toString('base64url').slice(0, 128);
  return {
    state: randomBytes(15).toString('base64url').slice(0, 20),
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
  };
}
