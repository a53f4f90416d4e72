import { describe, expect, it } from 'vitest';
import { EVENT_EXPLANATIONS } from '@anybank/contracts';
import { AUDIT_EVENT_TYPES } from '../audit/audit.rules';
import {
  REDACTED,
  entryOf,
  inspectorIdOf,
  isBrowserNavigation,
  redactDetails,
} from './inspector.rules';

describe('Behind the scenes: the panel’s entries', () => {
  it('has a title and a plain sentence for every audit event type', () => {
    for (const type of AUDIT_EVENT_TYPES) {
      const explained = EVENT_EXPLANATIONS[type];
      expect(explained, type).toBeDefined();
      expect(explained!.title.length, type).toBeGreaterThan(0);
      // Details of an unexpected shape still read as a sentence, never as "undefined".
      const sentence = explained!.explain({});
      expect(sentence, type).toMatch(/[.!?:)]$/);
      expect(sentence, type).not.toMatch(/undefined|null|\[object/);
    }
  });

  it.each([
    [
      { password: 'Welcome2Bank!', uid: 'jane.doe' },
      { password: REDACTED, uid: 'jane.doe' },
    ],
    [
      { nested: { otp: '123456', new_password: 'x' } },
      { nested: { otp: REDACTED, new_password: REDACTED } },
    ],
    [
      { code: '654321', codeChallengeMethod: 'S256' },
      { code: REDACTED, codeChallengeMethod: 'S256' },
    ],
    [
      { refresh_token: 'abc', client_secret: 'def' },
      { refresh_token: REDACTED, client_secret: REDACTED },
    ],
    [{ list: [{ signature: 'sig' }] }, { list: [{ signature: REDACTED }] }],
    [
      { jwt: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZw' },
      { jwt: `eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.${REDACTED}` },
    ],
  ])('removes secrets from %j', (details, shown) => {
    expect(redactDetails(details)).toEqual(shown);
  });

  it('names a panel by a hash of its cookie, and refuses anything that is not a panel cookie', () => {
    const token = 'A'.repeat(43);
    expect(inspectorIdOf(token)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(inspectorIdOf(token)).not.toContain(token.slice(0, 10));
    expect(inspectorIdOf(undefined)).toBeNull();
    expect(inspectorIdOf('short')).toBeNull();
    expect(inspectorIdOf(`${'A'.repeat(42)}!`)).toBeNull();
  });

  it('links a message to the outbox page showing it', () => {
    const entry = entryOf({
      id: 7,
      type: 'message.sent',
      createdAt: new Date('2026-11-27T10:00:00Z'),
      details: {
        channel: 'email',
        to: 'j******e@example.com',
        subject: 'Your AnyBank sign-in code',
        hasCode: true,
        messageId: 'm-1',
        outboxRecipient: 'jane.doe@example.com',
      },
    });
    expect(entry.outboxLink).toBe('/outbox?to=jane.doe%40example.com&message=m-1');
    expect(entry.explanation).toBe(
      'An e-mail went to j******e@example.com with a one-time code: Your AnyBank sign-in code.',
    );
  });

  it.each([
    [{ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, true],
    [{ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }, true],
    [{ 'sec-fetch-mode': 'cors', accept: 'application/json' }, false],
    [{ 'sec-fetch-mode': 'no-cors' }, false],
    [{ accept: 'text/html' }, false],
    [{}, false],
  ])('watches a browser from a page load only: %j → %s', (headers, watched) => {
    expect(isBrowserNavigation(headers)).toBe(watched);
  });
});
