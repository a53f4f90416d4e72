import { describe, expect, it } from 'vitest';
import { journalProblems, readJournal, unappliedMigrations } from './migrate';

const entries = [
  { idx: 0, when: 100, tag: '0000_a' },
  { idx: 1, when: 200, tag: '0001_b' },
];
const hashes = new Map([
  ['0000_a', 'hash-a'],
  ['0001_b', 'hash-b'],
]);

describe('migration history checks', () => {
  it('accepts an ordered journal whose applied files are unchanged', () => {
    expect(journalProblems(entries, [{ hash: 'hash-a', createdAt: 100 }], hashes)).toEqual([]);
  });

  it('refuses a migration that is not newer than the one before it (Drizzle would skip it)', () => {
    const disordered = [entries[0]!, { idx: 1, when: 50, tag: '0001_b' }];
    expect(journalProblems(disordered, [], hashes)).toEqual([
      'Migration 0001_b is not newer than 0000_a: it would be skipped.',
    ]);
  });

  it('refuses an applied migration whose file was edited afterwards', () => {
    expect(journalProblems(entries, [{ hash: 'old-hash', createdAt: 200 }], hashes)).toEqual([
      'Migration 0001_b was edited after it was applied: write a new migration.',
    ]);
  });

  it('finds no problem in the repository’s own migrations', async () => {
    expect(journalProblems(await readJournal(), [], hashes)).toEqual([]);
  });
});

describe('which migrations a database still lacks', () => {
  it.each([
    ['none applied', [], ['0000_a', '0001_b']],
    ['the first applied', [100], ['0001_b']],
    ['both applied', [100, 200], []],
    ['an applied one the journal no longer has', [100, 200, 300], []],
  ])('%s', (_case, appliedAt, pending) => {
    expect(unappliedMigrations(entries, appliedAt)).toEqual(pending);
  });
});
