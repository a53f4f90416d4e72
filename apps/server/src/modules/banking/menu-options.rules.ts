import { pageRoute, type AccountTier, type MenuOptionsResponse } from '@anybank/contracts';

/**
 * The navigation menu (the spec's /bxfMenuOptions): a map of entries; the browser makes a
 * nav item of each one with a title and drops the others (the untitled one shows that rule),
 * and collapses at xl with more than 2 items — premier customers' 4 do. URLs are the SPA's;
 * Premier Rewards has a page of its own, named from the route table.
 */
export function menuOptionsFor(tier: AccountTier): MenuOptionsResponse {
  return {
    dashboard: { title: 'Accounts', url: '/banking' },
    transfer: { title: 'Transfer Money', url: '/banking/transfer-money' },
    payAndTransfer: { url: '/banking/pay-and-transfer' },
    ...(tier === 'premier'
      ? {
          premierRewards: {
            title: 'Premier Rewards',
            url: pageRoute('premier-rewards').paths[0] ?? '/banking',
          },
          wealthPlanning: { title: 'Wealth Planning', url: '/any-wealth-advisor' },
        }
      : {}),
  };
}
