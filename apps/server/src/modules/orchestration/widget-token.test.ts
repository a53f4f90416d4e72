import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { WIDGET_TOKEN_TTL_SECONDS } from '@anybank/contracts';
import { createWidgetTokens } from './widget-token';

const config = {
  signingSecret: 'a-signing-secret-of-at-least-32-characters',
  publicUrl: 'http://localhost:8080',
  basePath: '',
};

describe('widget tokens', () => {
  it('are good for their company for 5 minutes', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const tokens = createWidgetTokens(config, () => now);
    const issued = await tokens.issue('anybank-demo');
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: WIDGET_TOKEN_TTL_SECONDS });
    expect(await tokens.verify(issued.access_token, 'anybank-demo')).toBe(true);
    expect(await tokens.verify(issued.access_token, 'another-company')).toBe(false);
    now = new Date(now.getTime() + (WIDGET_TOKEN_TTL_SECONDS + 1) * 1000);
    expect(await tokens.verify(issued.access_token, 'anybank-demo')).toBe(false);
  });

  it('are refused when signed with another secret or altered', async () => {
    const mine = createWidgetTokens(config);
    const theirs = createWidgetTokens({ ...config, signingSecret: 'x'.repeat(40) });
    const foreign = (await theirs.issue('anybank-demo')).access_token;
    expect(await mine.verify(foreign, 'anybank-demo')).toBe(false);
    const token = (await mine.issue('anybank-demo')).access_token;
    expect(await mine.verify(`${token.slice(0, -2)}AA`, 'anybank-demo')).toBe(false);
    expect(await mine.verify('not-a-token', 'anybank-demo')).toBe(false);
  });

  it('need the widget scope and type, not just the key', async () => {
    const tokens = createWidgetTokens(config);
    // A token signed with some other HS256 key and claims must not pass for a widget token.
    const forged = await new SignJWT({ scope: 'widget' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(config.publicUrl)
      .setSubject('anybank-demo')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(config.signingSecret));
    expect(await tokens.verify(forged, 'anybank-demo')).toBe(false);
  });
});
