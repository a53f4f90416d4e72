import { flowRefusalBodySchema, flowResponseSchema } from '@anybank/contracts';
import type { ApiErrorCode, FlowResponse } from '@anybank/contracts';

/** The refusal of the step just taken: its code (the modal branches on it) and its words. */
export interface FlowRefusal {
  code: ApiErrorCode;
  message: string;
}

/**
 * What the login modal shows (document 1 §2.4): the flow's state, and, when the server refused
 * the step just taken and the person stays in the flow, that refusal (ADR 0025).
 */
export type FlowAnswer = FlowResponse & { refusal?: FlowRefusal };

/**
 * An answer of the flow API as the modal reads it: a 2xx is the flow; a refusal whose body
 * carries the flow (`flow`) is that flow with its refusal. Null for anything else: a refusal
 * made before any flow was read (another browser's flow, an expired one), or no flow at all.
 */
export function flowAnswerOf(status: number, body: unknown): FlowAnswer | null {
  if (status >= 200 && status < 300) {
    const flow = flowResponseSchema.safeParse(body);
    return flow.success ? flow.data : null;
  }
  const refused = flowRefusalBodySchema.safeParse(body);
  if (!refused.success || !refused.data.flow) return null;
  const { code, message, flow } = refused.data;
  return { ...flow, refusal: { code: code as ApiErrorCode, message } };
}

/** A flow answer kept as JSON (session item `flowResponse`), read back; null if it is not one. */
export function parsedFlowAnswer(json: string): FlowAnswer | null {
  const value: unknown = JSON.parse(json);
  const flow = flowResponseSchema.safeParse(value);
  if (!flow.success) return null;
  const refusal = (value as { refusal?: Partial<FlowRefusal> }).refusal;
  return typeof refusal?.code === 'string' && typeof refusal.message === 'string'
    ? { ...flow.data, refusal: { code: refusal.code, message: refusal.message } }
    : flow.data;
}
