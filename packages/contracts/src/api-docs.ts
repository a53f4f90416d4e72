/**
 * The API reference (ADR 0019). People read it at `page` (a viewer of the OpenAPI document),
 * programs fetch `document` (OpenAPI 3.1); the viewer's "Authorize" signs in through the bank's
 * own OAuth server, which sends the browser back to `oauthRedirect`.
 */
export const API_DOCS_PATHS = {
  page: '/api/docs',
  document: '/api/docs/openapi.json',
  /** A registered redirect URI of the reference's own public OAuth client, and nothing else's. */
  oauthRedirect: '/api/docs/oauth2-redirect.html',
} as const;

/** The API reference's own words (server-rendered pages: never in the browser bundle). */
export const apiDocsMessages = {
  title: 'API reference',
  /** Read by screen readers between the document's title and its groups of operations. */
  operationsHeading: 'Operations',
  authorizationLabel: 'Authorization',
  authorizationsLabel: 'Available authorizations',
  closeLabel: 'Close',
  noScript: 'The API reference needs JavaScript. The OpenAPI document it shows is here:',
  documentLink: 'OpenAPI document (JSON)',
  signInReturnTitle: 'Signing in to the API reference',
  signInReturnText:
    'This window closes by itself once the API reference has your sign-in. If it stays open, close it and try Authorize again.',
  oauthSchemeDescription: (clientId: string) =>
    `Sign in as a customer through the bank’s own sign-in: authorization code with PKCE, public client \`${clientId}\`. The reference’s Authorize button does it and sends the access token with each “Try it out”. The token carries a customer’s scopes only: the partner APIs take a partner user’s token from their portal (use \`bearer\`).`,
};
