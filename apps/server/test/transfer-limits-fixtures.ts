import type { TransferApprovals } from '../src/modules/banking/banking.service';
import type { apiClient } from './banking-server';

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
