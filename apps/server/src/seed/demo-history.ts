import { randomUUID } from 'node:crypto';
import type { HistoryLeg, HistoryPosting } from '../modules/banking/ledger.rules';

/**
 * A demo customer's ninety days of activity: salary, rent, utilities, groceries
 * by debit card, card purchases and their monthly payment, a monthly transfer to savings and
 * savings interest, ending at the balances the README lists. The content (amounts,
 * descriptions, order) depends only on the username, never on the date or a random source;
 * the times are ages before the seed runs. Every deposit account stays at or above zero
 * throughout and the card's balance owed never goes below zero.
 */

export const HISTORY_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = 3;
const MONTH_DAYS = 30;

export interface HistoryAccount {
  id: string;
  kind: string;
  position: number;
  numberSuffix: string;
}

/** One posting before it is dated: its day since opening (0 … 89) and minute of the day. */
interface Flow {
  day: number;
  minute: number;
  legs: { position: number; amountCents: number; description: string; category: string }[];
  transfer?: { referenceNumber: number };
}

/** FNV-1a of the text: the seed of a customer's own sequence. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small deterministic sequence of numbers in [0, 1). */
function sequenceOf(seedText: string): () => number {
  let state = hashOf(seedText);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const EMPLOYERS = [
  'Acme Corporation',
  'Northwind Traders',
  'Globex Inc.',
  'Initech',
  'Contoso Ltd',
];
const LANDLORDS = ['Oakwood Properties', 'Maple Court Apartments', 'Riverside Lofts'];
const GROCERS = ["Trader Joe's", 'Whole Foods Market', 'Safeway', 'Kroger'];
const CARD_SPENDING = [
  {
    category: 'dining',
    merchants: ['Blue Bottle Coffee', 'Chipotle', 'The Corner Bistro'],
    cents: [800, 6_500],
  },
  {
    category: 'transport',
    merchants: ['Shell', 'Metro Transit', 'Chevron'],
    cents: [1_500, 6_000],
  },
  { category: 'shopping', merchants: ['Amazon.com', 'Target', 'Best Buy'], cents: [1_500, 12_000] },
] as const;
const CARD_DAYS = [3, 5, 7, 9, 12, 17, 21, 24, 27];
const GROCERY_DAYS = [5, 11, 18, 25];

const CHECKING = 0;
const SAVINGS = 1;
const CARD = 2;

function flowsOf(
  uid: string,
  finals: readonly [number, number, number],
  suffixes: readonly string[],
): Flow[] {
  const random = sequenceOf(`anybank history ${uid}`);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const [, savingsFinal, cardFinal] = finals;
  const usesCard = cardFinal > 0;
  const employer = pick(EMPLOYERS);
  const landlord = pick(LANDLORDS);
  const rent = between(900, 2_400) * 100;
  const toSavings = Math.min(between(4, 16) * 5_000, Math.floor(savingsFinal / 400) * 100);
  const interest = Math.floor(savingsFinal * 0.0004);
  const cardSuffix = suffixes[CARD] ?? '';
  const checkingSuffix = suffixes[CHECKING] ?? '';
  const savingsSuffix = suffixes[SAVINGS] ?? '';

  const flows: Flow[] = [];
  const one = (
    day: number,
    minute: number,
    position: number,
    amountCents: number,
    description: string,
    category: string,
  ) => {
    if (amountCents !== 0) {
      flows.push({ day, minute, legs: [{ position, amountCents, description, category }] });
    }
  };

  const purchasesByMonth: number[] = [];
  for (let month = 0; month < MONTHS; month += 1) {
    const base = month * MONTH_DAYS;
    let purchases = 0;
    if (usesCard) {
      for (const [index, day] of CARD_DAYS.entries()) {
        const kind = CARD_SPENDING[index % CARD_SPENDING.length] ?? CARD_SPENDING[0];
        const amount = between(kind.cents[0], kind.cents[1]);
        purchases += amount;
        one(base + day, 12 * 60 + 15, CARD, amount, pick(kind.merchants), kind.category);
      }
      one(base + 4, 11 * 60, CARD, between(6_500, 9_500), 'Verizon Wireless', 'utilities');
    }
    purchasesByMonth.push(purchases);
  }
  // The card is paid each month by what the month before put on it; the first payment clears
  // what was owed before the history starts.
  const lastPurchases = purchasesByMonth[MONTHS - 1] ?? 0;
  const firstPayment = Math.max(between(20_000, 60_000), lastPurchases - cardFinal + 10_000);
  const grocerySpend: number[] = [];
  for (let month = 0; month < MONTHS; month += 1) {
    for (let index = 0; index < GROCERY_DAYS.length; index += 1)
      grocerySpend.push(between(4_500, 16_500));
  }
  const utilities = Array.from({ length: MONTHS }, () => between(7_500, 19_000));
  const cardPayments = purchasesByMonth.map((_, month) =>
    !usesCard ? 0 : month === 0 ? firstPayment : (purchasesByMonth[month - 1] ?? 0),
  );
  // The salary covers a month's usual outgoings with a little to spare.
  const monthlyOut =
    rent +
    utilities.reduce((sum, each) => sum + each, 0) / MONTHS +
    grocerySpend.reduce((sum, each) => sum + each, 0) / MONTHS +
    cardPayments.reduce((sum, each) => sum + each, 0) / MONTHS +
    toSavings;
  const salary = Math.round(monthlyOut / 2) + between(2_000, 12_000);

  for (let month = 0; month < MONTHS; month += 1) {
    const base = month * MONTH_DAYS;
    one(base + 1, 6 * 60, CHECKING, salary, `Payroll deposit — ${employer}`, 'income');
    one(base + 2, 9 * 60, CHECKING, -rent, `Rent — ${landlord}`, 'housing');
    one(base + 3, 10 * 60, CHECKING, -(utilities[month] ?? 0), 'City Power & Light', 'utilities');
    one(base + 15, 6 * 60, CHECKING, salary, `Payroll deposit — ${employer}`, 'income');
    for (const [index, day] of GROCERY_DAYS.entries()) {
      const amount = grocerySpend[month * GROCERY_DAYS.length + index] ?? 0;
      one(
        base + day,
        17 * 60 + 30,
        CHECKING,
        -amount,
        `Debit card — ${pick(GROCERS)}`,
        'groceries',
      );
    }
    if (toSavings > 0) {
      const referenceNumber = between(0, 99_999);
      flows.push({
        day: base + 16,
        minute: 7 * 60 + 15,
        transfer: { referenceNumber },
        legs: [
          {
            position: CHECKING,
            amountCents: -toSavings,
            description: `Transfer ${referenceNumber} to account ending ${savingsSuffix}`,
            category: 'transfer',
          },
          {
            position: SAVINGS,
            amountCents: toSavings,
            description: `Transfer ${referenceNumber} from account ending ${checkingSuffix}`,
            category: 'transfer',
          },
        ],
      });
    }
    const payment = cardPayments[month] ?? 0;
    if (payment > 0) {
      flows.push({
        day: base + 20,
        minute: 8 * 60 + 30,
        legs: [
          {
            position: CHECKING,
            amountCents: -payment,
            description: `Payment to Rewards Visa ending ${cardSuffix}`,
            category: 'card-payment',
          },
          {
            position: CARD,
            amountCents: -payment,
            description: `Payment from checking ending ${checkingSuffix} — thank you`,
            category: 'card-payment',
          },
        ],
      });
    }
    one(base + 29, 23 * 60, SAVINGS, interest, 'Interest paid', 'interest');
  }
  return flows.sort((a, b) => a.day - b.day || a.minute - b.minute);
}

/** By position: what the opening entry is called, and what lifts an account out of a dip. */
const OPENING_OF = [
  {
    opening: 'Opening deposit',
    topUp: { description: 'Transfer to external account', category: 'external-transfer' },
  },
  {
    opening: 'Opening deposit',
    topUp: { description: 'Withdrawal to external account', category: 'external-transfer' },
  },
  {
    opening: 'Balance brought forward',
    topUp: { description: 'Payment received — thank you', category: 'card-payment' },
  },
] as const;

/**
 * Each account's opening amount makes it end at its final balance; where the path would dip
 * below zero somewhere, one outgoing entry right after the flow that ends the last dip lifts
 * everything before it (the opening with it) by the deepest dip, and changes nothing after.
 */
function withOpenings(flows: Flow[], finals: readonly number[]): Flow[] {
  const result = [...flows];
  const openings: Flow[] = [];
  for (const [position, final] of finals.entries()) {
    const words = OPENING_OF[position] ?? OPENING_OF[0];
    const total = result.reduce(
      (sum, flow) =>
        sum +
        flow.legs.filter((leg) => leg.position === position).reduce((s, l) => s + l.amountCents, 0),
      0,
    );
    let opening = final - total;
    let running = opening;
    let lowest = Math.min(0, opening);
    let lastDip = opening < 0 ? -1 : null;
    for (const [index, flow] of result.entries()) {
      for (const leg of flow.legs) if (leg.position === position) running += leg.amountCents;
      if (running < lowest) lowest = running;
      if (running < 0) lastDip = index;
    }
    if (lastDip !== null && lowest < 0) {
      // The flow after the last dip is the one that brought the account back to zero or above.
      const back = result[lastDip + 1];
      if (!back) throw new Error(`demo history: account ${position} ends below zero`);
      result.splice(lastDip + 2, 0, {
        day: back.day,
        minute: back.minute,
        legs: [{ position, amountCents: lowest, ...words.topUp }],
      });
      opening -= lowest;
    }
    if (opening !== 0) {
      openings.push({
        day: 0,
        minute: 8 * 60,
        legs: [{ position, amountCents: opening, description: words.opening, category: 'opening' }],
      });
    }
  }
  return [...openings, ...result];
}

/** The customer's history as the ledger's postings, oldest first (see ledger.rules.ts). */
export function demoHistoryOf(
  customer: { uid: string; userId: string; balances: readonly [number, number, number] },
  accounts: readonly HistoryAccount[],
): HistoryPosting[] {
  const byPosition = [...accounts].sort((a, b) => a.position - b.position);
  const flows = withOpenings(
    flowsOf(
      customer.uid,
      customer.balances,
      byPosition.map((account) => account.numberSuffix),
    ),
    customer.balances,
  );
  return flows.map((flow) => {
    const legs: HistoryLeg[] = flow.legs.map((leg) => {
      const account = byPosition[leg.position];
      if (!account) throw new Error(`demo history: no account at position ${leg.position}`);
      return {
        accountId: account.id,
        kind: account.kind,
        amountCents: leg.amountCents,
        description: leg.description,
        category: leg.category,
      };
    });
    return {
      ageMs: (HISTORY_DAYS - flow.day) * DAY_MS - flow.minute * 60 * 1000,
      legs,
      ...(flow.transfer
        ? {
            transfer: {
              id: randomUUID(),
              userId: customer.userId,
              referenceNumber: flow.transfer.referenceNumber,
            },
          }
        : {}),
    };
  });
}
