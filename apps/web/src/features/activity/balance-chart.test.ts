import { describe, expect, it } from 'vitest';
import { chartPath, chartSummary } from './balance-chart';

const BOX = { width: 100, height: 50, pad: 5 };

describe('the balance chart', () => {
  it('draws the oldest balance on the left and the highest at the top', () => {
    expect(
      chartPath(
        [
          { at: 0, balanceCents: 0 },
          { at: 10, balanceCents: 1000 },
          { at: 20, balanceCents: 500 },
        ],
        BOX,
      ),
    ).toBe('M5.0,45.0 L50.0,5.0 L95.0,25.0');
  });

  it('draws nothing without entries and a flat line for one balance', () => {
    expect(chartPath([], BOX)).toBe('');
    expect(chartPath([{ at: 5, balanceCents: 700 }], BOX)).toBe('M5.0,5.0');
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
