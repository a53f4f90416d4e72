/** The value of a cookie in a `document.cookie` string, decoded; null when absent. */
export function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw.replace(/^"(.*)"$/, '$1'));
    } catch {
      return raw;
    }
  }
  return null;
}
