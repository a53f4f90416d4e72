import { describe, expect, it } from 'vitest';
import type { PushRequest } from '@anybank/contracts';
import { newArrivals } from './arrival-alert';

const request = (id: string): PushRequest => ({
  id,
  kind: 'signin',
  context: { title: 'Sign in to AnyBank?', details: {} },
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-26T10:02:00.000Z',
});

describe('a request arriving on the phone', () => {
  it('is one the last listing did not have', () => {
    expect(newArrivals(new Set(['a']), [request('a'), request('b')]).map(({ id }) => id)).toEqual([
      'b',
    ]);
    expect(newArrivals(new Set(['a', 'b']), [request('b')])).toEqual([]);
  });

  it('is none at the first listing: what waited before the app opened does not ring', () => {
    expect(newArrivals(null, [request('a')])).toEqual([]);
  });
});
