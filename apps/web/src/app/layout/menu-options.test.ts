import { describe, expect, it } from 'vitest';
import { menuItemsOf, navbarExpandOf } from './menu-options';

describe('the signed-in menu', () => {
  it('keeps the entries with a title, in order, and drops the others', () => {
    expect(
      menuItemsOf({
        dashboard: { title: 'Accounts', url: '/banking' },
        payAndTransfer: { url: '/banking/pay-and-transfer' },
        blank: { title: '  ', url: '/nowhere' },
        premierRewards: { title: 'Premier Rewards', url: '/credit-card' },
        partner: { title: 'Partner', url: 'https://partner.example.com/' },
      }),
    ).toEqual([
      { key: 'dashboard', title: 'Accounts', url: '/banking', external: false },
      { key: 'premierRewards', title: 'Premier Rewards', url: '/credit-card', external: false },
      { key: 'partner', title: 'Partner', url: 'https://partner.example.com/', external: true },
    ]);
  });

  it('answers null for an answer in no known shape', () => {
    expect(menuItemsOf(null)).toBeNull();
    expect(menuItemsOf({ dashboard: { title: 'Accounts' } })).toBeNull();
  });

  it('collapses below xl with more than 2 items, below lg otherwise (§9)', () => {
    expect(navbarExpandOf(2)).toBe('lg');
    expect(navbarExpandOf(3)).toBe('xl');
    expect(navbarExpandOf(4)).toBe('xl');
  });
});
