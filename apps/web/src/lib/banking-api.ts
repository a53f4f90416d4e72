import {
  BALANCES_API_PATH,
  IDEMPOTENCY_KEY_HEADER,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  balancesResponseSchema,
  transferCancellationPath,
  transferCodeRefusedSchema,
  transferConfirmationPath,
  transferConfirmationRequiredSchema,
  transferDeniedResponseSchema,
  type CrossedLimit,
} from '@anybank/contracts';
import type {
  Balance,
  PromptForm,
  RiskPayload,
  TransferDenialCode,
  TransferRequest,
} from '@anybank/contracts';
import { apiErrorOf, readJson } from './api';
import { authorizedFetch } from './authorized-fetch';

/**
 * The customer's banking API (document 2 §7; server: modules/banking): balances and transfers
 * between their own accounts, each with the session's bearer token.
 */

/** `GET /api/open-banking/balances` → `Data.Balance`, in the order of the `accts` list. */
export async function fetchBalances(signal?: AbortSignal): Promise<Balance[]> {
  const response = await authorizedFetch(BALANCES_API_PATH, { signal });
  if (!response.ok) {
    throw await apiErrorOf(response, 'GET balances');
  }
  return balancesResponseSchema.parse(await response.json()).Data.Balance;
}

export interface TransferOrder {
  fromAccountId: string;
  toAccountId: string;
  /** Two decimals, no separators: "25.50". */
  amount: string;
  riskData: RiskPayload;
  /** The same key for a retry of the same submission: the money moves at most once. */
  idempotencyKey: string;
}

export type TransferAnswer =
  /** 204: the money moved. */
  | { kind: 'confirmed'; transferNumber: string | null }
  /** 202: stored pending; a one-time code went to `destination`. */
  | {
      kind: 'confirmation_required';
      transferId: string;
      destination: string;
      message: string;
      /** The form the code step draws (ADR 0026). */
      prompt: PromptForm;
      /** The approval threshold the 24-hour total crossed. */
      limit: CrossedLimit;
      transferNumber: string | null;
    }
  /** 403: refused; `code` is null when the body could not be read. */
  | {
      kind: 'denied';
      code: TransferDenialCode | null;
      transferNumber: string | null;
      /** The deny limit crossed, when the server said (a `max_threshold` decided now). */
      limit?: CrossedLimit;
    }
  /** 400: a document 2 §5 check failed on the server; its message. */
  | { kind: 'invalid'; message: string }
  /** 404, any other answer, or no answer at all. */
  | { kind: 'unexpected'; status: number | null };

function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
}

/** What a transfer answer means for the page. */
export async function readTransferAnswer(response: Response): Promise<TransferAnswer> {
  const transferNumber = response.headers.get(TRANSFER_NUMBER_HEADER);
  switch (response.status) {
    case 204:
      return { kind: 'confirmed', transferNumber };
    case 202: {
      const parsed = transferConfirmationRequiredSchema.safeParse(await readJson(response));
      if (!parsed.success) return { kind: 'unexpected', status: 202 };
      const { transferId, destination, message, prompt, limit } = parsed.data;
      return {
        kind: 'confirmation_required',
        transferId,
        destination,
        message,
        prompt,
        limit,
        transferNumber,
      };
    }
    case 403: {
      const parsed = transferDeniedResponseSchema.safeParse(await readJson(response));
      if (!parsed.success) return { kind: 'denied', code: null, transferNumber };
      const { code, limit } = parsed.data;
      return { kind: 'denied', code, transferNumber, ...(limit ? { limit } : {}) };
    }
    case 400: {
      const message = messageOf(await readJson(response));
      return message ? { kind: 'invalid', message } : { kind: 'unexpected', status: 400 };
    }
    default:
      return { kind: 'unexpected', status: response.status };
  }
}

/** `POST /api/private/transfers` (JSON:API-like body, `Idempotency-Key`). Never throws. */
export async function submitTransfer(order: TransferOrder): Promise<TransferAnswer> {
  const body: TransferRequest = {
    data: {
      type: 'transfers',
      attributes: {
        from_account_id: order.fromAccountId,
        to_account_id: order.toAccountId,
        amount: order.amount,
        risk_data: order.riskData,
      },
    },
  };
  try {
    const response = await authorizedFetch(TRANSFERS_API_PATH, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: order.idempotencyKey,
      },
      body: JSON.stringify(body),
    });
    return await readTransferAnswer(response);
  } catch (error) {
    console.warn('The transfer request failed', error);
    return { kind: 'unexpected', status: null };
  }
}

export type ConfirmationAnswer =
  | Exclude<TransferAnswer, { kind: 'confirmation_required' }>
  /** 400 `invalid_code`: nothing changed; the message says how many tries are left. */
  | { kind: 'wrong_code'; message: string }
  /** 409: the transfer no longer waits for a code. */
  | { kind: 'not_pending' };

/** `POST …/transfers/{id}/confirmation` with the code the customer typed. Never throws. */
export async function confirmTransfer(
  transferId: string,
  code: string,
): Promise<ConfirmationAnswer> {
  try {
    const response = await authorizedFetch(transferConfirmationPath(transferId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    if (response.status === 409) return { kind: 'not_pending' };
    if (response.status === 400) {
      const body = await readJson(response);
      const wrong = transferCodeRefusedSchema.safeParse(body);
      if (wrong.success) return { kind: 'wrong_code', message: wrong.data.message };
      const message = messageOf(body);
      return message ? { kind: 'invalid', message } : { kind: 'unexpected', status: 400 };
    }
    const answer = await readTransferAnswer(response);
    return answer.kind === 'confirmation_required' ? { kind: 'unexpected', status: 202 } : answer;
  } catch (error) {
    console.warn('The transfer confirmation failed', error);
    return { kind: 'unexpected', status: null };
  }
}

/**
 * The code step's Cancel: `POST …/transfers/{id}/cancellation`. `cancelled` (204) and
 * `not_pending` (409: it no longer waited for a code) both leave nothing to cancel; `failed`
 * (anything else, or no answer) may have left it waiting. Never throws.
 */
export async function cancelTransfer(
  transferId: string,
): Promise<'cancelled' | 'not_pending' | 'failed'> {
  try {
    const response = await authorizedFetch(transferCancellationPath(transferId), {
      method: 'POST',
    });
    if (response.status === 204) return 'cancelled';
    return response.status === 409 ? 'not_pending' : 'failed';
  } catch (error) {
    console.warn('The transfer cancellation failed', error);
    return 'failed';
  }
}

/** A random UUID (v4) for `Idempotency-Key`, also where `crypto.randomUUID` is missing (http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
