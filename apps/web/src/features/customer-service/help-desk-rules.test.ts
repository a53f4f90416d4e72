import { describe, expect, it } from 'vitest';
import { messages, type HelpDeskSession } from '@anybank/contracts';
import {
  deviceLabel,
  errorText,
  isUnderWay,
  isWaitingForCustomer,
  outcomeOf,
  signInSummary,
  statusText,
  stepOf,
} from './help-desk-rules';

const waitingForPhone: HelpDeskSession = {
  sessionId: '7d1f1f8e-8a43-4c55-9d55-0d1f8a1c2b3d',
  status: 'verification_sent',
  method: 'push',
  customer: { username: 'john.smith', firstName: 'John', lastName: 'Smith' },
  verificationExpiresAt: '2026-03-02T10:02:00.000Z',
  verifiedUntil: null,
  failure: null,
  action: null,
  account: null,
};

const verified: HelpDeskSession = {
  ...waitingForPhone,
  status: 'verified',
  verificationExpiresAt: null,
  verifiedUntil: '2026-03-02T10:10:00.000Z',
  account: {
    passwordLockedUntil: '2026-03-02T10:01:00.000Z',
    failedSignIns: 5,
    signInLocked: true,
    devices: [{ id: 'd1', name: 'iPhone', type: 'iPhone', kind: 'phone app' }],
  },
};

describe("the help desk's answers, as the rep's dialog reads them", () => {
  it('takes a session the bank answered, and nothing that is not one', () => {
    expect(outcomeOf({ kind: 'ok', body: { additionalProperties: waitingForPhone } })).toEqual({
      kind: 'session',
      session: waitingForPhone,
    });
    expect(
      outcomeOf({ kind: 'ok', body: { additionalProperties: { status: 'verified' } } }),
    ).toEqual({ kind: 'error', reason: null, field: null });
  });

  it("keeps the bank's reason for a refusal, and the field it is about", () => {
    const message = messages.helpDesk.codeRejected(4);
    expect(
      outcomeOf({
        kind: 'refused',
        status: 400,
        message,
        details: [{ field: 'code', message }],
      }),
    ).toEqual({ kind: 'error', reason: message, field: 'code' });
    expect(
      outcomeOf({
        kind: 'refused',
        status: 404,
        message: messages.helpDesk.noSuchCustomer,
        details: [],
      }),
    ).toEqual({ kind: 'error', reason: messages.helpDesk.noSuchCustomer, field: null });
    expect(outcomeOf({ kind: 'failed', reason: 'HTTP 500' })).toEqual({
      kind: 'error',
      reason: null,
      field: null,
    });
  });

  it("shows the spec's help desk error, followed by the reason when there is one", () => {
    expect(errorText(null)).toBe('An error occurred during help desk flow, please try again.');
    expect(errorText(messages.helpDesk.noSuchCustomer)).toBe(
      `An error occurred during help desk flow, please try again. ${messages.helpDesk.noSuchCustomer}`,
    );
  });
});

describe('where the dialog is', () => {
  it('follows the session from the lookup to the end', () => {
    expect(stepOf(null)).toBe('lookup');
    expect(stepOf(waitingForPhone)).toBe('verifying');
    expect(stepOf(verified)).toBe('verified');
    expect(stepOf({ ...verified, status: 'action_done' })).toBe('done');
    expect(stepOf({ ...waitingForPhone, status: 'failed', failure: 'push_denied' })).toBe('failed');
  });

  it('asks again only while the customer has not answered, and cancels only what is under way', () => {
    expect(isWaitingForCustomer(waitingForPhone)).toBe(true);
    expect(isWaitingForCustomer(verified)).toBe(false);
    expect(isWaitingForCustomer(null)).toBe(false);
    expect(isUnderWay(verified)).toBe(true);
    expect(isUnderWay({ ...verified, status: 'action_done' })).toBe(false);
    expect(isUnderWay(null)).toBe(false);
  });

  it('tells the rep what happened, by the customer’s name', () => {
    expect(statusText(waitingForPhone)).toBe(messages.helpDesk.pushSent('John'));
    expect(statusText({ ...waitingForPhone, method: 'email' })).toBe(
      messages.helpDesk.emailSent('John'),
    );
    expect(statusText(verified)).toBe('John Smith is verified.');
    expect(
      statusText({
        ...verified,
        status: 'action_done',
        action: { type: 'unlock', deviceName: null },
      }),
    ).toBe("John's sign-in is unlocked.");
    expect(
      statusText({
        ...verified,
        status: 'action_done',
        action: { type: 'remove_device', deviceName: 'iPhone' },
      }),
    ).toBe("iPhone was removed from John's sign-in methods.");
    expect(statusText({ ...waitingForPhone, status: 'failed', failure: 'push_denied' })).toBe(
      messages.helpDesk.failures.push_denied,
    );
  });

  it('says why a sign-in is locked, and names devices by what they are', () => {
    expect(signInSummary(verified.account!, () => '10:01')).toEqual({
      locked: true,
      reasons: ['Wrong passwords locked the password until 10:01.', '5 recent failed sign-ins.'],
    });
    expect(
      signInSummary(
        { passwordLockedUntil: null, failedSignIns: 0, signInLocked: false, devices: [] },
        () => '',
      ),
    ).toEqual({ locked: false, reasons: [] });
    expect(deviceLabel({ name: 'iPhone', kind: 'phone app' })).toBe('iPhone (phone app)');
    expect(deviceLabel({ name: 'Work key', kind: 'security key' })).toBe('Work key (security key)');
  });
});
