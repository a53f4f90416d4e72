import type { PageId } from '@anybank/contracts';

/**
 * What the visitor menu's pages say: short marketing pages in the bank's voice.
 * Products, rates and figures are sample content for a demo bank, and every page that shows
 * them says so (bankPageMessages.sampleNotice). Phone numbers are in the 555-01xx range,
 * which is reserved for fiction.
 */

export type BankPageId = Extract<PageId, 'personal' | 'small-business' | 'wealth' | 'about-us'>;

export interface Offer {
  title: string;
  text: string;
  points: readonly string[];
}

export interface Rate {
  product: string;
  /** As shown, with its kind: "4.10% APY". */
  rate: string;
  detail: string;
}

export interface Fact {
  label: string;
  value: string;
}

export interface Contact {
  phone: string;
  hours: string;
  branch: string;
}

export interface BankPageContent {
  intro: string;
  /** The offers section's heading when it is not bankPageMessages.productsHeading. */
  offersHeading?: string;
  offers: readonly Offer[];
  rates?: readonly Rate[];
  facts?: readonly Fact[];
  contact: Contact;
}

const BRANCHES = 'Any of our 42 branches, Monday to Saturday. Book a time online or just walk in.';

export const BANK_PAGE_CONTENT: Record<BankPageId, BankPageContent> = {
  personal: {
    intro:
      'Everyday accounts, savings that work harder and a card that pays you back, all in one app that asks your phone before anything important happens.',
    offers: [
      {
        title: 'Everyday Checking',
        text: 'One account for pay day, bills and tap-to-pay.',
        points: ['No monthly fee with any direct deposit', 'Free debit card and digital wallet'],
      },
      {
        title: 'High-Yield Savings',
        text: 'Set a goal, automate a transfer, watch it grow.',
        points: ['No minimum balance', 'Move money to checking in seconds'],
      },
      {
        title: 'Credit Rewards Visa',
        text: 'Points on every purchase, with alerts for every charge.',
        points: ['3x points on groceries and dining', 'No annual fee'],
      },
    ],
    rates: [
      { product: 'Everyday Checking', rate: '0.25% APY', detail: 'On balances of $1,500 or more' },
      { product: 'High-Yield Savings', rate: '4.10% APY', detail: 'On every balance' },
      { product: '12-month Certificate', rate: '4.45% APY', detail: '$1,000 minimum deposit' },
      { product: 'Credit Rewards Visa', rate: '19.99% APR', detail: 'Variable, on purchases' },
    ],
    contact: {
      phone: '1-800-555-0142',
      hours: 'Every day, 7 am to 11 pm Eastern',
      branch: BRANCHES,
    },
  },
  'small-business': {
    intro:
      'Banking for the people who open early and close late: accounts, payments and credit that keep up with a growing business.',
    offers: [
      {
        title: 'Business Checking',
        text: 'Up to 300 transactions a month at no charge.',
        points: [
          'Cards for every employee, with limits you set',
          'Approve payments from your phone',
        ],
      },
      {
        title: 'Merchant Services',
        text: 'Take cards in store, online and on the go.',
        points: ['Next-day deposits', 'One flat rate per swipe'],
      },
      {
        title: 'Business Line of Credit',
        text: 'Cover a slow month or a big order.',
        points: ['From $10,000 to $250,000', 'Pay interest only on what you use'],
      },
    ],
    rates: [
      { product: 'Business Savings', rate: '3.60% APY', detail: 'On balances of $10,000 or more' },
      {
        product: 'Business Line of Credit',
        rate: '8.75% APR',
        detail: 'Variable, from prime + 1%',
      },
      { product: 'Equipment Loan', rate: '7.25% APR', detail: 'Fixed, terms up to 7 years' },
      { product: 'Card processing', rate: '2.6% + 10¢', detail: 'Per in-person transaction' },
    ],
    contact: {
      phone: '1-800-555-0167',
      hours: 'Monday to Friday, 7 am to 9 pm Eastern; Saturday, 9 am to 5 pm',
      branch: BRANCHES,
    },
  },
  wealth: {
    intro:
      'Plans built around your life, not a product list: a dedicated advisor, portfolios that follow your goals, and full control over what your advisor sees.',
    offers: [
      {
        title: 'A dedicated advisor',
        text: 'One person who knows your goals, from first home to retirement.',
        points: [
          'Yearly review, and a call whenever life changes',
          'You choose which accounts they see',
        ],
      },
      {
        title: 'Managed portfolios',
        text: 'Diversified portfolios rebalanced for you.',
        points: ['From $25,000', 'Tax-aware rebalancing'],
      },
      {
        title: 'Retirement and estate planning',
        text: 'IRAs, rollovers, trusts and the paperwork in between.',
        points: ['Rollovers done for you', 'Estate plans reviewed every two years'],
      },
    ],
    rates: [
      { product: 'Managed portfolio', rate: '0.85% a year', detail: 'On the first $1 million' },
      { product: 'Managed portfolio', rate: '0.60% a year', detail: 'Above $1 million' },
      {
        product: 'Wealth Money Market',
        rate: '4.35% APY',
        detail: 'On balances of $50,000 or more',
      },
      { product: 'Financial plan', rate: 'No charge', detail: 'With any managed portfolio' },
    ],
    contact: {
      phone: '1-800-555-0188',
      hours: 'Monday to Friday, 8 am to 8 pm Eastern',
      branch: 'Meet an advisor in any branch or by video, at a time that suits you.',
    },
  },
  'about-us': {
    intro:
      'AnyBank has served its neighbours since 1952. Today 1.2 million customers bank with us in branches, online and in the app, and each of them decides who sees their data.',
    offersHeading: 'What we stand for',
    offers: [
      {
        title: 'Your data, your say',
        text: 'Partners see only what you agree to share, and you can take it back at any time.',
        points: ['Sharing settings in Privacy & Security', 'Every partner look-up recorded'],
      },
      {
        title: 'Security that stays out of your way',
        text: 'Passkeys, a phone that approves sign-ins, and checks that ask more only when something looks unusual.',
        points: [
          'No codes to type when your phone is with you',
          'Large transfers approved on your phone',
        ],
      },
      {
        title: 'People you can reach',
        text: 'Real people answer the phone, and our branches stay open on Saturdays.',
        points: ['Average wait under 2 minutes', 'Help in 14 languages'],
      },
    ],
    facts: [
      { label: 'Founded', value: '1952' },
      { label: 'Customers', value: '1.2 million' },
      { label: 'Branches', value: '42' },
      { label: 'Deposits held', value: '$38 billion' },
    ],
    contact: {
      phone: '1-800-555-0100',
      hours: 'Every day, 7 am to 11 pm Eastern',
      branch: 'Head office: 1 AnyBank Plaza, Springfield. Press: press@anybank.example',
    },
  },
};
