import { describe, expect, it } from 'vitest';
import { DEMO_SCENARIOS, demoScenario, pageRoute } from '@anybank/contracts';
import { startUrl } from './start-url';

describe('startUrl', () => {
  it('opens the page with the panel open: inspect=1', () => {
    expect(startUrl({ kind: 'page', page: 'transfer-money' }, '')).toBe(
      '/banking/transfer-money?inspect=1',
    );
  });

  it('goes under the base path', () => {
    expect(startUrl({ kind: 'page', page: 'dashboard' }, '/bank/')).toBe('/bank/banking?inspect=1');
  });

  it('opens the home page at the site root', () => {
    expect(startUrl({ kind: 'page', page: 'home' }, '')).toBe('/?inspect=1');
  });

  it('takes "Pay by bank at a shop" to the shop on this site, which a browser reaches', () => {
    expect(startUrl(demoScenario('pay-by-bank').start, '')).toBe(
      `${pageRoute('retail').paths[0]}?inspect=1`,
    );
  });

  it('opens a page of the site, with the panel, for every scenario', () => {
    for (const scenario of DEMO_SCENARIOS) {
      const url = new URL(startUrl(scenario.start, ''), 'http://localhost');
      expect(url.searchParams.get('inspect'), scenario.id).toBe('1');
      expect(url.origin, scenario.id).toBe('http://localhost');
    }
  });
});
