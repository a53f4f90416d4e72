import { describe, expect, it } from 'vitest';
import { parsePublicConfig, routerBasename, siteUrl, withBasePath } from './public-config';

const location = { hostname: 'localhost', origin: 'http://localhost:5173' };

describe('public config', () => {
  it('falls back to the defaults when the server wrote no config tag', () => {
    const config = parsePublicConfig(null, location);
    expect(config.productId).toBe('anybank');
    expect(config.basePath).toBe('');
    expect(config.publicUrl).toBe('http://localhost:5173');
    expect(config.outboxEnabled).toBe(true);
    expect(config.demoToolsEnabled).toBe(true);
  });

  it('parses the config tag and refuses a malformed one', () => {
    const written = { ...parsePublicConfig(null, location), productId: 'otherbank' };
    expect(parsePublicConfig(JSON.stringify(written), location).productId).toBe('otherbank');
    expect(() => parsePublicConfig('{"productId":1}', location)).toThrow();
  });

  it('turns the base path into a router basename', () => {
    expect(routerBasename('')).toBeUndefined();
    expect(routerBasename('/')).toBeUndefined();
    expect(routerBasename('/bank/')).toBe('/bank');
    expect(routerBasename('bank')).toBe('/bank');
  });
});

describe('server paths under the base path', () => {
  it('puts every server path under the base path', () => {
    expect(withBasePath('', '/api/riskEvaluation')).toBe('/api/riskEvaluation');
    expect(withBasePath('/bank', '/api/riskEvaluation')).toBe('/bank/api/riskEvaluation');
    expect(withBasePath('/bank/', '/as/token.oauth2')).toBe('/bank/as/token.oauth2');
  });

  it('builds the absolute site address', () => {
    expect(siteUrl({ publicUrl: 'https://bank.example', basePath: '' })).toBe(
      'https://bank.example',
    );
    expect(siteUrl({ publicUrl: 'https://bank.example/', basePath: '/bank' })).toBe(
      'https://bank.example/bank',
    );
  });
});
