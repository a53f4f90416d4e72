import { describe, expect, it } from 'vitest';
import { transferMessages as text } from './transfer-messages';

describe('a limit in words that add up', () => {
  it.each([
    [
      'nothing sent before: this amount alone',
      { recentTotalCents: 0, amountCents: 1_000_001, thresholdCents: 1_000_000 },
      'This $10,000.01 is above your 24-hour limit of $10,000.00.',
    ],
    [
      'sent before: the total, this amount and their sum',
      { recentTotalCents: 150_000, amountCents: 900_000, thresholdCents: 1_000_000 },
      'You have sent $1,500.00 in the last 24 hours; with this $9,000.00 that is $10,500.00, above your 24-hour limit of $10,000.00.',
    ],
  ])('the deny limit, %s', (_case, figures, words) => {
    expect(text.denyLimitCrossed(figures)).toBe(words);
  });

  it('names the approval threshold the same way', () => {
    expect(
      text.approvalThresholdCrossed({
        recentTotalCents: 150_000,
        amountCents: 4_210,
        thresholdCents: 100_000,
      }),
    ).toBe(
      'You have sent $1,500.00 in the last 24 hours; with this $42.10 that is $1,542.10, above your approval threshold of $1,000.00.',
    );
  });
});
