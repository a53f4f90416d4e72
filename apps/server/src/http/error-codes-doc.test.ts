import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, apiErrorMessages } from '@anybank/contracts';
import { ANY_ROUTE_CODES } from './declared-answers';
import { statusOfError } from './error-status';

/**
 * docs/api-errors.md lists every error code with its status and message between two markers,
 * made from apiErrorMessages and http/error-status.ts; this test fails when the two drift.
 * `UPDATE_API_ERRORS_DOC=1 npx vitest run apps/server/src/http/error-codes-doc.test.ts`
 * rewrites the list.
 */
const DOC = new URL('../../../../docs/api-errors.md', import.meta.url);
const START = '<!-- error codes: made from apiErrorMessages and error-status.ts -->';
const END = '<!-- end of error codes -->';

function messageOf(code: (typeof API_ERROR_CODES)[number]): string {
  const message = apiErrorMessages[code] as string | ((...args: string[]) => string);
  // A message made from the case shows its placeholders as "…".
  const text =
    typeof message === 'string' ? message : message(...Array<string>(message.length).fill('…'));
  return text.replaceAll('|', '\\|');
}

function codeTable(): string {
  const rows = [...API_ERROR_CODES]
    .sort((a, b) => statusOfError(a) - statusOfError(b) || a.localeCompare(b))
    .map(
      (code) =>
        `| \`${code}\` | ${statusOfError(code)} | ${ANY_ROUTE_CODES.has(code) ? 'yes' : ''} | ${messageOf(code)} |`,
    );
  return [
    '| code | status | any route | message |',
    '| ---- | ------ | --------- | ------- |',
    ...rows,
  ].join('\n');
}

/** A markdown table's cells, however a formatter pads them (prettier aligns the columns). */
function cellsOf(table: string): string[][] {
  return table
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^[\s|:-]+$/.test(line))
    .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()));
}

describe('docs/api-errors.md', () => {
  it('lists every error code with the status and message the server answers it with', () => {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `docs/api-errors.md has the marker ${START}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const listed = doc.slice(start + START.length, end).trim();
    if (process.env.UPDATE_API_ERRORS_DOC) {
      writeFileSync(
        DOC,
        `${doc.slice(0, start + START.length)}\n\n${codeTable()}\n\n${doc.slice(end)}`,
      );
      return;
    }
    expect(
      cellsOf(listed),
      'UPDATE_API_ERRORS_DOC=1 npx vitest run apps/server/src/http/error-codes-doc.test.ts updates it',
    ).toEqual(cellsOf(codeTable()));
  });
});
