import { describe, expect, it } from 'vitest';
import { routeLabelOf, UNMATCHED_ROUTE } from './metrics.rules';

describe('the route a request is counted under', () => {
  it("is Fastify's route pattern when a route matched, whatever the URL held", () => {
    expect(routeLabelOf('/api/authn/flows/:flowId', '/api/authn/flows/abc?x=1', '')).toBe(
      '/api/authn/flows/:flowId',
    );
  });

  it('is the OAuth endpoint for the OAuth server, its resume and sub-pages as /*', () => {
    expect(routeLabelOf(undefined, '/as/token.oauth2', '')).toBe('/as/token.oauth2');
    expect(routeLabelOf(undefined, '/bank/as/authorization.oauth2?client_id=x', '/bank')).toBe(
      '/bank/as/authorization.oauth2',
    );
    expect(routeLabelOf(undefined, '/as/authorization.oauth2/uid-123', '')).toBe(
      '/as/authorization.oauth2/*',
    );
    expect(routeLabelOf(undefined, '/.well-known/openid-configuration', '')).toBe(
      '/.well-known/openid-configuration',
    );
  });

  it('is one label for every address nothing serves, so random paths add no series', () => {
    for (const url of ['/nothing/here', '/as/unknown-endpoint', '/as/token.oauth2x', '/x?a=b']) {
      expect(routeLabelOf(undefined, url, '')).toBe(UNMATCHED_ROUTE);
    }
    expect(routeLabelOf(undefined, '/as/token.oauth2', '/bank')).toBe(UNMATCHED_ROUTE);
  });
});
