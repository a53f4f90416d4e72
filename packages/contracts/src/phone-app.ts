/**
 * The phone app at /mobile: the words of its lock screen, its notifications and
 * its record of past decisions. The site's link and QR code to it are the footer's, in
 * layout-messages.ts (ADR 0024).
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
} as const;
