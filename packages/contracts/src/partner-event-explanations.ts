/**
 * "Behind the scenes" (ADR 0021): the sentences of a partner's client search and of a read
 * the customer's consent refused (document 2 §2, §6), spread into EVENT_EXPLANATIONS.
 */

type Details = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/** What the refused consent would have allowed, by the partner API that was asked. */
function withheld(resource: string): { consent: string; data: string } {
  return resource === 'scim-users'
    ? {
        consent: 'to receiving marketing communications',
        data: 'no e-mail address, phone number or postal address',
      }
    : {
        consent: 'to share accounts with the advisor',
        data: 'no balance, no address, no phone number',
      };
}

export const PARTNER_EVENT_EXPLANATIONS = {
  'partner.searched': {
    title: 'Client search',
    explain: (d: Details) => {
      const found = count(d.subjects);
      const people = found === 1 ? '1 customer' : `${found} customers`;
      const search = text(d.search) ? ` for "${text(d.search)}"` : '';
      return `The advisor searched the directory${search}: ${people} found, whether or not they consented, shown by name and username only; no account, balance or contact detail.`;
    },
  },
  'partner.consent_refused': {
    title: 'Consent refused',
    explain: (d: Details) => {
      // Marketing sees a customer who did not opt in by username only (document 2 §6).
      const name = text(d.clientName) || text(d.username);
      const whose = name ? `${name} has` : 'The customer has';
      const consent = text(d.consent) ? ` (consent ${text(d.consent)})` : '';
      const what = withheld(text(d.resource));
      return `${whose} not consented ${what.consent}${consent}, so the bank returned none of their data: ${what.data}.`;
    },
  },
};
