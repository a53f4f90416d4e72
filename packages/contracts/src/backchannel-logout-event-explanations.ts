/**
 * "Behind the scenes" (ADR 0021): the sentences of OpenID Connect Back-Channel Logout
 * (ADR 0028), the bank telling a connected app that a session ended and the retail shop
 * acting on it; spread into EVENT_EXPLANATIONS.
 */

type Details = Record<string, unknown>;

const appOf = (d: Details) => (typeof d.clientId === 'string' ? d.clientId : 'a connected app');

export const BACKCHANNEL_LOGOUT_EVENT_EXPLANATIONS = {
  'backchannel_logout.delivered': {
    title: 'Logout token delivered',
    explain: (d: Details) =>
      `The bank sent ${appOf(d)} a signed logout token for a session that ended, and ${appOf(d)} took it.`,
  },
  'backchannel_logout.failed': {
    title: 'Logout token not delivered',
    explain: (d: Details) =>
      `The bank sent ${appOf(d)} a signed logout token for a session that ended, but ${appOf(d)} did not take it${typeof d.error === 'string' ? ` (${d.error})` : ''}.`,
  },
  'shop.backchannel_logout_accepted': {
    title: 'The shop signed you out',
    explain: (d: Details) =>
      `The shop verified the bank’s logout token and ended ${typeof d.sessionsEnded === 'number' ? d.sessionsEnded : 'its'} session${d.sessionsEnded === 1 ? '' : 's'} with you.`,
  },
  'shop.backchannel_logout_refused': {
    title: 'The shop refused a logout token',
    explain: (d: Details) =>
      `The shop refused a logout token${typeof d.reason === 'string' ? `: ${d.reason}` : ''}.`,
  },
};
