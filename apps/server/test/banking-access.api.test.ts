import { describe, expect, it } from 'vitest';
import { BALANCES_API_PATH, MENU_OPTIONS_API_PATH, TRANSFERS_API_PATH } from '@anybank/contracts';
import { apiClient } from './banking-server';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import { bankingApiOn } from './banking-api-fixtures';
import { DATABASE_KINDS } from './test-database';

describe.each(DATABASE_KINDS)('who may call the banking API on %s', (kind) => {
  const world = bankingApiOn(kind);

  it.each([BALANCES_API_PATH, MENU_OPTIONS_API_PATH])(
    'refuses %s without a token',
    async (path) => {
      expect((await fetch(new URL(path, world.origin))).status).toBe(401);
    },
  );

  it('refuses a transfer without a token', async () => {
    const response = await fetch(new URL(TRANSFERS_API_PATH, world.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { type: 'transfers', attributes: {} } }),
    });
    expect(response.status).toBe(401);
  });

  it('tells browsers and proxies to keep no copy of any banking answer (ASVS 8.1.1, 8.2.1)', async () => {
    const answers = [
      await world.jane.call(BALANCES_API_PATH),
      await world.jane.call(MENU_OPTIONS_API_PATH),
      await world.transfer(world.jane, world.janeToSavings('0')),
      await fetch(new URL(BALANCES_API_PATH, world.origin)),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 401]);
    expect(answers.map((answer) => answer.headers.get('cache-control'))).toEqual([
      'no-store',
      'no-store',
      'no-store',
      'no-store',
    ]);
  });

  it('refuses a signed-out customer’s token at once, for balances and transfers, moving nothing', async () => {
    const driver = new SignInDriver(world.origin);
    const landing = await driver.signInWithPasswordAndEmail(
      'michael.brown',
      'michael.brown@example.com',
    );
    const { access_token: token } = (await (
      await driver.token(landing.searchParams.get('code') ?? '')
    ).json()) as { access_token: string };
    const michael = await world.customer('michael.brown');
    const call = apiClient(world.origin, token);
    const move = (body: unknown) => call(TRANSFERS_API_PATH, { method: 'POST', body });
    const toSavings = {
      data: {
        type: 'transfers',
        attributes: {
          from_account_id: michael.checking,
          to_account_id: michael.savings,
          amount: '1.00',
          risk_data: PERSON_RISK_PAYLOAD,
        },
      },
    };
    // Used once while signed in: the server has verified (and may remember) its signature.
    expect((await call(BALANCES_API_PATH)).status).toBe(200);
    expect((await move(toSavings)).status).toBe(204);
    const before = await world.balancesOf(michael.checking, michael.savings);
    // His seeded history's transfers, and the one just made.
    const transfersBefore = await world.transfersOf(michael.id);

    expect(await driver.signOut(`${world.origin}/`)).toBe(`${world.origin}/`);
    const answers = [
      await call(BALANCES_API_PATH),
      await move(toSavings),
      // Even a request that is wrong in itself hears first that the session has ended.
      await move({ data: { type: 'payments' } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    for (const answer of answers) {
      expect(await answer.json()).toMatchObject({
        message: 'Your session has ended. Please sign in again.',
      });
    }
    expect(await world.balancesOf(michael.checking, michael.savings)).toEqual(before);
    expect(await world.transfersOf(michael.id)).toEqual(transfersBefore);
    // The other sign-in of the same customer is another grant: it still works.
    expect((await michael.call(BALANCES_API_PATH)).status).toBe(200);
  });
});
