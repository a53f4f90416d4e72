import type { ServiceId } from './advisor-book';

/**
 * The advisor dashboard's static sample content (document 2 §1: much of the partner-portal
 * content is sample data): the alerts, the client table and the news cards. The client search
 * and the client page read real, consented data instead.
 */

export interface AdvisorAlert {
  id: string;
  level: 'warning' | 'info';
  text: string;
}

export const ADVISOR_ALERTS: readonly AdvisorAlert[] = [
  {
    id: 'rebalance',
    level: 'warning',
    text: 'Four client portfolios drifted more than 5% from their target allocation this week.',
  },
  {
    id: 'reviews',
    level: 'info',
    text: 'Two annual reviews are due before the end of the month.',
  },
  {
    id: 'rmd',
    level: 'info',
    text: 'Remind clients aged 73 and over to take their required minimum distribution.',
  },
];

export interface SampleClient {
  name: string;
  active: boolean;
  /** ISO date. */
  lastContacted: string;
  /** Whole dollars. */
  totalPortfolio: number;
}

export const SAMPLE_CLIENTS: readonly SampleClient[] = [
  { name: 'Harold Jenkins', active: true, lastContacted: '2024-05-02', totalPortfolio: 1_245_300 },
  { name: 'Priya Raman', active: true, lastContacted: '2024-04-27', totalPortfolio: 684_950 },
  { name: 'Carlos Mendes', active: false, lastContacted: '2024-01-15', totalPortfolio: 212_400 },
  { name: 'Grace Okafor', active: true, lastContacted: '2024-05-06', totalPortfolio: 2_318_720 },
  { name: 'Tom Becker', active: true, lastContacted: '2024-03-19', totalPortfolio: 455_060 },
  { name: 'Linda Park', active: false, lastContacted: '2023-11-30', totalPortfolio: 98_500 },
];

export interface NewsItem {
  title: string;
  source: string;
  text: string;
}

export const ADVISOR_NEWS: readonly NewsItem[] = [
  {
    title: 'Rates hold steady for a third meeting',
    source: 'Markets desk',
    text: 'The central bank left its policy rate unchanged and signalled patience; bond yields eased slightly.',
  },
  {
    title: 'Dividend payers lead a quiet week',
    source: 'Equities',
    text: 'Utilities and consumer staples outperformed as investors favoured steady income over growth.',
  },
  {
    title: 'Contribution limits rise next year',
    source: 'Retirement planning',
    text: 'Higher limits for workplace plans and IRAs give clients room to save more before taxes.',
  },
];

// ---------------------------------------------------------------------------------------------
// Prospecting and Other Services: the parts that are not about consenting clients.

export interface Referral {
  name: string;
  source: string;
  stage: 'New' | 'Contacted' | 'Meeting booked' | 'Proposal sent';
  /** Whole dollars the prospect said they might move. */
  estimatedAssets: number;
}

export const REFERRAL_STAGES: readonly Referral['stage'][] = [
  'New',
  'Contacted',
  'Meeting booked',
  'Proposal sent',
];

export const SAMPLE_REFERRALS: readonly Referral[] = [
  {
    name: 'Dana Whitfield',
    source: 'Client referral',
    stage: 'Meeting booked',
    estimatedAssets: 420_000,
  },
  { name: 'Marcus Lee', source: 'Retirement seminar', stage: 'New', estimatedAssets: 180_000 },
  { name: 'Helen Costa', source: 'Branch', stage: 'Contacted', estimatedAssets: 95_000 },
  {
    name: 'Ravi Patel',
    source: 'Client referral',
    stage: 'Proposal sent',
    estimatedAssets: 1_150_000,
  },
  { name: 'Erin Walsh', source: 'Website', stage: 'New', estimatedAssets: 60_000 },
  {
    name: 'Samuel Ortiz',
    source: 'Small Business team',
    stage: 'Contacted',
    estimatedAssets: 730_000,
  },
];

export interface AdvisorService {
  id: ServiceId;
  name: string;
  text: string;
  fee: string;
  /** Who the service suits, as advisor-book.ts decides it. */
  suits: string;
}

export const ADVISOR_SERVICES: readonly AdvisorService[] = [
  {
    id: 'estate',
    name: 'Estate planning',
    text: 'Wills, trusts and beneficiaries reviewed with our estate attorneys.',
    fee: '$1,500 flat',
    suits: 'Clients sharing $150,000 or more',
  },
  {
    id: 'retirement',
    name: 'Retirement income plan',
    text: 'A year-by-year plan for turning savings into income.',
    fee: 'Included with a managed portfolio',
    suits: 'Clients with $50,000 or more in savings',
  },
  {
    id: 'cash',
    name: 'Cash management',
    text: 'Sweep idle checking balances into the Wealth Money Market.',
    fee: 'No charge',
    suits: 'Clients with $20,000 or more in checking',
  },
  {
    id: 'credit',
    name: 'Credit review',
    text: 'A look at card balances and a plan to pay less interest.',
    fee: 'No charge',
    suits: 'Clients who share their Rewards Visa',
  },
  {
    id: 'insurance',
    name: 'Insurance review',
    text: 'Life, disability and long-term care cover checked against the client’s plan.',
    fee: 'No charge',
    suits: 'Every client, once a year',
  },
];
