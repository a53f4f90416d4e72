/**
 * Not in the spec: the visitor menu's pages (Personal, Small Business, Wealth,
 * About Us) and the premier rewards page. Their products and figures are in the web feature
 * bank-pages; these are the words every such page shares. Kept out of `messages`, so that only
 * those pages' own chunk carries them.
 */
export const bankPageMessages = {
  productsHeading: 'What we offer',
  ratesHeading: 'Today’s rates',
  sampleNotice:
    'Sample figures for this demo bank, not an offer: a real bank shows its current rates here.',
  factsHeading: 'At a glance',
  contactHeading: 'Talk to us',
  phoneLabel: 'Phone',
  hoursLabel: 'Hours',
  branchLabel: 'In person',
  rewardsIntro:
    'Points on what you already spend, and more ways to use them. Premier Rewards come with a Premier account: if yours is Personal, ask us about upgrading.',
  earnHeading: 'How you earn',
  redeemHeading: 'Ways to redeem',
  compareHeading: 'Personal and Premier compared',
  productColumn: 'Product',
  rateColumn: 'Rate',
  detailColumn: 'Details',
  categoryColumn: 'Spending',
  pointsColumn: 'Points per $1',
  benefitColumn: 'Benefit',
  personalColumn: 'Personal',
  premierColumn: 'Premier',
};
