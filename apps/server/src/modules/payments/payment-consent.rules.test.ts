import { describe, expect, it } from 'vitest';
import {
  executionRefusal,
  paymentApproval,
  statusAt,
  submissionRefusal,
  whyNotAuthorisable,
  type ConsentFacts,
} from './payment-consent.rules';

const DEFAULTS = { cibaThreshold: null, denyThreshold: null };
const NOW = new Date('2026-11-27T12:00:00Z');
const CONSENT: ConsentFacts = {
  id: 'c1',
  clientId: 'retail-shop',
  status: 'Authorised',
  amountCents: 4210,
  currency: 'USD',
  payeeAccountId: 'merchant',
  userId: 'jane',
  expiresAt: new Date(NOW.getTime() + 60_000),
};
const CALLER = { clientId: 'retail-shop', userId: 'jane', consentId: 'c1' };
const SUBMISSION = {
  consentId: 'c1',
  amountCents: 4210,
  currency: 'USD' as const,
  payeeAccountId: 'merchant',
};

describe('pay by bank’s rules', () => {
  const alone = (amountCents: number) => ({ amountCents, recentTotalCents: 0 });
  it('asks nothing at the approval threshold, the phone one cent above it, and refuses above the deny threshold', () => {
    expect(paymentApproval(alone(100_000), DEFAULTS, 'push')).toBe('none');
    expect(paymentApproval(alone(100_000), DEFAULTS, null)).toBe('none');
    expect(paymentApproval(alone(100_001), DEFAULTS, 'push')).toBe('phone');
    expect(paymentApproval(alone(1_000_001), DEFAULTS, 'push')).toBe('payment_above_limit');
    expect(paymentApproval(alone(60_000), { cibaThreshold: 500, denyThreshold: 700 }, 'push')).toBe(
      'phone',
    );
  });

  it.each([
    // recent 24 h, this payment, second factor → what it needs (default thresholds $1,000 / $10,000)
    [95_000, 5_000, 'push', 'none'],
    [95_000, 5_000, 'code', 'none'],
    [95_000, 5_001, 'push', 'phone'],
    // No activated phone app: a one-time code to the e-mail or SMS device, as for transfers.
    [95_000, 5_001, 'code', 'code'],
    [0, 100_001, 'code', 'code'],
    // No phone and no device that receives codes: refused, as a transfer is (approval_unavailable).
    [95_000, 5_001, null, 'payment_needs_approval'],
    [990_000, 10_000, 'push', 'phone'],
    [990_000, 10_000, 'code', 'code'],
    // Above the deny threshold nothing approves it.
    [990_000, 10_001, 'push', 'payment_above_limit'],
    [990_000, 10_001, 'code', 'payment_above_limit'],
    [990_000, 10_001, null, 'payment_above_limit'],
  ] as const)(
    'counts the 24-hour running total as transfers do: %i cents before, %i now, second factor %s → %s',
    (recentTotalCents, amountCents, secondFactor, needs) => {
      expect(paymentApproval({ amountCents, recentTotalCents }, DEFAULTS, secondFactor)).toBe(
        needs,
      );
    },
  );

  it.each([
    // recent 24 h when submitted, this payment, how its authorisation was approved → refusal
    [0, 4_210, 'none', null],
    [95_000, 5_000, 'none', null],
    // Transfers made since the authorisation took it above the approval threshold.
    [95_000, 5_001, 'none', 'payment_approval_outdated'],
    [95_000, 5_001, null, 'payment_approval_outdated'],
    [95_000, 5_001, 'phone', null],
    [95_000, 5_001, 'code', null],
    [990_000, 10_000, 'code', null],
    // Above the deny threshold no approval covers it.
    [990_000, 10_001, 'code', 'payment_above_limit'],
    [900_000, 900_000, 'phone', 'payment_above_limit'],
    [900_000, 900_000, 'none', 'payment_above_limit'],
  ] as const)(
    'applies the limits again when the shop submits: %i cents before, %i now, approved with %s → %s',
    (recentTotalCents, amountCents, approvedWith, refusal) => {
      expect(executionRefusal({ amountCents, recentTotalCents }, DEFAULTS, approvedWith)).toBe(
        refusal,
      );
    },
  );

  it('calls a consent still awaiting after its ten minutes expired', () => {
    const awaiting = { ...CONSENT, status: 'AwaitingAuthorisation' };
    expect(statusAt(awaiting, NOW)).toBe('AwaitingAuthorisation');
    expect(statusAt(awaiting, new Date(NOW.getTime() + 60_000))).toBe('Expired');
  });

  it('pays only the consented amount to the consented payee, with the token of that consent', () => {
    expect(submissionRefusal(CONSENT, SUBMISSION, CALLER, NOW)).toBeNull();
    expect(submissionRefusal(CONSENT, { ...SUBMISSION, amountCents: 4211 }, CALLER, NOW)).toBe(
      'payment_not_as_consented',
    );
    expect(
      submissionRefusal(CONSENT, { ...SUBMISSION, payeeAccountId: 'other' }, CALLER, NOW),
    ).toBe('payment_not_as_consented');
    expect(submissionRefusal(CONSENT, SUBMISSION, { ...CALLER, consentId: 'c2' }, NOW)).toBe(
      'payment_token_not_for_consent',
    );
    expect(submissionRefusal({ ...CONSENT, status: 'Consumed' }, SUBMISSION, CALLER, NOW)).toBe(
      'payment_consent_consumed',
    );
    expect(submissionRefusal(CONSENT, SUBMISSION, { ...CALLER, clientId: 'other' }, NOW)).toBe(
      'payment_consent_not_found',
    );
  });

  it.each([
    // stored status, expired?, client asking → why an authorization request may not name it
    ['AwaitingAuthorisation', false, 'retail-shop', null],
    ['AwaitingAuthorisation', true, 'retail-shop', 'payment_consent_expired'],
    ['AwaitingAuthorisation', false, 'another-client', 'payment_consent_not_found'],
    // Authorised once, by one customer: never pushed again and shown to another.
    ['Authorised', false, 'retail-shop', 'payment_consent_authorised'],
    ['Consumed', false, 'retail-shop', 'payment_consent_consumed'],
    ['Rejected', false, 'retail-shop', 'payment_consent_rejected'],
  ] as const)(
    'lets an authorization request name a consent %s (expired: %s) of %s: %s',
    (status, expired, clientId, why) => {
      const consent = {
        ...CONSENT,
        status,
        expiresAt: new Date(NOW.getTime() + (expired ? -1 : 60_000)),
      };
      expect(whyNotAuthorisable(consent, clientId, NOW)).toBe(why);
    },
  );
});
