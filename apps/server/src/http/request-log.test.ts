import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log';

describe('redactUrl', () => {
  it.each([
    ['/ext/ref/return?code=abc&state=xyz', '/ext/ref/return?code=[redacted]&state=[redacted]'],
    ['/?REF=r1&refType=BXFSPRefID&code=c1', '/?REF=[redacted]&refType=BXFSPRefID&code=[redacted]'],
    ['/ext/ref/pickup?ref=r1', '/ext/ref/pickup?ref=[redacted]'],
    ['/as/session/end?id_token_hint=eyJ&x=1', '/as/session/end?id_token_hint=[redacted]&x=1'],
    ['/api/dev/outbox?to=a%40b.example', '/api/dev/outbox?to=a%40b.example'],
    ['/healthz', '/healthz'],
    ['/?c%6Fde=abc', '/?c%6Fde=[redacted]'],
    ['/?code', '/?code'],
    ['/?%E0%A4%A=1', '/?%E0%A4%A=1'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
