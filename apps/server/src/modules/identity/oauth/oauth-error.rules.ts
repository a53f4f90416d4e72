/**
 * RFC 6749 §5.2: `error` and `error_description` hold printable ASCII only, without `"` and
 * `\` (%x20-21 / %x23-5B / %x5D-7E). oidc-provider writes request values into descriptions
 * (e.g. "origin <the Origin header> not allowed"), so a caller could put any character there:
 * the answer keeps the words and replaces what the RFC does not allow.
 */
export function oauthErrorText(text: string): string {
  return text
    .replace(/"/g, "'")
    .replace(/\\/g, '/')
    .replace(/[^\x20-\x7E]/g, '?');
}

/** An OAuth error body with its texts made RFC 6749 §5.2-safe; any other body as it is. */
export function withSafeOauthErrorTexts(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('error' in body)) return body;
  const safe: Record<string, unknown> = { ...body };
  for (const member of ['error', 'error_description'] as const) {
    if (typeof safe[member] === 'string') safe[member] = oauthErrorText(safe[member]);
  }
  return safe;
}
