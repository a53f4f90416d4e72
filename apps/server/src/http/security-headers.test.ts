import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { analyticsOriginOf, registerSecurityHeaders } from './security-headers';

/** A server with the headers and a few routes, as app.ts registers them, under /bank. */
async function serverWith(env: Record<string, string> = {}) {
  const config = loadConfig(env);
  const app = Fastify();
  registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    basePath: '/bank',
    analyticsOrigin: analyticsOriginOf(config),
  });
  app.get('/', () => 'ok');
  app.get('/bank/api/balances', () => ({ balance: '1.00' }));
  app.get('/bank/api/failing', () => {
    throw new Error('broken');
  });
  app.get('/bank/api/cacheable', (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=60').send('same for everyone'),
  );
  app.get('/bank/apidocs', () => 'a page');
  return app;
}

async function connectSources(env: Record<string, string>): Promise<string[]> {
  const app = await serverWith(env);
  const response = await app.inject({ url: '/' });
  await app.close();
  const directive = String(response.headers['content-security-policy'])
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('connect-src '));
  return directive?.split(' ').slice(1) ?? [];
}

describe('the analytics sink in the content security policy', () => {
  it('lets the browser connect to nothing but the bank without a measurement id', async () => {
    expect(await connectSources({})).toEqual(["'self'"]);
    expect(
      await connectSources({ ANALYTICS_COLLECTOR_URL: 'https://collector.example/g/collect' }),
    ).toEqual(["'self'"]);
  });

  it("adds the default sink's origin once a measurement id is set", async () => {
    expect(await connectSources({ ANALYTICS_MEASUREMENT_ID: 'G-ABCD1234' })).toEqual([
      "'self'",
      'https://www.google-analytics.com',
    ]);
  });

  it("adds a configured sink's origin, not its path", async () => {
    expect(
      await connectSources({
        ANALYTICS_MEASUREMENT_ID: 'G-ABCD1234',
        ANALYTICS_COLLECTOR_URL: 'http://collector.example:9000/g/collect',
      }),
    ).toEqual(["'self'", 'http://collector.example:9000']);
  });
});

describe('the security headers of every response', () => {
  it('sends the same headers on every answer: pages, API, errors and unknown paths', async () => {
    const app = await serverWith();
    const answers = await Promise.all(
      ['/', '/bank/api/balances', '/bank/api/failing', '/nowhere', '/'].map((url) =>
        app.inject({ url }),
      ),
    );
    await app.close();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 500, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("script-src 'self'"),
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(answer.headers['content-security-policy']).toBe(
        answers[0]!.headers['content-security-policy'],
      );
      // Plain http (the default PUBLIC_URL): no HSTS, no upgrade of requests.
      expect(answer.headers).not.toHaveProperty('strict-transport-security');
      expect(answer.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });

  it('pins https and upgrades requests only when the public URL is https', async () => {
    const app = await serverWith({ PUBLIC_URL: 'https://bank.example' });
    const answer = await app.inject({ url: '/' });
    await app.close();
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(answer.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('caching of API answers (ASVS 8.1.1, 8.2.1)', () => {
  it('tells browsers and proxies to keep no copy of any /api/ answer, even an error', async () => {
    const app = await serverWith();
    const answers = await Promise.all(
      ['/bank/api/balances', '/bank/api/failing', '/bank/api/unknown'].map((url) =>
        app.inject({ url }),
      ),
    );
    await app.close();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 500, 404]);
    expect(answers.map((answer) => answer.headers['cache-control'])).toEqual([
      'no-store',
      'no-store',
      'no-store',
    ]);
  });

  it('leaves pages alone, and lets a route that sets its own caching rule keep it', async () => {
    const app = await serverWith();
    const [page, lookalike, cacheable] = await Promise.all(
      ['/', '/bank/apidocs', '/bank/api/cacheable'].map((url) => app.inject({ url })),
    );
    await app.close();
    expect(page!.headers).not.toHaveProperty('cache-control');
    expect(lookalike!.headers).not.toHaveProperty('cache-control');
    expect(cacheable!.headers['cache-control']).toBe('public, max-age=60');
  });
});
