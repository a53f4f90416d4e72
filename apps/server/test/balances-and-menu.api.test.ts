import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BALANCES_API_PATH,
  MENU_OPTIONS_API_PATH,
  balancesResponseSchema,
  menuOptionsResponseSchema,
} from '@anybank/contracts';
import { users } from '../src/db/schema';
import { bankingApiOn } from './banking-api-fixtures';
import { DATABASE_KINDS } from './test-database';

describe.each(DATABASE_KINDS)('balances and the menu over the banking API on %s', (kind) => {
  const world = bankingApiOn(kind);

  it('answers the caller’s own balances in account order, in Open Banking’s shape', async () => {
    const response = await world.jane.call(BALANCES_API_PATH);
    expect(response.status).toBe(200);
    const body = balancesResponseSchema.parse(await response.json());
    expect(
      body.Data.Balance.map(({ AccountId, Amount, CreditDebitIndicator, Type }) => ({
        AccountId,
        Amount,
        CreditDebitIndicator,
        Type,
      })),
    ).toEqual([
      {
        AccountId: world.jane.checking,
        Amount: { Amount: '24500.00', Currency: 'USD' },
        CreditDebitIndicator: 'Credit',
        Type: 'InterimAvailable',
      },
      {
        AccountId: world.jane.savings,
        Amount: { Amount: '18750.32', Currency: 'USD' },
        CreditDebitIndicator: 'Credit',
        Type: 'InterimAvailable',
      },
      {
        AccountId: world.jane.visa,
        Amount: { Amount: '1245.67', Currency: 'USD' },
        CreditDebitIndicator: 'Debit',
        Type: 'InterimAvailable',
      },
    ]);
    expect(Number.isNaN(Date.parse(body.Data.Balance[0]!.DateTime))).toBe(false);
  });

  it('never answers another customer’s balances, whatever the query asks for', async () => {
    const response = await world.emily.call(
      `${BALANCES_API_PATH}?subject=world.jane.doe&AccountId=${world.jane.checking}&accts=${world.jane.savings}`,
    );
    expect(response.status).toBe(200);
    const ids = balancesResponseSchema
      .parse(await response.json())
      .Data.Balance.map((balance) => balance.AccountId);
    expect(ids).toEqual([world.emily.checking, world.emily.savings, world.emily.visa]);
  });

  it('offers the menu, with two entries more for a premier customer', async () => {
    const personal = menuOptionsResponseSchema.parse(
      await (await world.jane.call(MENU_OPTIONS_API_PATH)).json(),
    );
    expect(Object.values(personal).filter((entry) => entry.title)).toHaveLength(2);
    expect(Object.values(personal).some((entry) => !entry.title)).toBe(true);

    await world.db.update(users).set({ accountTier: 'premier' }).where(eq(users.id, world.jane.id));
    try {
      const premier = menuOptionsResponseSchema.parse(
        await (await world.jane.call(MENU_OPTIONS_API_PATH)).json(),
      );
      expect(Object.values(premier).map((entry) => entry.title)).toEqual(
        expect.arrayContaining(['Premier Rewards', 'Wealth Planning']),
      );
      expect(Object.values(premier).filter((entry) => entry.title)).toHaveLength(4);
    } finally {
      await world.db
        .update(users)
        .set({ accountTier: 'personal' })
        .where(eq(users.id, world.jane.id));
    }
  });
});
