/**
 * A contact detail shown masked: a flow response, a message's "sent to" line or a page never
 * hands a full e-mail address or phone number to whoever holds it. The directory keeps the
 * contact details, so it says how they are shown; the sign-in, messaging and banking use it.
 */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  if (local.length <= 2) return `${local.charAt(0)}*@${domain}`;
  return `${local.charAt(0)}${'*'.repeat(local.length - 2)}${local.charAt(local.length - 1)}@${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const shown = digits.slice(-4);
  const country = digits.length > 10 ? digits.slice(0, digits.length - 10) : '';
  return `+${country}${'*'.repeat(Math.max(digits.length - country.length - 4, 0))}${shown}`;
}
