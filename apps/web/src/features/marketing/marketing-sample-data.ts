import type { Campaign } from './marketing-audience';

/**
 * The marketing portal's sample campaigns and market notes (document 2 §1: much of
 * the portal content is sample data). Who a campaign reaches comes from the opted-in customers;
 * its rates and the market figures are sample.
 */

export const SAMPLE_CAMPAIGNS: readonly Campaign[] = [
  { name: 'Spring savings boost', channel: 'email', openRate: 0.46, responseRate: 0.12 },
  { name: 'Rewards Visa double points', channel: 'sms', openRate: 0.88, responseRate: 0.19 },
  { name: 'Home equity mailer', channel: 'post', openRate: 0.6, responseRate: 0.05 },
  { name: 'Passkey sign-in how-to', channel: 'email', openRate: 0.52, responseRate: 0.21 },
];

export interface MarketMove {
  name: string;
  /** Change over the week, in percent. */
  weekChange: number;
  note: string;
}

export const SAMPLE_MARKET_MOVES: readonly MarketMove[] = [
  { name: 'Broad market index', weekChange: 1.4, note: 'Third weekly gain in a row' },
  { name: 'Bank stocks', weekChange: 2.1, note: 'Steady rates lift lending margins' },
  { name: 'Technology', weekChange: -0.8, note: 'Profit-taking after a strong quarter' },
  { name: 'Utilities', weekChange: 0.6, note: 'Income investors stay put' },
  { name: '10-year Treasury yield', weekChange: -0.3, note: 'Yields ease; CD rates may follow' },
];

export interface CampaignIdea {
  title: string;
  text: string;
  channel: Campaign['channel'];
}

export const CAMPAIGN_IDEAS: readonly CampaignIdea[] = [
  {
    title: 'Lock in a certificate rate',
    text: 'Yields are easing: remind savers that today’s 12-month certificate rate may not last.',
    channel: 'email',
  },
  {
    title: 'Meet a wealth advisor',
    text: 'Markets are up three weeks running: invite customers to a free portfolio review.',
    channel: 'sms',
  },
  {
    title: 'Market outlook letter',
    text: 'A quarterly letter on what moved and why, for customers who prefer paper.',
    channel: 'post',
  },
];
