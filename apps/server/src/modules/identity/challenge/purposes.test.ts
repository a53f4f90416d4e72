import { describe, expect, it } from 'vitest';
import type { MethodTraits } from './challenge-method';
import { PURPOSES, PURPOSE_NAMES, purposeNamed } from './purposes';

const traits = (over: Partial<MethodTraits>): MethodTraits => ({
  confirmsTransaction: false,
  proves: 'possession',
  answer: 'code',
  sendsCode: false,
  ...over,
});
const sentCode = traits({ confirmsTransaction: true, sendsCode: true });
const phone = traits({ confirmsTransaction: true, answer: 'approval' });
const authenticatorApp = traits({});
const passkey = traits({ proves: 'inherence', answer: 'assertion' });
const recoveryCode = traits({ proves: 'knowledge', answer: 'secret' });

describe('the purposes of a challenge', () => {
  it('lists every purpose once, each under its own name', () => {
    expect(Object.keys(PURPOSES).sort()).toEqual([...PURPOSE_NAMES].sort());
    for (const name of PURPOSE_NAMES) expect(purposeNamed(name)?.name).toBe(name);
    expect(purposeNamed('withdraw-everything')).toBeNull();
  });

  it.each([
    ['sign-in', [sentCode, phone, authenticatorApp, passkey], [recoveryCode]],
    ['step-up', [sentCode, phone, authenticatorApp, passkey], [recoveryCode]],
    ['transfer-approval', [sentCode, phone], [authenticatorApp, passkey, recoveryCode]],
    ['payment-approval', [sentCode, phone], [authenticatorApp, passkey, recoveryCode]],
    ['contact-change', [sentCode], [phone, authenticatorApp, passkey, recoveryCode]],
  ] as const)('%s accepts methods by their traits', (name, accepted, refused) => {
    const purpose = PURPOSES[name];
    for (const method of accepted) expect(purpose.accepts(method)).toBe(true);
    for (const method of refused) expect(purpose.accepts(method)).toBe(false);
  });

  it('asks the phone before a code where money leaves', () => {
    expect(PURPOSES['transfer-approval'].prefer).toEqual(['approval', 'code']);
    expect(PURPOSES['payment-approval'].push?.via).toBe('ciba');
    expect(PURPOSES['sign-in'].push?.via).toBe('push');
  });

  it('issues codes under the purposes the code service has always named', () => {
    expect(PURPOSE_NAMES.map((name) => PURPOSES[name].codePurpose)).toEqual([
      'signin',
      'signin',
      'transfer',
      'payment',
      'helpdesk',
      'contact-change',
      'password-recovery',
      'identity-verification',
      'phone-activation',
      'pairing',
    ]);
  });

  it('binds the amount and both accounts into a transfer approval (dynamic linking)', () => {
    const context = { amountCents: 150_000, fromAccountId: 'a-0001', toAccountId: 'b-9876' };
    const linking = PURPOSES['transfer-approval'].linking(context);
    expect(linking).toEqual({
      text: '$1,500.00 from account ending 0001 to account ending 9876',
      lines: { Amount: '$1,500.00', 'From account': 'ending 0001', 'To account': 'ending 9876' },
    });
    const { body } = PURPOSES['transfer-approval'].codeMessage(context, '424242');
    expect(body).toContain('$1,500.00');
    expect(body).toContain('ending 9876');
    expect(body).toContain('424242');
  });

  it('binds the amount, the payee and its reference into a payment approval', () => {
    const context = {
      amountCents: 4_999,
      fromAccountId: 'a-0001',
      payeeAccountId: 'm-5555',
      payeeName: 'Retail Shop',
      paymentReference: 'ORDER-17',
    };
    const linking = PURPOSES['payment-approval'].linking(context);
    expect(linking?.text).toBe(
      '$49.99 from account ending 0001 to Retail Shop, reference ORDER-17',
    );
    expect(linking?.lines).toMatchObject({ 'To account': 'ending 5555', Payee: 'Retail Shop' });
    const { body } = PURPOSES['payment-approval'].codeMessage(context, '424242');
    expect(body).toContain('Retail Shop');
    expect(body).toContain('ORDER-17');
  });

  it('says on the phone who is signing in, and which agent is on the call', () => {
    const now = new Date('2026-12-07T10:00:00.000Z');
    expect(
      PURPOSES['sign-in'].push?.details?.({ browser: 'Firefox on Mac', ip: '198.51.100.1' }, now),
    ).toEqual({
      From: 'Firefox on Mac',
      'IP address': '198.51.100.1',
      Time: now.toISOString(),
    });
    expect(PURPOSES['sign-in'].linking({ browser: 'x', ip: null })).toBeNull();
    expect(PURPOSES['step-up'].push?.title).not.toBe(PURPOSES['sign-in'].push?.title);
    expect(
      PURPOSES['help-desk-verification'].linking({ agentName: 'Ann Agent', agentFirstName: 'Ann' }),
    ).toEqual({ text: 'a call with Ann Agent', lines: { Agent: 'Ann Agent' } });
  });
});
