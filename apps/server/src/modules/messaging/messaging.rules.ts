import { maskEmail, maskPhone } from '../directory/contact-mask.rules';
import { toE164, type OutboxChannel } from '@anybank/contracts';

/**
 * Pure rules of the messaging module: who a message may go to on each channel, and how the
 * recipient is written so that `GET /api/dev/outbox?to=` finds it however it was typed.
 */

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** Document 1 §5: optional plus, 1-3 digit country part, optional dot, then 4-14 digits. */
const PHONE = /^\+?\d{1,3}\.?\d{4,14}$/;
/** Push requests go to a device, named by its id. */
const DEVICE_ID = /^[A-Za-z0-9-]{1,64}$/;

export type RecipientCheck = { ok: true; recipient: string } | { ok: false; reason: string };

export function normaliseRecipient(channel: OutboxChannel, to: string): RecipientCheck {
  const trimmed = to.trim();
  switch (channel) {
    case 'email':
      return EMAIL.test(trimmed)
        ? { ok: true, recipient: trimmed.toLowerCase() }
        : { ok: false, reason: `"${to}" is not an e-mail address` };
    case 'sms':
      return PHONE.test(trimmed)
        ? phoneRecipient(trimmed, to)
        : { ok: false, reason: `"${to}" is not a phone number in international format` };
    case 'push':
      return DEVICE_ID.test(trimmed)
        ? { ok: true, recipient: trimmed }
        : { ok: false, reason: `"${to}" is not a device id` };
  }
}

/** Document 1 §5's format always carries the country part, written with or without `+`. */
function internationalE164(phone: string): string | null {
  return toE164(phone.startsWith('+') ? phone : `+${phone}`);
}

function phoneRecipient(trimmed: string, to: string): RecipientCheck {
  const recipient = internationalE164(trimmed);
  return recipient === null
    ? { ok: false, reason: `"${to}" is not a possible phone number` }
    : { ok: true, recipient };
}

/**
 * The outbox is searched by the recipient as a person types it: an e-mail address in any
 * case, or a phone number with or without its plus and dot. Anything else is searched as is.
 */
export function recipientSearchKey(to: string): string {
  const trimmed = to.trim();
  if (EMAIL.test(trimmed)) return trimmed.toLowerCase();
  if (PHONE.test(trimmed)) return internationalE164(trimmed) ?? trimmed;
  return trimmed;
}

/**
 * A recipient as a "Behind the scenes" panel names it (ADR 0021): masked as the sign-in flow
 * masks a device's target ("j******e@example.com", "+1******0199"); a push goes to a device,
 * named as such.
 */
export function maskedRecipient(channel: OutboxChannel, recipient: string): string {
  if (channel === 'push') return 'the phone app';
  return channel === 'sms' ? maskPhone(recipient) : maskEmail(recipient);
}
