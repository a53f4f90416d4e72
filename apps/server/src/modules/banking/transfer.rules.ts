import {
  formatCentsWithSeparators,
  messages,
  parseAmountToCents,
  riskPayloadSchema,
  type RiskPayload,
} from '@anybank/contracts';
import type { AccountView } from './balances.rules';

/**
 * A transfer request (document 2 §2, §5): the accounts the form offers, the checks in the
 * spec's order, and whether a retry asks for the same transfer. No HTTP, no SQL: callers pass
 * what they read.
 */

/** How the transfer form names an account: the first "Checking", the others "Savings". */
export type TransferLabel = 'Checking' | 'Savings';

export interface TransferAccount extends AccountView {
  label: TransferLabel;
}

/**
 * The accounts a transfer may use, labelled as the form shows them (document 2 §2: the list
 * drops the rewards Visa, its last entry; the first is Checking, the others Savings). The
 * card is left out on the server too: its balance is a debt, not money to move, and the
 * database only lets deposit accounts' balances be checked against "available funds".
 */
export function transferAccountsOf(accounts: readonly AccountView[]): TransferAccount[] {
  return [...accounts]
    .filter((account) => account.kind !== 'rewards-visa')
    .sort((a, b) => a.position - b.position)
    .map((account, index) => ({ ...account, label: index === 0 ? 'Checking' : 'Savings' }));
}

export interface TransferInput {
  fromAccountId?: string | null;
  toAccountId?: string | null;
  amount?: string | number | null;
  riskData?: unknown;
}

/** The document 2 §5 checks, in their order, with the one the server adds between 3 and 4. */
export const TRANSFER_CHECKS = [
  'accountsSelected',
  'accountsDiffer',
  'amountValid',
  'accountsOwned',
  'fundsSufficient',
  'riskDataObtainable',
] as const;
export type TransferCheck = (typeof TRANSFER_CHECKS)[number];

export type TransferValidation =
  | { ok: false; check: Exclude<TransferCheck, 'accountsOwned'>; message: string }
  /** Not one of the caller's transfer accounts: 404, never saying whether it exists. */
  | { ok: false; check: 'accountsOwned' }
  | {
      ok: true;
      from: TransferAccount;
      to: TransferAccount;
      amountCents: number;
      riskPayload: RiskPayload;
    };

/** What the insufficient-funds message says: the form's label and "24,500.00". */
export function insufficientFundsMessage(source: TransferAccount): string {
  return messages.transfer.insufficientFunds(
    source.label,
    formatCentsWithSeparators(source.balanceCents),
  );
}

/**
 * Checks a transfer request in the order of document 2 §5, the first failure deciding. The
 * ownership check (the server's, not the form's) comes as soon as an account must be read,
 * i.e. before the balance: checks 1–3 need nothing but the request.
 */
export function validateTransfer(
  input: TransferInput,
  accounts: readonly TransferAccount[],
): TransferValidation {
  const fromId = input.fromAccountId?.trim() ?? '';
  const toId = input.toAccountId?.trim() ?? '';
  if (fromId === '' || toId === '') {
    return { ok: false, check: 'accountsSelected', message: messages.transfer.selectAccounts };
  }
  if (fromId === toId) {
    return { ok: false, check: 'accountsDiffer', message: messages.transfer.differentAccounts };
  }
  const amountCents =
    input.amount === null || input.amount === undefined ? null : parseAmountToCents(input.amount);
  if (amountCents === null || amountCents < 1) {
    return { ok: false, check: 'amountValid', message: messages.transfer.invalidAmount };
  }
  const from = accounts.find((account) => account.id === fromId);
  const to = accounts.find((account) => account.id === toId);
  if (!from || !to) return { ok: false, check: 'accountsOwned' };
  if (amountCents > from.balanceCents) {
    return { ok: false, check: 'fundsSufficient', message: insufficientFundsMessage(from) };
  }
  const risk = riskPayloadSchema.safeParse(input.riskData);
  if (!risk.success) {
    return {
      ok: false,
      check: 'riskDataObtainable',
      message: messages.transfer.riskProfileUnavailable,
    };
  }
  return { ok: true, from, to, amountCents, riskPayload: risk.data };
}
/** Whether a retry with the same Idempotency-Key asks for the same transfer. */
export function isSameTransfer(
  recorded: { fromAccountId: string; toAccountId: string; amountCents: number },
  input: TransferInput,
): boolean {
  const amountCents =
    input.amount === null || input.amount === undefined ? null : parseAmountToCents(input.amount);
  return (
    recorded.fromAccountId === input.fromAccountId?.trim() &&
    recorded.toAccountId === input.toAccountId?.trim() &&
    recorded.amountCents === amountCents
  );
}
