import { PRODUCT_NAME_SLOT } from './branding';

/**
 * The phone app at /mobile and the site's ways to it (issue 15 §3): the words of its lock
 * screen, its notifications, its record of past decisions, and the site's link and QR code.
 * `{{productName}}` is the brand's app name (`fillBrand`, issue 15 §5). Also `messages.phoneApp`;
 * the footer on every page reads it here, without `messages` and every page's words (ADR 0024).
 */
export const phoneAppMessages = {
  description: 'Approve sign-ins and transfers sent to this phone with a single tap.',
  lockScreenLabel: 'Lock screen',
  notificationsHeading: 'Notifications',
  /** The badge beside the notifications heading, as a screen reader reads it. */
  waiting: (count: number) => (count === 1 ? '1 waiting' : `${count} waiting`),
  nothingWaiting:
    'Nothing waits for your answer. When you choose this phone to sign in, or a transfer needs your approval, the request shows up here.',
  /** Announced (live region) when a request arrives while the app is open. */
  arrived: (title: string) => `New request: ${title}`,
  historyHeading: 'Past decisions',
  historyEmpty: 'No decisions made on this phone yet.',
  historyNote: 'Kept on this phone only.',
  clearHistory: 'Clear the list',
  approved: 'Approved',
  denied: 'Denied',
  /** The IP address a sign-in came from, said as a place when it is a known kind of address. */
  onThisComputer: 'this computer',
  onLocalNetwork: 'local network',
  openBesideSite: 'Open the phone beside the site',
  openBesideSiteHint: `The ${PRODUCT_NAME_SLOT} app, simulated in a phone-sized window.`,
  qrHeading: `Open the ${PRODUCT_NAME_SLOT} app on your phone`,
  qrLabel: `QR code of the ${PRODUCT_NAME_SLOT} app’s address`,
  qrScan: 'Scan the code with your phone’s camera, or open',
  localAddressOnly:
    'This address only works on this computer. For a phone on your network, start the bank with HTTPS=on and PUBLIC_URL set to this computer’s address (README, “Demo on a real phone”).',
} as const;
