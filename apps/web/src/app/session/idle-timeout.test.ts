import { describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_LIMIT_MS, IDLE_TIMEOUT_MS } from '@anybank/contracts';
import { validIdleTimeout } from './idle-timeout';

describe('idle timeout', () => {
  it('accepts the 30-minute timeout and anything below the 32-bit limit', () => {
    expect(validIdleTimeout(IDLE_TIMEOUT_MS)).toBe(1_800_000);
    expect(validIdleTimeout(IDLE_TIMEOUT_LIMIT_MS - 1)).toBe(2147483646);
    expect(validIdleTimeout(1)).toBe(1);
  });

  it.each([IDLE_TIMEOUT_LIMIT_MS, 2147483648, Number.POSITIVE_INFINITY, 0, -1, Number.NaN])(
    'rejects %s',
    (ms) => {
      expect(() => validIdleTimeout(ms)).toThrow(RangeError);
    },
  );
});
