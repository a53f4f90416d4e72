import { describe, expect, it } from 'vitest';
import { menuOptionsFor } from './menu-options.rules';

describe('menu options', () => {
  it('gives a personal customer two titled entries and one without a title', () => {
    const menu = menuOptionsFor('personal');
    expect(Object.values(menu).filter((entry) => entry.title)).toEqual([
      { title: 'Accounts', url: '/banking' },
      { title: 'Transfer Money', url: '/banking/transfer-money' },
    ]);
    expect(Object.values(menu).filter((entry) => !entry.title)).toHaveLength(1);
  });

  it('gives a premier customer Premier Rewards and Wealth Planning besides', () => {
    const titles = Object.values(menuOptionsFor('premier')).map((entry) => entry.title);
    expect(titles.filter(Boolean)).toEqual([
      'Accounts',
      'Transfer Money',
      'Premier Rewards',
      'Wealth Planning',
    ]);
  });

  it('sends Premier Rewards to the premier rewards page, not the credit-card application', () => {
    expect(menuOptionsFor('premier').premierRewards).toEqual({
      title: 'Premier Rewards',
      url: '/banking/premier-rewards',
    });
  });
});
