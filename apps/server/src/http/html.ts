/**
 * Text made safe for HTML: in an element's content and in a quoted attribute value alike, for
 * the few pages the server renders itself (the SPA's index, the OAuth server's pages, the API
 * reference).
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
