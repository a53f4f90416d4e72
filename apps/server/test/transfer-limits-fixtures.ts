import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { TRANSFERS_API_PATH, outboxResponseSchema } from '@anybank/contracts';
import type { Database } from '../src/db/database';
import { accounts, users } from '../src/db/schema';
import type { TransferApprovals } from '../src/modules/banking/banking.service';
import type { apiClient } from './banking-server';
import { PERSON_RISK_PAYLOAD } from './sign-in-driver';

// What the transfer-limit tests share: a signed-in customer with their accounts, and a phone
// that approves every transfer it is asked about, recording each.

type Call = ReturnType<typeof apiClient>;

export interface Customer {
  uid: string;
  id: string;
  call: Call;
  checking: string;
  savings: string;
}

/** The phone app's approvals, answered by the test: every request is recorded and approved. */
export function approvingPhone() {
  const asked: number[] = [];
  const approvals: TransferApprovals = {
    async requestApproval(input) {
      asked.push(input.amountCents);
      return 'approved';
    },
  };
  return { approvals, asked };
}

/**
 * What the transfer-limit tests do with the server they started (read once it runs): read
 * balances, set a customer's thresholds, send a checking-to-savings transfer, read the code
 * the bank e-mailed.
 */
export function transferHelpers(world: () => { db: Database; origin: string }) {
  async function balancesOf(...ids: string[]): Promise<number[]> {
    const rows = await world().db.select().from(accounts);
    return ids.map((id) => {
      const row = rows.find((each) => each.id === id);
      if (!row) throw new Error(`no account ${id}`);
      return row.balanceCents;
    });
  }

  async function setThresholds(userId: string, ciba: number | null, deny: number | null) {
    await world()
      .db.update(users)
      .set({ cibaThreshold: ciba, denyThreshold: deny })
      .where(eq(users.id, userId));
  }

  function transfer(who: Customer, amount: string, headers: Record<string, string> = {}) {
    return who.call(TRANSFERS_API_PATH, {
      method: 'POST',
      headers,
      body: {
        data: {
          type: 'transfers',
          attributes: {
            from_account_id: who.checking,
            to_account_id: who.savings,
            amount,
            risk_data: PERSON_RISK_PAYLOAD,
          },
        },
      },
    });
  }

  /** The newest transfer code e-mailed to `address`, read from the outbox. */
  async function codeSentTo(address: string): Promise<string> {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(address)}&limit=1`, world().origin),
    );
    const [message] = outboxResponseSchema.parse(await response.json()).messages;
    expect(message?.subject).toBe('Your AnyBank transfer approval code');
    return message?.code ?? '';
  }

  return { balancesOf, setThresholds, transfer, codeSentTo };
}
