import { apiErrorMessage, type ApiErrorCode, apiErrorMessages } from '@anybank/contracts';

/** One refused field of the input (400 `invalid_input`). */
export interface FieldProblem {
  field?: string;
  message: string;
}

/**
 * A refusal, as services, rules adapters and guards say it: a code from the contracts and,
 * where the code's message depends on the case, that message (still one of
 * `messages.*`). It knows nothing of HTTP: the HTTP layer turns the code into a status
 * (http/error-status.ts) and the error into the one error body (http/errors.ts).
 */
export class DomainError extends Error {
  readonly code: ApiErrorCode;
  readonly details: FieldProblem[];
  /** Members that this code documents beside `code` and `message` (docs/api-errors.md). */
  readonly extra: Record<string, unknown>;

  constructor(
    code: ApiErrorCode,
    options: { message?: string; details?: FieldProblem[]; extra?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? defaultMessage(code));
    this.name = 'DomainError';
    this.code = code;
    this.details = options.details ?? [];
    this.extra = options.extra ?? {};
  }
}

function defaultMessage(code: ApiErrorCode): string {
  const message = apiErrorMessages[code] as unknown;
  // A code whose message takes values must be thrown with its message made from them.
  return typeof message === 'string' ? message : apiErrorMessage('internal_error');
}
