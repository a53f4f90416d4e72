import { describe, expect, it } from 'vitest';
import { fingerprintOf, partsToBuild } from './what-changed.mjs';

const files = [
  { path: 'apps/server/src/main.ts', contentHash: 'a1' },
  { path: 'apps/server/src/app.ts', contentHash: 'b2' },
];

describe('what changed since the last build', () => {
  it('gives the same fingerprint for the same files, whatever order they were found in', () => {
    expect(fingerprintOf([...files].reverse())).toBe(fingerprintOf(files));
  });

  it('gives another fingerprint when a file changes, is added, removed or renamed', () => {
    const before = fingerprintOf(files);
    const [main, app] = files as [(typeof files)[0], (typeof files)[0]];
    expect(fingerprintOf([{ ...main, contentHash: 'a2' }, app])).not.toBe(before);
    expect(
      fingerprintOf([...files, { path: 'apps/server/src/new.ts', contentHash: 'c3' }]),
    ).not.toBe(before);
    expect(fingerprintOf([main])).not.toBe(before);
    expect(fingerprintOf([{ ...main, path: 'apps/server/src/start.ts' }, app])).not.toBe(before);
  });

  it('does not mistake one file for another by where the path ends and the hash starts', () => {
    expect(fingerprintOf([{ path: 'a', contentHash: 'bc' }])).not.toBe(
      fingerprintOf([{ path: 'ab', contentHash: 'c' }]),
    );
  });

  it('builds only the parts whose inputs changed or whose output is missing', () => {
    expect(
      partsToBuild({
        server: { fingerprint: 'f1', recorded: 'f1', outputPresent: true },
        web: { fingerprint: 'f2', recorded: 'f0', outputPresent: true },
      }),
    ).toEqual(['web']);
    expect(
      partsToBuild({
        server: { fingerprint: 'f1', recorded: 'f1', outputPresent: false },
        web: { fingerprint: 'f2', recorded: 'f2', outputPresent: true },
      }),
    ).toEqual(['server']);
  });

  it('builds a part never built here, and nothing when nothing changed', () => {
    expect(
      partsToBuild({ server: { fingerprint: 'f1', recorded: null, outputPresent: true } }),
    ).toEqual(['server']);
    expect(
      partsToBuild({
        server: { fingerprint: 'f1', recorded: 'f1', outputPresent: true },
        web: { fingerprint: 'f2', recorded: 'f2', outputPresent: true },
      }),
    ).toEqual([]);
  });
});
