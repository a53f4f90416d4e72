import {
  CURRENCY,
  DEFAULT_CIBA_THRESHOLD_DOLLARS,
  DEFAULT_DENY_THRESHOLD_DOLLARS,
  formatCents,
  formatCentsWithSeparators,
  messages,
  pageRoute,
  parseAmountToCents,
  riskPayloadSchema,
  type AccountTier,
  type Balance,
  type BalancesResponse,
  type MenuOptionsResponse,
  type RiskPayload,
  type TransferDenialCode,
} from '@anybank/contracts';
import {
  DEFAULT_RISK_POLICY,
  automatedMarkerIn,
  evaluateRisk,
  type RiskPolicy,
} from '../identity/risk/risk.rules';

/**
 * Pure rules of the banking module (document 2 §2, §4, §5, §8, §9): balances as Open Banking
 * writes them, the transfer checks in the spec's order, what becomes of a valid transfer, and
 * the menu. No HTTP, no SQL, no clock: callers pass what they read.
 */

export interface AccountView {
  id: string;
  /** One of ACCOUNT_KINDS (the table's check constraint), read from the database as text. */
  kind: string;
  position: number;
  balanceCents: number;
}

/**
 * Open Banking's indicator: a deposit account holds the customer's money (Credit) unless it
 * were below zero; the rewards Visa's balance is what the customer owes (Debit), and only an
 * overpaid card is in credit. The amount is always written without a sign.
 */
export function creditDebitIndicator(account: Pick<AccountView, 'kind' | 'balanceCents'>) {
  const inCredit =
    account.kind === 'rewards-visa' ? account.balanceCents <= 0 : account.balanceCents >= 0;
  return inCredit ? 'Credit' : 'Debit';
}

/** The caller's balances in the order of their `accts` list (0 checking, 1 savings, 2 Visa). */
export function balancesOf(accounts: readonly AccountView[], now: Date): Balance[] {
  return [...accounts]
    .sort((a, b) => a.position - b.position)
    .map((account) => ({
      AccountId: account.id,
      Amount: { Amount: formatCents(Math.abs(account.balanceCents)), Currency: CURRENCY },
      CreditDebitIndicator: creditDebitIndicator(account),
      Type: 'InterimAvailable',
      DateTime: now.toISOString(),
    }));
}

/**
 * `GET /balances` as Open Banking's OBReadBalance1: Links and Meta are required beside Data.
 * `selfUrl` is the absolute URL the balances are read at; all of them fit on one page.
 */
export function balancesResponseOf(
  accounts: readonly AccountView[],
  now: Date,
  selfUrl: string,
): BalancesResponse {
  return {
    Data: { Balance: balancesOf(accounts, now) },
    Links: { Self: selfUrl },
    Meta: { TotalPages: 1 },
  };
}

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

export interface TransferUser {
  /** Whole dollars; null is the default of document 2 §9. */
  cibaThreshold: number | null;
  denyThreshold: number | null;
}

export function denyThresholdCents(user: TransferUser): number {
  return (user.denyThreshold ?? DEFAULT_DENY_THRESHOLD_DOLLARS) * 100;
}

export function cibaThresholdCents(user: TransferUser): number {
  return (user.cibaThreshold ?? DEFAULT_CIBA_THRESHOLD_DOLLARS) * 100;
}

/**
 * The automation rules of sign-in's risk evaluation (webdriver, headless user agents), applied
 * to the `risk_data` the browser sent AND to the request's own `User-Agent` header: a script
 * that copies a person's risk data still names itself in the header it really sends.
 */
export function automationReasons(
  payload: RiskPayload,
  policy: RiskPolicy = DEFAULT_RISK_POLICY,
  requestUserAgent: string | null = null,
): string[] {
  // Only the payload's own signals count: a transfer has no sign-in failures to weigh, and
  // the admin's "high risk on next sign-in" is about signing in.
  const result = evaluateRisk(
    {
      payload,
      pairFailures: 0,
      usernameFailuresElsewhere: 0,
      ipFailures: 0,
      highRiskOverride: false,
    },
    policy,
  );
  const reasons = result.level === 'LOW' ? [] : [...result.reasons];
  const marker = requestUserAgent === null ? null : automatedMarkerIn(requestUserAgent, policy);
  if (marker !== null && policy.levels.automatedUserAgent !== 'LOW') {
    reasons.push(
      `The request's own User-Agent header names an automated or headless browser (${marker}).`,
    );
  }
  return reasons;
}

