import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, TRANSFERS_API_PATH, messages } from '@anybank/contracts';
import { bankingApiOn } from './banking-api-fixtures';
import { DATABASE_KINDS } from './test-database';

describe.each(DATABASE_KINDS)('a transfer’s checks over the banking API on %s', (kind) => {
  const world = bankingApiOn(kind);

  describe('checks a transfer in the order of document 2 §5', () => {
    // Each row breaks its check and every later one: the earliest one answers.
    const rows: [string, () => Record<string, unknown>, number, string][] = [
      ['no accounts at all', () => ({ amount: 'x' }), 400, messages.transfer.selectAccounts],
      [
        'no destination',
        () => ({ from_account_id: world.jane.checking, to_account_id: '', amount: '-1' }),
        400,
        messages.transfer.selectAccounts,
      ],
      [
        'the same account twice',
        () => ({
          from_account_id: world.jane.savings,
          to_account_id: world.jane.savings,
          amount: '0',
        }),
        400,
        messages.transfer.differentAccounts,
      ],
      [
        'a zero amount, another customer’s account',
        () => ({
          from_account_id: world.emily.checking,
          to_account_id: world.jane.savings,
          amount: '0.00',
        }),
        400,
        messages.transfer.invalidAmount,
      ],
      [
        'three decimals',
        () => ({ ...world.janeToSavings('10.001', null) }),
        400,
        messages.transfer.invalidAmount,
      ],
      [
        'more than the checking balance',
        () => ({ ...world.janeToSavings('24,500.01', null) }),
        400,
        messages.transfer.insufficientFunds('Checking', '24,500.00'),
      ],
      [
        'more than the savings balance',
        () => ({
          from_account_id: world.jane.savings,
          to_account_id: world.jane.checking,
          amount: '18750.33',
        }),
        400,
        messages.transfer.insufficientFunds('Savings', '18,750.32'),
      ],
      [
        'no risk data',
        () => ({ ...world.janeToSavings('24,500.00', undefined), risk_data: undefined }),
        400,
        messages.transfer.riskProfileUnavailable,
      ],
      [
        'risk data that is not a profile',
        () => ({ ...world.janeToSavings('1.00', 'unavailable') }),
        400,
        messages.transfer.riskProfileUnavailable,
      ],
    ];

    it.each(rows)('%s → %i %s', async (_case, attributes, status, message) => {
      const before = await world.balancesOf(world.jane.checking, world.jane.savings);
      const response = await world.transfer(world.jane, attributes());
      expect(response.status).toBe(status);
      // Each row's own code (transfer_invalid, invalid_input, …), and its message word for word.
      expect(await response.json()).toEqual({ code: expect.any(String), message });
      expect(await world.balancesOf(world.jane.checking, world.jane.savings)).toEqual(before);
    });
  });

  it('answers 404 for another customer’s account on either side, as for none, moving nothing', async () => {
    const before = await world.balancesOf(
      world.jane.checking,
      world.jane.savings,
      world.emily.checking,
      world.emily.savings,
    );
    const answers = await Promise.all(
      [
        { ...world.janeToSavings('1.00'), to_account_id: world.emily.checking },
        { ...world.janeToSavings('1.00'), from_account_id: world.emily.savings },
        { ...world.janeToSavings('1.00'), to_account_id: '9999999999' },
        { ...world.janeToSavings('1.00'), to_account_id: world.jane.visa },
      ].map(async (attributes) => {
        const response = await world.transfer(world.jane, attributes);
        return { status: response.status, body: await response.json() };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 404,
        body: { code: 'transfer_not_found', message: messages.transfer.unexpected },
      });
    }
    expect(
      await world.balancesOf(
        world.jane.checking,
        world.jane.savings,
        world.emily.checking,
        world.emily.savings,
      ),
    ).toEqual(before);
  });

  it('refuses an Idempotency-Key longer than 128 characters', async () => {
    const response = await world.transfer(world.jane, world.janeToSavings('1.00'), {
      [IDEMPOTENCY_KEY_HEADER]: 'k'.repeat(129),
    });
    expect(response.status).toBe(400);
  });

  it('refuses a body that is not a transfer', async () => {
    const response = await world.jane.call(TRANSFERS_API_PATH, {
      method: 'POST',
      body: { data: { type: 'payments', attributes: world.janeToSavings('1.00') } },
    });
    expect(response.status).toBe(400);
  });
});
