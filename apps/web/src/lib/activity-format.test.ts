import { describe, expect, it } from 'vitest';
import { formatMonth, monthPeriod } from './activity-format';

describe('a statement month in words', () => {
  it.each([
    ['2025-05', 'May 2025', ['May 1, 2025', 'May 31, 2025']],
    ['2024-02', 'February 2024', ['Feb 1, 2024', 'Feb 29, 2024']],
    ['2025-02', 'February 2025', ['Feb 1, 2025', 'Feb 28, 2025']],
    ['2025-12', 'December 2025', ['Dec 1, 2025', 'Dec 31, 2025']],
  ])('writes %s as "%s", from its first day to its last', (month, name, period) => {
    expect(formatMonth(month)).toBe(name);
    expect(monthPeriod(month)).toEqual(period);
  });
});