/**
 * The running total. Approval and the deny limit apply to the SUM of the
 * customer's transfers in the last 24 hours plus the one asked for, never to each alone, so
 * that splitting a large transfer into small ones changes nothing. What counts toward it:
 * - confirmed transfers (which includes those approved on the phone or by code: approval
 *   confirms them), created within the window;
 * - transfers waiting for approval (phone or code) created within the pending lifetime: the
 *   money may still move, so a second transfer cannot use the room the first one holds;
 * - NOT denied or not-approved transfers (no money moved), nor a pending one older than the
 *   pending lifetime (its code or phone request has expired; it is settled as not approved).
 *   A transfer the customer cancelled while it waited for its code is not approved (reason
 *   `cancelled`): it frees its room at once.
 * "Above" is strict (document 2 §9: "above the CIBA threshold", "above the deny threshold"): a
 * running total exactly AT the threshold moves without approval, one cent more needs it.
 */
export const RUNNING_TOTAL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Longer than a code's life (OTP_TTL_MS, 5 min) and the phone's wait (about 2 min). */
export const PENDING_TRANSFER_LIFETIME_MS = 10 * 60 * 1000;

/** How this customer can give the second factor a transfer above the threshold needs. */
export type SecondFactor = 'push' | 'code' | null;

/** The customer's phone app when activated, else a code to an e-mail or SMS sign-in device. */
export function secondFactorOf(input: {
  hasPushDevice: boolean;
  hasCodeDevice: boolean;
}): SecondFactor {
  if (input.hasPushDevice) return 'push';
  return input.hasCodeDevice ? 'code' : null;
}

export type TransferDecision =
  | { kind: 'deny'; reason: 'risk'; riskReasons: string[] }
  | { kind: 'deny'; reason: 'max_threshold' }
  | { kind: 'deny'; reason: 'approval_unavailable' }
  | { kind: 'approve'; via: 'push' | 'code' }
  | { kind: 'move' };

export interface TransferDecisionInput {
  amountCents: number;
  /** What already counts toward the 24-hour running total (see RUNNING_TOTAL_WINDOW_MS). */
  recentTotalCents: number;
  riskPayload: RiskPayload;
  requestUserAgent?: string | null;
  user: TransferUser;
  secondFactor: SecondFactor;
  riskPolicy?: RiskPolicy;
}

/**
 * What happens to a valid transfer, the first rule that applies deciding:
 * 1. automation in the risk data or the request's User-Agent → denied (risk). Before the
 *    amount rules, so that a bot is recorded as one ('transfer.bot_detected') whatever amount.
 * 2. running total (recent + this one) above the deny threshold → denied (max_threshold).
 * 3. running total above the CIBA threshold → a second factor: the phone app when activated,
 *    else a one-time code to a sign-in device; with neither, refused (approval_unavailable) —
 *    no transfer above the threshold ever moves without a second factor.
 * 4. otherwise the money moves.
 */
export function decideTransfer(input: TransferDecisionInput): TransferDecision {
  const riskReasons = automationReasons(
    input.riskPayload,
    input.riskPolicy,
    input.requestUserAgent ?? null,
  );
  if (riskReasons.length > 0) return { kind: 'deny', reason: 'risk', riskReasons };
  const runningTotal = input.recentTotalCents + input.amountCents;
  if (runningTotal > denyThresholdCents(input.user)) {
    return { kind: 'deny', reason: 'max_threshold' };
  }
  if (runningTotal > cibaThresholdCents(input.user)) {
    return input.secondFactor === null
      ? { kind: 'deny', reason: 'approval_unavailable' }
      : { kind: 'approve', via: input.secondFactor };
  }
  return { kind: 'move' };
}

