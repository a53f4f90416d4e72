import {
  BALANCES_API_PATH,
  IDEMPOTENCY_KEY_HEADER,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  balancesResponseSchema,
} from '@anybank/contracts';
import { apiClient } from './banking-server';
import { PERSON_RISK_PAYLOAD } from './sign-in-driver';

/** One transfer request and what came back: a status, or nothing (`lost`: the connection broke). */
export interface SentTransfer {
  key: string;
  from: string;
  to: string;
  amount: string;
  status: number | 'lost';
  number: number | null;
}

/** The customer's checking and savings account ids, as the balances API lists them. */
export async function depositAccounts(origin: string, token: string): Promise<[string, string]> {
  const response = await apiClient(origin, token)(BALANCES_API_PATH);
  const body = balancesResponseSchema.parse(await response.json());
  const [checking, savings] = body.Data.Balance.map((balance) => balance.AccountId);
  if (!checking || !savings) throw new Error('the customer has no checking and savings account');
  return [checking, savings];
}

/** Sends one transfer with an Idempotency-Key; a broken connection is recorded, not thrown. */
export async function sendTransfer(
  origin: string,
  token: string,
  transfer: Omit<SentTransfer, 'status' | 'number'>,
): Promise<SentTransfer> {
  const call = apiClient(origin, token);
  try {
    const response = await call(TRANSFERS_API_PATH, {
      method: 'POST',
      headers: { [IDEMPOTENCY_KEY_HEADER]: transfer.key },
      body: {
        data: {
          type: 'transfers',
          attributes: {
            from_account_id: transfer.from,
            to_account_id: transfer.to,
            amount: transfer.amount,
            risk_data: PERSON_RISK_PAYLOAD,
          },
        },
      },
    });
    await response.arrayBuffer();
    const number = response.headers.get(TRANSFER_NUMBER_HEADER);
    return {
      ...transfer,
      status: response.status,
      number: number === null ? null : Number(number),
    };
  } catch {
    return { ...transfer, status: 'lost', number: null };
  }
}
