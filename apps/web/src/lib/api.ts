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
 * GETs a JSON document from the API server and checks it against the schema. API paths are
 * absolute from the site root, like the built assets (vite `base: '/'`); the router base path
 * applies to pages only.
 */
export async function getJson<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) throw new ApiError(response.status, `GET ${path} answered ${response.status}`);
  return schema.parse(await response.json());
}
