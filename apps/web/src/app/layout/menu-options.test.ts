import { describe, expect, it } from 'vitest';
import { menuOptionsResponseSchema, pageRoute } from '@anybank/contracts';
import { VISITOR_MENU, menuItemsOf, navbarExpandOf } from './menu-options';

describe('the signed-in menu', () => {
  it('keeps the entries with a title, in order, and drops the others', () => {
    expect(
      menuItemsOf(
        {
          dashboard: { title: 'Accounts', url: '/banking' },
          payAndTransfer: { url: '/banking/pay-and-transfer' },
          blank: { title: '  ', url: '/nowhere' },
          premierRewards: { title: 'Premier Rewards', url: '/banking/premier-rewards' },
          partner: { title: 'Partner', url: 'https://partner.example.com/' },
        },
        menuOptionsResponseSchema,
      ),
    ).toEqual([
      { key: 'dashboard', title: 'Accounts', url: '/banking', external: false },
      {
        key: 'premierRewards',
        title: 'Premier Rewards',
        url: '/banking/premier-rewards',
        external: false,
      },
      { key: 'partner', title: 'Partner', url: 'https://partner.example.com/', external: true },
    ]);
  });

  it('answers null for an answer in no known shape', () => {
    expect(menuItemsOf(null, menuOptionsResponseSchema)).toBeNull();
    expect(menuItemsOf({ dashboard: { title: 'Accounts' } }, menuOptionsResponseSchema)).toBeNull();
  });

  it('collapses below xl with more than 2 items, below lg otherwise (§9)', () => {
    expect(navbarExpandOf(2)).toBe('lg');
    expect(navbarExpandOf(3)).toBe('xl');
    expect(navbarExpandOf(4)).toBe('xl');
  });
});

describe('the visitors’ menu', () => {
  it('links Personal, Small Business, Wealth and About Us to their pages in the route table', () => {
    expect(VISITOR_MENU.map((item) => [item.title, item.url])).toEqual([
      ['Personal', pageRoute('personal').paths[0]],
      ['Small Business', pageRoute('small-business').paths[0]],
      ['Wealth', pageRoute('wealth').paths[0]],
      ['About Us', pageRoute('about-us').paths[0]],
    ]);
    expect(VISITOR_MENU.every((item) => !item.external && item.url.startsWith('/'))).toBe(true);
  });
});
