import { describe, expect, it } from 'vitest';
import type { PushRequest } from '@anybank/contracts';
import { HISTORY_LIMIT, decisionOn, parseHistory, withDecision } from './decision-history';

const request: PushRequest = {
  id: 'r1',
  kind: 'transfer',
  context: {
    title: 'Approve a transfer?',
    details: {
      Time: '2026-11-26T10:00:00.000Z',
      'To account': '…4321',
      Amount: '$1,500.00',
      'From account': '…1234',
    },
  },
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-26T10:02:00.000Z',
};

describe("the phone's record of its decisions", () => {
  it('keeps what was approved, in the phone’s order, and when it was answered', () => {
    const entry = decisionOn(request, 'approve', new Date('2026-11-26T10:00:30.000Z'));
    expect(entry).toEqual({
      requestId: 'r1',
      kind: 'transfer',
      title: 'Approve a transfer?',
      details: [
        ['Amount', '$1,500.00'],
        ['From account', '…1234'],
        ['To account', '…4321'],
      ],
      decision: 'approve',
      decidedAt: '2026-11-26T10:00:30.000Z',
    });
  });

  it('puts the newest first, once per request, and keeps the newest 20', () => {
    const at = new Date('2026-11-26T10:00:30.000Z');
    let history = withDecision([], decisionOn(request, 'approve', at));
    for (let index = 0; index < HISTORY_LIMIT + 5; index += 1) {
      history = withDecision(history, decisionOn({ ...request, id: `n${index}` }, 'deny', at));
    }
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]?.requestId).toBe(`n${HISTORY_LIMIT + 4}`);
    expect(history.some((entry) => entry.requestId === 'r1')).toBe(false);

    const again = withDecision(history, decisionOn({ ...request, id: 'n24' }, 'approve', at));
    expect(again.filter((entry) => entry.requestId === 'n24')).toHaveLength(1);
    expect(again[0]?.decision).toBe('approve');
  });

  it('reads back what it stored, and nothing of a damaged or foreign item', () => {
    const stored = [decisionOn(request, 'deny', new Date('2026-11-26T10:00:30.000Z'))];
    expect(parseHistory(JSON.stringify(stored))).toEqual(stored);
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory('{not json')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory(JSON.stringify([{ ...stored[0], decision: 'maybe' }, stored[0]]))).toEqual(
      stored,
    );
  });
});
