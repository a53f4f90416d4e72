import { DEMO_PASSWORD } from '@anybank/contracts';
import { SignInDriver } from '../../apps/server/test/sign-in-driver';
import type { BenchCustomer } from './bench-customers';

/** A customer's access token from a real sign-in: password, e-mailed code, code for token. */
export async function accessTokenOf(origin: string, customer: BenchCustomer): Promise<string> {
  const driver = new SignInDriver(origin);
  const landing = await driver.signInWithPasswordAndEmail(
    customer.uid,
    customer.email,
    DEMO_PASSWORD,
  );
  const response = await driver.token(landing.searchParams.get('code') ?? '');
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token)
    throw new Error(`no access token for ${customer.uid}: ${response.status}`);
  return body.access_token;
}

/** Tokens for every customer, a few sign-ins at a time. */
export async function accessTokensOf(
  origin: string,
  customers: BenchCustomer[],
): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < customers.length; start += 8) {
    const batch = customers.slice(start, start + 8);
    tokens.push(...(await Promise.all(batch.map((customer) => accessTokenOf(origin, customer)))));
  }
  return tokens;
}
