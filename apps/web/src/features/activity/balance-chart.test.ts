import { describe, expect, it } from 'vitest';
import { axisDate, axisDollars, chartSummary } from './balance-chart';

describe('the balance chart', () => {
  it.each([
    [2_450_000, '$24.5k'],
    [2_400_000, '$24k'],
    [95_000, '$950'],
    [0, '$0'],
    [-12_000, '-$120'],
    [-150_000, '-$1.5k'],
  ])('writes %i cents on the amount axis as %s', (cents, words) => {
    expect(axisDollars(cents)).toBe(words);
  });

  it('writes a day on the date axis as month and day', () => {
    expect(axisDate(new Date(2026, 11, 7, 12).getTime())).toBe('Dec 7');
  });

  it('says where the period started, ended, and its lowest and highest balance', () => {
    expect(
      chartSummary([
        { at: 1, balanceCents: 300 },
        { at: 2, balanceCents: 100 },
        { at: 3, balanceCents: 900 },
      ]),
    ).toEqual({
      first: { at: 1, balanceCents: 300 },
      last: { at: 3, balanceCents: 900 },
      lowest: 100,
      highest: 900,
    });
  });
});
