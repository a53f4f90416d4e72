import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { analyticsOriginOf, registerSecurityHeaders } from './security-headers';

async function connectSources(env: Record<string, string>): Promise<string[]> {
  const config = loadConfig(env);
  const app = Fastify();
  await registerSecurityHeaders(app, config.publicUrl, analyticsOriginOf(config));
  app.get('/', () => 'ok');
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
