import { describe, expect, it } from 'vitest';
import { DEMO_SCENARIOS, OAUTH_PATHS, demoScenario, pageRoute } from '@anybank/contracts';
import {
  RETAIL_CHECKOUT_CLIENT_ID,
  pageStartUrl,
  retailCheckoutAuthorizationUrl,
  startUrl,
} from './start-url';

const CONFIG = { basePath: '', retailSiteUrl: 'https://retail.anybank.example' };
const PKCE = { state: 'state-123', challenge: 'challenge-abc' };
const noPkce = () => Promise.reject(new Error('a page start needs no PKCE pair'));

describe('pageStartUrl', () => {
  it('opens the page with the panel open: inspect=1', () => {
    expect(pageStartUrl({ kind: 'page', page: 'transfer-money' }, '')).toBe(
      '/banking/transfer-money?inspect=1',
    );
  });

  it('goes under the base path', () => {
    expect(pageStartUrl({ kind: 'page', page: 'dashboard' }, '/bank/')).toBe(
      '/bank/banking?inspect=1',
    );
  });

  it('opens the home page at the site root', () => {
    expect(pageStartUrl({ kind: 'page', page: 'home' }, '')).toBe('/?inspect=1');
  });
});

describe('retailCheckoutAuthorizationUrl', () => {
  it('asks as the retail checkout does: its client, its callback, PKCE S256', () => {
    const url = new URL(
      retailCheckoutAuthorizationUrl({ ...CONFIG, retailSiteUrl: 'https://shop.test/' }, PKCE),
      'http://localhost',
    );
    expect(url.pathname).toBe(OAUTH_PATHS.authorization);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: RETAIL_CHECKOUT_CLIENT_ID,
      redirect_uri: 'https://shop.test/callback',
      response_type: 'code',
      scope: 'openid profile banking consent',
      state: PKCE.state,
      code_challenge: PKCE.challenge,
      code_challenge_method: 'S256',
    });
  });
});

describe('startUrl', () => {
  it('takes "Transfer approved on the phone" to the transfer page with the panel open', async () => {
    const scenario = demoScenario('transfer-approved-on-phone');
    const url = await startUrl(scenario.start, CONFIG, noPkce);
    expect(url).toBe(`${pageRoute('transfer-money').paths[0]}?inspect=1`);
  });

  it('makes a fresh PKCE pair for the retail checkout only', async () => {
    let made = 0;
    const url = await startUrl(demoScenario('retail-checkout').start, CONFIG, () => {
      made += 1;
      return Promise.resolve(PKCE);
    });
    expect(made).toBe(1);
    expect(url).toContain(`code_challenge=${PKCE.challenge}`);
  });

  it('opens a page of the site, with the panel, for every other scenario', async () => {
    for (const scenario of DEMO_SCENARIOS.filter((each) => each.start.kind === 'page')) {
      const url = new URL(await startUrl(scenario.start, CONFIG, noPkce), 'http://localhost');
      expect(url.searchParams.get('inspect'), scenario.id).toBe('1');
    }
  });
});
