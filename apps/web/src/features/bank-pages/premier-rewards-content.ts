/**
 * The premier rewards page's sample content: what a Premier customer earns and
 * how they redeem it, and the two tiers side by side. Sample figures for a demo bank; the page
 * says so.
 */

export interface EarnRate {
  category: string;
  /** Points per dollar spent. */
  pointsPerDollar: number;
  note: string;
}

export const EARN_RATES: readonly EarnRate[] = [
  { category: 'Travel and dining', pointsPerDollar: 5, note: 'Flights, hotels, restaurants' },
  { category: 'Groceries', pointsPerDollar: 3, note: 'Up to $6,000 a year' },
  { category: 'Everything else', pointsPerDollar: 1.5, note: 'No cap, no expiry' },
];

export interface Redemption {
  title: string;
  text: string;
}

export const REDEMPTIONS: readonly Redemption[] = [
  { title: 'Cash back', text: 'Into checking or savings, 1 cent a point, from 2,500 points.' },
  { title: 'Travel', text: 'Book through Premier Travel at 1.25 cents a point.' },
  { title: 'Invest', text: 'Into a managed portfolio at 1.3 cents a point.' },
];

export interface TierComparison {
  benefit: string;
  personal: string;
  premier: string;
}

export const TIER_COMPARISON: readonly TierComparison[] = [
  { benefit: 'Points on everyday spending', personal: '1 per $1', premier: '1.5 per $1' },
  { benefit: 'Points on travel and dining', personal: '2 per $1', premier: '5 per $1' },
  { benefit: 'Yearly anniversary bonus', personal: 'None', premier: '10,000 points' },
  { benefit: 'Wealth planning', personal: 'On request', premier: 'Included, in the menu' },
  { benefit: 'Foreign transaction fees', personal: '3%', premier: 'None' },
];
