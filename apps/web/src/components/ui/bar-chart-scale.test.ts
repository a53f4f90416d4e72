import { describe, expect, it } from 'vitest';
import { barWidthPercent } from './bar-chart-scale';

describe('a bar chart bar’s length', () => {
  it.each([
    [50, 100, 50],
    [100, 100, 100],
    [1, 3, 33.3],
    [0.01, 1000, 1],
    [0, 100, 0],
    [-5, 100, 0],
    [5, 0, 0],
    [Number.NaN, 100, 0],
  ])('is %d of %d → %d%%', (value, largest, percent) => {
    expect(barWidthPercent(value, largest)).toBe(percent);
  });
});
