import type { ApiErrorCode } from '@anybank/contracts';
import { publicConfig } from './config';
import { withBasePath } from './public-config';

/** Anything with a zod-like `parse`: the answer is checked, not trusted. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * A non-2xx answer from the API; `status` lets callers tell "off" (404) from a failure, and
 * `code` is the refusal's error code (ADR 0018) when the server gave one: callers branch on
 * it, never on the words.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | null;

  constructor(status: number, message: string, code: ApiErrorCode | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The refusal a non-2xx response carries: its status and the error code in its body. */
export async function apiErrorOf(response: Response, what: string): Promise<ApiError> {
  const body = await readJson(response);
  const code =
    typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? (body.code as ApiErrorCode)
      : null;
  return new ApiError(response.status, `${what} answered ${response.status}`, code);
}

/**
 * The address of a server path. Every server path (`/api`, `/as`, `/ext`) lives under the
 * configured base path, like the pages.
 */
export function apiUrl(path: string): string {
  return withBasePath(publicConfig.basePath, path);
}

/** A same-origin request to a server path under the base path; the raw response. */
export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(apiUrl(path), { credentials: 'same-origin', ...init });
}

/** The JSON body of a response, or null when it has none or it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * GETs a JSON document from the API server and checks it against the schema. A schema still
 * loading (lib/shell-schemas.ts) loads while the request is on its way.
 */
export async function getJson<T>(
  path: string,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>>,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const checker = Promise.resolve(schema);
  // A schema that cannot load is this call's failure, thrown below; not also an unhandled one
  // when the request fails first.
  checker.catch(() => undefined);
  const response = await apiFetch(path, {
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (!response.ok) throw await apiErrorOf(response, `GET ${path}`);
  const body: unknown = await response.json();
  return (await checker).parse(body);
}
