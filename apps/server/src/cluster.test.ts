import { describe, expect, it } from 'vitest';
import { endIsFailure, type WorkerEnd } from './cluster';

describe('how the primary judges a worker’s end (WORKERS=N)', () => {
  const cases: [string, WorkerEnd, boolean][] = [
    [
      'a worker that drained and exited after the stop is fine',
      { stopping: true, code: 0, signal: null, listened: true },
      false,
    ],
    [
      'a worker the stop reached while it was still starting (killed by the signal) is fine',
      { stopping: true, code: null, signal: 'SIGTERM', listened: false },
      false,
    ],
    [
      'a worker whose drain failed after the stop is a failure',
      { stopping: true, code: 1, signal: null, listened: true },
      true,
    ],
    [
      'a listening worker killed by a signal during the stop is a failure (its drain never ran)',
      { stopping: true, code: null, signal: 'SIGKILL', listened: true },
      true,
    ],
    [
      'any end before a stop is a failure, even exit code 0',
      { stopping: false, code: 0, signal: null, listened: true },
      true,
    ],
    [
      'a worker killed before a stop is a failure',
      { stopping: false, code: null, signal: 'SIGKILL', listened: false },
      true,
    ],
  ];
  it.each(cases)('%s', (_, end, failure) => {
    expect(endIsFailure(end)).toBe(failure);
  });
});
