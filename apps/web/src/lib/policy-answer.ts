/**
 * What an answer of an orchestration policy (`…/policy/{policyId}/start`) means to a widget:
 * the policy's JSON, a refusal in the API's error shape `{message, details?}`, or a failure.
 * DOM-free, for the unit tests; orchestration-api.ts makes the calls.
 */

/** One field's complaint, as every input error of the API carries them (`details`). */
export interface PolicyFieldError {
  field: string | null;
  message: string;
}

export type PolicyAnswer =
  /** 200: the policy's answer, for the caller's schema to check. */
  | { kind: 'ok'; body: unknown }
  /** 4xx with the API's error shape `{message, details?}`: the request was refused. */
  | { kind: 'refused'; status: number; message: string | null; details: PolicyFieldError[] }
  /** No answer, a server error (5xx), or an answer in no known shape. */
  | { kind: 'failed'; reason: string };

function refusalOf(status: number, body: unknown): PolicyAnswer {
  if (typeof body !== 'object' || body === null) {
    return { kind: 'failed', reason: `HTTP ${status} without an error body` };
  }
  const { message, details } = body as { message?: unknown; details?: unknown };
  const fieldErrors = Array.isArray(details)
    ? details.flatMap((detail: unknown): PolicyFieldError[] => {
        if (typeof detail !== 'object' || detail === null) return [];
        const { field, message: text } = detail as { field?: unknown; message?: unknown };
        if (typeof text !== 'string' || text.trim() === '') return [];
        return [{ field: typeof field === 'string' && field !== '' ? field : null, message: text }];
      })
    : [];
  return {
    kind: 'refused',
    status,
    message: typeof message === 'string' && message.trim() !== '' ? message : null,
    details: fieldErrors,
  };
}

/** What an answer of `…/policy/{policyId}/start` means to a widget. Pure: the unit tests use it. */
export function policyAnswerOf(status: number, body: unknown): PolicyAnswer {
  if (status === 200) return { kind: 'ok', body };
  if (status >= 400 && status < 500) return refusalOf(status, body);
  return { kind: 'failed', reason: `HTTP ${status}` };
}