/**
 * decideTransfer for a running total read later, by the statement that moves the money
 * (banking.store.ts, `decideAndMoveMoney`): the most the total may already hold for this transfer
 * to move — decideTransfer answers 'move' exactly when `recentTotalCents` is at most this — or
 * null when it cannot move whatever the total (automation, or the amount alone above a
 * threshold), and must be decided under the customer's lock as a whole.
 */
export function moveCeilingCents(
  input: Omit<TransferDecisionInput, 'recentTotalCents' | 'secondFactor'>,
): number | null {
  if (
    automationReasons(input.riskPayload, input.riskPolicy, input.requestUserAgent ?? null).length >
    0
  ) {
    return null;
  }
  const ceiling =
    Math.min(denyThresholdCents(input.user), cibaThresholdCents(input.user)) - input.amountCents;
  return ceiling >= 0 ? ceiling : null;
}

/**
 * Why a recorded transfer did not move money (`transfers.reason`), with the status it is
 * stored under and what the 403 answer says. The messages name their code first: the browser
 * tells max_threshold from the rest by the word (document 2 §8).
 */
export const TRANSFER_REFUSALS = {
  max_threshold: {
    status: 'denied',
    code: 'max_threshold',
    message:
      'max_threshold: with this amount, your transfers of the last 24 hours would be above the most you may transfer.',
  },
  risk: {
    status: 'denied',
    code: 'risk',
    message: 'risk: this request looks automated, so the transfer was not made.',
  },
  declined: {
    status: 'not_approved',
    code: 'not_approved',
    message: 'not_approved: the transfer was declined on your mobile app.',
  },
  expired: {
    status: 'not_approved',
    code: 'not_approved',
    message: 'not_approved: the approval request on your mobile app expired.',
  },
  approval_unavailable: {
    status: 'not_approved',
    code: 'approval_unavailable',
    message: messages.transfer.approvalUnavailable,
  },
  code_failed: {
    status: 'not_approved',
    code: 'not_approved',
    message: messages.transfer.confirmationExpired,
  },
  approval_failed: {
    status: 'not_approved',
    code: 'not_approved',
    message: 'not_approved: the approval on your mobile app could not be completed.',
  },
  /**
   * The customer cancelled it on the code step (`POST …/{transferId}/cancellation`): its code
   * is retired, no money moved; a retry with its Idempotency-Key answers this refusal.
   */
  cancelled: {
    status: 'not_approved',
    code: 'not_approved',
    message: messages.transfer.cancelled,
  },
} as const satisfies Record<
  string,
  { status: 'denied' | 'not_approved'; code: TransferDenialCode; message: string }
>;
export type TransferRefusal = keyof typeof TRANSFER_REFUSALS;

/**
 * An approved transfer finds too little money when it finally runs (another transfer drained
 * the account meanwhile): recorded as denied for this reason and answered like check 4.
 */
export const INSUFFICIENT_FUNDS_REASON = 'insufficient_funds';

export function isTransferRefusal(reason: string | null): reason is TransferRefusal {
  return reason !== null && Object.hasOwn(TRANSFER_REFUSALS, reason);
}

/** The approval port's answer → the refusal recorded, or null when the money may move. */
export function refusalOfApproval(
  answer: 'approved' | 'denied' | 'expired',
): TransferRefusal | null {
  if (answer === 'approved') return null;
  return answer === 'denied' ? 'declined' : 'expired';
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

/**
 * The navigation menu (the spec's /bxfMenuOptions): a map of entries; the browser makes a
 * nav item of each one with a title and drops the others (the untitled one shows that rule),
 * and collapses at xl with more than 2 items — premier customers' 4 do. URLs are the SPA's;
 * Premier Rewards has a page of its own, named from the route table.
 */
export function menuOptionsFor(tier: AccountTier): MenuOptionsResponse {
  return {
    dashboard: { title: 'Accounts', url: '/banking' },
    transfer: { title: 'Transfer Money', url: '/banking/transfer-money' },
    payAndTransfer: { url: '/banking/pay-and-transfer' },
    ...(tier === 'premier'
      ? {
          premierRewards: {
            title: 'Premier Rewards',
            url: pageRoute('premier-rewards').paths[0] ?? '/banking',
          },
          wealthPlanning: { title: 'Wealth Planning', url: '/any-wealth-advisor' },
        }
      : {}),
  };
}
