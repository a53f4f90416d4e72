import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments, docs and test names cite what a reader can open: the specification's section
 * ("document 1 §4.2", mapped in docs/spec-map.md), an ADR ("ADR 0018"), a page of docs/ or the
 * README. An issue number is none of these: the tracker is not part of the repository. Every
 * tracked text file is read, the ADRs included: an ADR states the problem it answers in its own
 * words, so it needs no issue number either.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** A reference to an issue by its number, in each form the first test below writes out. */
const ISSUE_REFERENCE = /\bissues? #?\d+/gi;

/** Files that are data, not prose: images, fonts, archives and the lock file. */
const NOT_PROSE =
  /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|otf|gz|zip|tgz|wasm|pdf)$|package-lock\.json$/;

/** The word the samples below are written with, so that this file holds no reference itself. */
const ISSUE = 'issue';

function issueReferencesIn(text: string): { line: number; text: string }[] {
  return text.split('\n').flatMap((line, index) => {
    ISSUE_REFERENCE.lastIndex = 0;
    return ISSUE_REFERENCE.test(line) ? [{ line: index + 1, text: line.trim() }] : [];
  });
}

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file !== '' && !NOT_PROSE.test(file))
    .filter((file) => existsSync(join(repoRoot, file)));
}

describe('references to issues by number', () => {
  it('finds the forms a comment may take, and passes what a reader can open', () => {
    const text = [
      `// ${ISSUE.toUpperCase()} 14 §3: browsers that stand in for the second factor.`,
      ` * the pay-by-bank shop (${ISSUE} 16 §2, ADR 0023)`,
      `# as asked in ${ISSUE} #7 and ${ISSUE}s 13`,
      '// A remembered browser (ADR 0018, document 1 §4.2, docs/security.md).',
      `const t${ISSUE} = 't${ISSUE} 5 is not one'; // an ${ISSUE} tracker, ${ISSUE}-free`,
    ].join('\n');

    expect(issueReferencesIn(text).map((found) => found.line)).toEqual([1, 2, 3]);
  });

  it('appear in no tracked file: comments cite the spec, an ADR or docs/ instead', () => {
    const found = trackedTextFiles().flatMap((file) => {
      const text = readFileSync(join(repoRoot, file), 'utf8');
      if (text.includes('\0')) return [];
      return issueReferencesIn(text).map((hit) => `${file}:${hit.line}: ${hit.text}`);
    });

    expect(found).toEqual([]);
  });
});
