/**
 * The bank's default mark (the web app's Logo: a building on a rounded square) in the brand's
 * primary colour, for `GET /api/branding/logo` when no logo was uploaded. The colour is a
 * checked `#rrggbb`, so nothing else reaches the markup.
 */
export function defaultLogoSvg(primaryColor: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(primaryColor)) throw new Error('not a #rrggbb colour');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">' +
    `<rect width="32" height="32" rx="6" fill="${primaryColor}"/>` +
    '<path d="M16 6 6 12h20L16 6Zm-8 8v9h3v-9H8Zm6.5 0v9h3v-9h-3Zm6.5 0v9h3v-9h-3ZM6 25v2h20v-2H6Z" fill="#fff"/>' +
    '</svg>'
  );
}
