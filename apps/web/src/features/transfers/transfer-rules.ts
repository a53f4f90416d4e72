import {
  MIN_TRANSFER_CENTS,
  formatCents,
  formatCentsWithSeparators,
  messages,
  parseAmountToCents,
} from '@anybank/contracts';
import type { RiskPayload, TransferDenialCode } from '@anybank/contracts';
import { accountDisplayName, formatUsd } from '../../lib/accounts';

/**
 * The pure part of the transfer page (document 2 §2, §5, §8): which accounts the form offers
 * and how it names them, the checks in the spec's order with its messages, and what a refused
 * transfer says. The server checks everything again; the page shows its 400 message the same way.
 */

/** How the form names an account: the first "Checking", the others "Savings". */
export type TransferLabel = 'Checking' | 'Savings';

export interface TransferAccountOption {
  id: string;
  label: TransferLabel;
  /** "Checking (…1234)". */
  displayName: string;
}

/**
 * The accounts the form offers: the `accts` ids minus the last one (the rewards Visa), the
 * first labelled Checking and the others Savings.
 */
export function transferAccountOptions(accountIds: readonly string[]): TransferAccountOption[] {
  return accountIds.slice(0, -1).map((id, index) => {
    const label: TransferLabel = index === 0 ? 'Checking' : 'Savings';
    return { id, label, displayName: accountDisplayName(label, id) };
  });
}

/** The amount as typed, commas stripped (the input keeps them out as the user types). */
export function stripCommas(input: string): string {
  return input.replaceAll(',', '');
}

export interface TransferForm {
  fromAccountId: string;
  toAccountId: string;
  amount: string;
}

export const EMPTY_TRANSFER_FORM: TransferForm = { fromAccountId: '', toAccountId: '', amount: '' };

/** Which field a failed check is about, so the page can mark it. */
export type TransferField = 'accounts' | 'amount' | 'none';

export type TransferValidation =
  | { ok: false; field: TransferField; message: string }
  | {
      ok: true;
      from: TransferAccountOption;
      to: TransferAccountOption;
      amountCents: number;
      /** Two decimals, no separators: the body's `amount` ("25.50"). */
      amount: string;
      riskData: RiskPayload;
    };

export interface TransferContext {
  accounts: readonly TransferAccountOption[];
  /** Balances in cents by account id; null while unknown (the server still checks funds). */
  balances: ReadonlyMap<string, number> | null;
  /** The risk signals; may throw (the caller logs why), which fails the last check. */
  collectRiskData: () => RiskPayload;
}

/**
 * Document 2 §5, in its order, the first failure deciding: both accounts chosen, two different
 * accounts, an amount above 0 (at most two decimals), not above the source's balance, and risk
 * data obtainable.
 */
export function validateTransferForm(
  form: TransferForm,
  context: TransferContext,
): TransferValidation {
  const fromId = form.fromAccountId.trim();
  const toId = form.toAccountId.trim();
  const from = context.accounts.find((account) => account.id === fromId);
  const to = context.accounts.find((account) => account.id === toId);
  if (!from || !to) {
    return { ok: false, field: 'accounts', message: messages.transfer.selectAccounts };
  }
  if (from.id === to.id) {
    return { ok: false, field: 'accounts', message: messages.transfer.differentAccounts };
  }
  const amountCents = parseAmountToCents(form.amount);
  if (amountCents === null || amountCents < MIN_TRANSFER_CENTS) {
    return { ok: false, field: 'amount', message: messages.transfer.invalidAmount };
  }
  const available = context.balances?.get(from.id);
  if (available !== undefined && amountCents > available) {
    return {
      ok: false,
      field: 'amount',
      message: messages.transfer.insufficientFunds(
        from.label,
        formatCentsWithSeparators(available),
      ),
    };
  }
  let riskData: RiskPayload;
  try {
    riskData = context.collectRiskData();
  } catch {
    return { ok: false, field: 'none', message: messages.transfer.riskProfileUnavailable };
  }
  return { ok: true, from, to, amountCents, amount: formatCents(amountCents), riskData };
}

/** Document 2 §8, by the 403 body's code; an unreadable body is "not approved". */
function denialPrefix(code: TransferDenialCode | null): { prefix: string; withAmount: boolean } {
  switch (code) {
    case 'max_threshold':
      return { prefix: messages.transfer.maxThreshold, withAmount: true };
    case 'risk':
      return { prefix: messages.transfer.riskFound, withAmount: true };
    default:
      // not_approved (declined or expired on the phone, or its code expired or was wrong too
      // often), approval_unavailable, unreadable.
      return { prefix: messages.transfer.notApproved, withAmount: false };
  }
}

/**
 * "…threshold: Checking (…1234) to Savings (…5678), $15,000.00": the §8 sentence, the two
 * accounts and, for a threshold or a risk, the amount.
 */
export function denialText(
  code: TransferDenialCode | null,
  from: Pick<TransferAccountOption, 'displayName'>,
  to: Pick<TransferAccountOption, 'displayName'>,
  amountCents: number,
): string {
  const { prefix, withAmount } = denialPrefix(code);
  const accounts = `${from.displayName} to ${to.displayName}`;
  return withAmount ? `${prefix}${accounts}, ${formatUsd(amountCents)}` : `${prefix}${accounts}`;
}

/** A submission's identity: the same values are the same transfer, retried with the same key. */
export function submissionKey(form: TransferForm): string {
  return JSON.stringify([form.fromAccountId, form.toAccountId, parseAmountToCents(form.amount)]);
}
