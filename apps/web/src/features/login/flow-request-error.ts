import { DEFAULT_ERROR, errorWithMessage } from '../../lib/error-catalogue';
import type { ErrorContent } from '../../lib/error-catalogue';

/**
 * The flow API (document 1 §7, ADR 0025): a flow, or a refusal that carries the flow it leaves
 * the person in; anything else is a FlowRequestError (`forbidden`: a 403 without a flow, e.g.
 * another browser's flow).
 * DOM-free, for the unit tests; flow-api.ts makes the calls.
 */
export class FlowRequestError extends Error {
  readonly kind: 'forbidden' | 'network' | 'unexpected';
  /** The server's own explanation, when its error answer had one (e.g. a 409, an expired 410). */
  readonly userMessage: string | null;

  constructor(kind: FlowRequestError['kind'], message: string, userMessage: string | null = null) {
    super(message);
    this.name = 'FlowRequestError';
    this.kind = kind;
    this.userMessage = userMessage;
  }
}

/**
 * What the error modal shows when a flow request failed: the server's words when it refused
 * (an expired sign-in, a conflict), else the default text; anything unexplained is logged.
 */
export function errorOfFailure(failure: unknown): ErrorContent {
  if (failure instanceof FlowRequestError) return errorWithMessage(failure.userMessage);
  console.error(failure);
  return DEFAULT_ERROR;
}
