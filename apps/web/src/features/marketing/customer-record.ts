import { BLANK_PLACEHOLDER, messages } from '@anybank/contracts';
import type { ScimUser } from '@anybank/contracts';
import type { Suggestion } from '../../components/ui/SearchBox';

/**
 * A customer as the marketing portal shows them (document 2 §2, §3): the search's suggestions
 * and the 'Record Overview'. The server sends only the channels the customer opted into; a
 * channel left out, and the placeholder 0000000000, show blank. Pure.
 */

function shown(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' || text === BLANK_PLACEHOLDER ? null : text;
}

/** The customer search's suggestions: the username, with the name when the customer opted in. */
export function customerSuggestions(users: readonly ScimUser[]): Suggestion[] {
  return users.map((user) => {
    const named = user.cn !== messages.marketing.noConsent && shown(user.cn) !== null;
    return named
      ? { id: user.uid, label: user.uid, detail: user.cn }
      : { id: user.uid, label: user.uid };
  });
}

export interface RecordField {
  label: string;
  value: string | null;
}

/** "42 Oak Avenue, Portland 97201": street, then city and postal code; null when none. */
export function mailAddressOf(user: Pick<ScimUser, 'street' | 'l' | 'postalCode'>): string | null {
  const cityLine = [shown(user.l), shown(user.postalCode)].filter(Boolean).join(' ');
  const parts = [shown(user.street), cityLine === '' ? null : cityLine].filter(Boolean);
  return parts.length === 0 ? null : parts.join(', ');
}

/** The Record Overview's fields: name, mail address, email address, SMS/TXT phone. */
export function recordFields(user: ScimUser): RecordField[] {
  return [
    { label: 'Name', value: shown(user.cn) },
    { label: 'Mail address', value: mailAddressOf(user) },
    { label: 'Email address', value: shown(user.mail) },
    { label: 'SMS/TXT phone', value: shown(user.mobile) },
  ];
}
