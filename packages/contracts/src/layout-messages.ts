import { PRODUCT_NAME_SLOT } from './branding';

/**
 * Words of the layout around every page (navbar, footer, the page that could not be shown),
 * apart from messages.ts: a module that the first page imports is in its JavaScript whole, and
 * `messages` holds every page's words (ADR 0024).
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

/**
 * What the home page says to a browser whose session was ended elsewhere (apps/web
 * lib/session-ended.ts); `messages.sessions` has it too, from here.
 */
export const sessionEndedMessages = {
  signedOutElsewhere: 'You were signed out from another browser.',
} as const;

/**
 * The footer's way to the phone app: the link that opens it beside the site and the
 * QR code of its address. `{{productName}}` is the brand's app name (`fillBrand`).
 */
export const phoneAppLinkMessages = {
  openBesideSite: 'Open the phone beside the site',
  openBesideSiteHint: `The ${PRODUCT_NAME_SLOT} app, simulated in a phone-sized window.`,
  qrHeading: `Open the ${PRODUCT_NAME_SLOT} app on your phone`,
  qrLabel: `QR code of the ${PRODUCT_NAME_SLOT} app’s address`,
  qrScan: 'Scan the code with your phone’s camera, or open',
  localAddressOnly:
    'This address only works on this computer. For a phone on your network, start the bank with HTTPS=on and PUBLIC_URL set to this computer’s address (README, “Demo on a real phone”).',
} as const;
