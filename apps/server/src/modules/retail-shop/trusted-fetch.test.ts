import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSelfSignedCertificate, type PemPair } from '../../http/tls-certificate';
import { fetchTrusting } from './trusted-fetch';

// The shop's calls to a bank that serves HTTPS with the certificate it made itself (HTTPS=on):
// that certificate is trusted, and verification stays on for anything else.
describe('the shop’s fetch trusting its bank’s own certificate', () => {
  let bank: PemPair;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    bank = await makeSelfSignedCertificate(['localhost', '127.0.0.1']);
    server = createServer({ cert: bank.cert, key: bank.key }, (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('set-cookie', ['a=1', 'b=2']);
        response.statusCode = request.method === 'POST' ? 201 : 200;
        response.end(
          JSON.stringify({
            method: request.method,
            path: request.url,
            contentType: request.headers['content-type'] ?? null,
            body,
          }),
        );
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  it('calls the bank over HTTPS with its certificate: method, headers and body there and back', async () => {
    const answer = await fetchTrusting(bank.cert)(new URL('/as/par?x=1', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'retail-shop' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await answer.json()).toEqual({
      method: 'POST',
      path: '/as/par?x=1',
      contentType: 'application/x-www-form-urlencoded',
      body: 'client_id=retail-shop',
    });
  });

  it('refuses a bank that serves any other certificate, as plain fetch refuses this one', async () => {
    const another = await makeSelfSignedCertificate(['localhost', '127.0.0.1']);
    await expect(fetchTrusting(another.cert)(origin)).rejects.toThrow(/self[- ]signed/i);
    await expect(fetch(origin)).rejects.toThrow();
  });

  it('refuses a host the certificate does not name, and plain HTTP', async () => {
    const named = await makeSelfSignedCertificate(['bank.example']);
    const misnamed = createServer({ cert: named.cert, key: named.key }, (_request, response) =>
      response.end('{}'),
    );
    misnamed.listen(0, '127.0.0.1');
    await once(misnamed, 'listening');
    try {
      const port = (misnamed.address() as AddressInfo).port;
      await expect(fetchTrusting(named.cert)(`https://127.0.0.1:${port}/`)).rejects.toThrow(
        /altnames|IP: 127\.0\.0\.1 is not in the cert/i,
      );
    } finally {
      misnamed.close();
    }
    await expect(fetchTrusting(bank.cert)('http://127.0.0.1/')).rejects.toThrow(/HTTPS only/);
  });
});
