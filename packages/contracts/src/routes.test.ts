import { describe, expect, it } from 'vitest';
import { isPagePath, pageIdOfPath, pagePath } from './routes';

describe('page paths with a parameter', () => {
  it('matches one segment of anything for `:name`, and no more', () => {
    expect(pageIdOfPath('/banking/accounts/1234567890')).toBe('account-activity');
    expect(pageIdOfPath('/banking/accounts/1234567890/')).toBe('account-activity');
    expect(pageIdOfPath('/banking/accounts/1234567890/statements/2025-05')).toBe(
      'account-statement',
    );
    expect(pageIdOfPath('/banking/accounts')).toBeNull();
    expect(pageIdOfPath('/banking/accounts/1/2')).toBeNull();
    expect(isPagePath('/banking/accounts//')).toBe(false);
  });

  it('still matches the fixed paths exactly, with or without a trailing slash', () => {
    expect(pageIdOfPath('/banking')).toBe('dashboard');
    expect(pageIdOfPath('/banking/payment-activity/')).toBe('payment-activity');
    expect(isPagePath('/banking/nowhere')).toBe(false);
  });

  it('fills a page’s parameters in, URL-encoded', () => {
    expect(pagePath('account-activity', { accountId: '12 34' })).toBe('/banking/accounts/12%2034');
    expect(pagePath('account-statement', { accountId: '1', month: '2025-05' })).toBe(
      '/banking/accounts/1/statements/2025-05',
    );
    expect(pagePath('dashboard')).toBe('/banking');
  });
});
