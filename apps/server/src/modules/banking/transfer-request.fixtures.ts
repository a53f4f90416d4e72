import type { RiskPayload } from '@anybank/contracts';
import type { AccountView } from './balances.rules';

/** What the banking tests share: a person's risk data, and Jane's accounts. */

/** The risk data a person's desktop browser sends with a transfer. */
export const person: RiskPayload = {
  deviceId: 'device-0123456789',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  language: 'en-US',
  timeZone: 'America/New_York',
  screen: { width: 1440, height: 900, colorDepth: 24 },
  webdriver: false,
};

/** Jane's accounts, listed out of order on purpose: the rules order by position. */
export const janes: AccountView[] = [
  { id: 'visa', kind: 'rewards-visa', position: 2, balanceCents: 124_567 },
  { id: 'checking', kind: 'checking', position: 0, balanceCents: 2_450_000 },
  { id: 'savings', kind: 'savings', position: 1, balanceCents: 1_875_032 },
];
