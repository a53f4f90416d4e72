import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/test-database';
import { accounts } from '../../db/schema';
import { bankingServiceOn, GRANTS, grantCheck, liveGrant } from './banking-service.fixtures';

describe.each(DATABASE_KINDS)('balances through the banking service on %s', (kind) => {
  const world = bankingServiceOn(kind);

  it('answers balances only once the same read found the grant live', async () => {
    const customer = await world.newCustomer();
    const ended = grantCheck(GRANTS.signedOut);
    await expect(
      world.banking.balances(customer.userId, 'https://bank.test/balances', ended.check),
    ).rejects.toThrow('signed out');
    const live = grantCheck(GRANTS.live);
    await world.banking.balances(customer.userId, 'https://bank.test/balances', live.check);
    expect([ended.confirmed, live.confirmed]).toEqual([[false], [true]]);
  });

  it('answers balances of the caller’s own accounts only, in position order', async () => {
    const customer = await world.newCustomer({ checking: 123_456, savings: 7 });
    await world.newCustomer();
    const { Data } = await world.banking.balances(
      customer.userId,
      'https://bank.test/balances',
      liveGrant,
    );
    expect(Data.Balance.map((balance) => [balance.AccountId, balance.Amount.Amount])).toEqual([
      [customer.checking, '1234.56'],
      [customer.savings, '0.07'],
      [expect.any(String), '100.00'],
    ]);
    const owned = await world.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        inArray(
          accounts.id,
          Data.Balance.map((balance) => balance.AccountId),
        ),
      );
    expect(owned).toHaveLength(3);
  });
});
