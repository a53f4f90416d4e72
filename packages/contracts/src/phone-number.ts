import { z } from 'zod';
import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY } from './constants';
import { messages } from './messages';

/**
 * Phone numbers, read with libphonenumber-js wherever a person types one. A number
 * without `+` is read in the bank's default country (US unless the server is configured
 * otherwise), stored in E.164 and shown back formatted for the customer to confirm.
 *
 * The `min` metadata is chosen on purpose: it knows each country's possible lengths, which is
 * what "an impossible number is refused" needs, at a fraction of `max`'s size in the browser.
 * `max` would also refuse numbers that are possible but not assigned, such as the fictional
 * 555 numbers of the demo customers and of films.
 */

export type PhoneReading =
  { ok: true; e164: string; formatted: string } | { ok: false; message: string };

/** Whether `value` is a country libphonenumber-js knows (the configuration checks it). */
export function isPhoneCountry(value: string): boolean {
  return isSupportedCountry(value);
}

/** A typed number: its E.164 form and its international format, or the spec's refusal. */
export function readPhoneNumber(
  input: string,
  defaultCountry: string = DEFAULT_PHONE_COUNTRY,
): PhoneReading {
  const trimmed = input.trim();
  // The spec's format writes `+44.2071234567`: the dot is punctuation, like spaces and dashes.
  const parsed =
    trimmed.length <= 40 && /^[+\d\s().-]+$/.test(trimmed)
      ? parsePhoneNumberFromString(trimmed, defaultCountry as CountryCode)
      : undefined;
  if (!parsed?.isPossible()) return { ok: false, message: messages.validation.phoneFormat };
  return { ok: true, e164: parsed.number, formatted: parsed.formatInternational() };
}

/**
 * THE phone-number normaliser: a number as the bank stores and compares it (E.164), wherever it
 * comes from (a form, a stored target, the outbox search). A number written without `+` is
 * read in `defaultCountry`, so `(555) 123-4567` in the US is `+15551234567`, and
 * `+44.2071234567` is `+442071234567` anywhere. Null when it cannot be a number there.
 */
export function toE164(
  input: string,
  defaultCountry: string = DEFAULT_PHONE_COUNTRY,
): string | null {
  const reading = readPhoneNumber(input, defaultCountry);
  return reading.ok ? reading.e164 : null;
}

/** A stored (E.164) number as the customer reads it back: `+1 201 555 0123`. */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * What the browser checks as the customer types (a courtesy: the server reads the number in
 * its configured country and decides): phone punctuation only, and 4 to 15 digits (E.164's most).
 */
export function looksLikePhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(value.trim()) && digits >= 4 && digits <= 15;
}
export const phoneInputSchema = z
  .string()
  .trim()
  .refine(looksLikePhoneNumber, messages.validation.phoneFormat);
