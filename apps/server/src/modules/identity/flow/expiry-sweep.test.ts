import { describe, expect, it } from 'vitest';
import { occasionalSweep } from './expiry-sweep';

describe('the occasional sweep of expired rows', () => {
  it('sweeps on the first call, then at most once per period', async () => {
    const clock = { now: 1_000 };
    let sweeps = 0;
    const sweep = occasionalSweep(
      async () => {
        sweeps += 1;
      },
      60_000,
      () => clock.now,
    );
    await sweep();
    await sweep();
    clock.now += 59_999;
    await sweep();
    expect(sweeps).toBe(1);
    clock.now += 1;
    await sweep();
    await sweep();
    expect(sweeps).toBe(2);
  });

  it('lets a failed sweep fail its caller, as the statement would', async () => {
    const sweep = occasionalSweep(async () => {
      throw new Error('database gone');
    });
    await expect(sweep()).rejects.toThrow('database gone');
  });
});
