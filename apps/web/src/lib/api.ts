import { publicConfig } from './config';
import { withBasePath } from './public-config';

/** Anything with a zod-like `parse`: the answer is checked, not trusted. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** A non-2xx answer from the API; `status` lets callers tell "off" (404) from a failure. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
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

/** GETs a JSON document from the API server and checks it against the schema. */
export async function getJson<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const response = await apiFetch(path, {
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (!response.ok) throw new ApiError(response.status, `GET ${path} answered ${response.status}`);
  return schema.parse(await response.json());
}
