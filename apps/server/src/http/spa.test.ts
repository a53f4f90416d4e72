import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_META_NAME, readPublicConfig } from '@anybank/contracts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { testConfig } from '../../test/test-config';
import { buildServer, type Server } from '../app';
import { publicConfigOf } from '../public-config';
import { renderIndexHtml } from './spa';

const BUILT_INDEX = `<!doctype html><html lang="en"><head><title>AnyBank</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="stylesheet" href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>`;

function metaContent(html: string): unknown {
  const match = new RegExp(`<meta name="${PUBLIC_CONFIG_META_NAME}" content="([^"]*)">`).exec(html);
  const decoded = (match?.[1] ?? '')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return JSON.parse(decoded);
}

describe('index.html for the browser', () => {
  it('carries the public configuration in a meta tag, escaped, and no inline script', () => {
    const config = { ...publicConfigOf(testConfig()), companyId: `o'brien"<script>` };
    const html = renderIndexHtml(BUILT_INDEX, config);
    expect(readPublicConfig(metaContent(html))).toEqual(config);
    expect(html).not.toContain('<script>');
  });

  it('moves asset URLs under the base path', () => {
    const html = renderIndexHtml(BUILT_INDEX, publicConfigOf(testConfig({ BASE_PATH: '/bank' })));
    expect(html).toContain('src="/bank/assets/index-abc.js"');
    expect(html).toContain('href="/bank/assets/index-abc.css"');
  });
});

describe('the server in front of the SPA', () => {
  let test: TestDatabase;
  let distDir: string;
  let server: Server;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    distDir = await mkdtemp(path.join(tmpdir(), 'anybank-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), BUILT_INDEX);
    await writeFile(path.join(distDir, 'assets', 'index-abc.js'), 'console.log(1)');
    // As the web build writes it: a Brotli copy beside the script.
    await writeFile(
      path.join(distDir, 'assets', 'index-abc.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    server = await buildServer({
      config: testConfig(),
      database: test.handle,
      webDistDir: distDir,
    });
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves the SPA for every page route, with a CSP that allows no inline script', async () => {
    for (const url of ['/', '/banking/transfer-money/', '/app/advisor?code=x']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain(`name="${PUBLIC_CONFIG_META_NAME}"`);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('answers an address that is no page with the app and 404, for the app’s "Page not found"', async () => {
    for (const url of ['/no-such-page', '/banking/nothing-here/', '/app/advisor/x']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain(`name="${PUBLIC_CONFIG_META_NAME}"`);
    }
  });

  it('serves hashed assets with long caching', async () => {
    const response = await server.app.inject({ url: '/assets/index-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the build’s Brotli copy of an asset to a browser that accepts it, the file to others', async () => {
    const compressed = await server.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');

    const plain = await server.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers unknown API paths and missing files with a JSON 404, never the SPA', async () => {
    for (const url of ['/api/nothing', '/assets/missing.js', '/healthz/extra']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toContain('Nothing here');
    }
  });

  it('tags every answer with a request id, and keeps one the caller sent', async () => {
    const response = await server.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'req-123' },
    });
    expect(response.headers['x-request-id']).toBe('req-123');
  });
});
