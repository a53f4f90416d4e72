import type { TransferApprovals } from '../src/modules/banking/banking.service';
import type { apiClient } from './banking-server';
import { PARTNER_STAFF } from './partner-tokens';

// What the demo admin API's tests share: the partners, a signed-in customer, and the phone's
// transfer approvals answered by the test.

export type Call = ReturnType<typeof apiClient>;
export type PartnerType = keyof typeof PARTNER_STAFF;
export const PARTNER_TYPES = Object.keys(PARTNER_STAFF) as PartnerType[];

export interface Customer {
  uid: string;
  id: string;
  token: string;
  call: Call;
  checking: string;
  savings: string;
}

/** The transfer approvals on the phone, answered by the test: every request is recorded. */
export function recordingApprovals() {
  const asked: { userId: string; amountCents: number }[] = [];
  const approvals: TransferApprovals = {
    async requestApproval(input) {
      asked.push({ userId: input.userId, amountCents: input.amountCents });
      return 'approved';
    },
  };
  return { approvals, asked };
}
