/**
 * Words of the layout around every page, apart from messages.ts: a module that the first page
 * imports is in its JavaScript whole, and `messages` holds every page's words (ADR 0024). Pages
 * read them through `messages` like the rest.
 */

/**
 * The specification's unexpected error (document 1 §8), which the layout also shows when a page
 * cannot be shown; `messages.login` has it too, from here.
 */
export const unexpectedErrorMessages = {
  title: 'Unexpected Error.',
  text: 'Please contact Technical Enablement.',
  // Not in the spec: the button under the unexpected error when a page could not be shown.
  reloadPage: 'Reload the page',
} as const;
