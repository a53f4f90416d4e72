import { describe, expect, it } from 'vitest';
import { footerDemoLinks } from './footer-demo-links';

describe('the footer’s demo links', () => {
  it.each([
    [true, false, ['demo-admin', 'demo-scenarios']],
    [true, true, ['demo-admin', 'demo-scenarios', 'install-app']],
    [false, false, []],
    [false, true, ['install-app']],
  ])('with demo tools %s on iOS %s: %j', (demoToolsEnabled, onIos, links) => {
    expect(footerDemoLinks({ demoToolsEnabled }, onIos)).toEqual(links);
  });
});
