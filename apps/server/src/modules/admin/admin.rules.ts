import { PHISHING_DEMO_SUBJECT, deliveryMessages } from '@anybank/contracts';

/**
 * Pure rules of the demo admin (document 2 §2 "Demo admin", §7): what the phishing demo
 * e-mail says, and to whom it may go.
 */

/** Trimmed and lowercased: e-mail addresses are compared without regard to case. */
export function sameEmailAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The look-alike address the phishing link points at: the bank's host turned into one label
 * of a domain under `.example` (reserved by RFC 2606, so the link can never reach anybody).
 */
export function lookalikeHost(host: string | undefined): string {
  const label =
    (host ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'anybank';
  return `${label}-secure-login.example`;
}

export interface PhishingEmail {
  subject: string;
  body: string;
}

/**
 * A realistic phishing message for the demo: urgency, a threat, a link to a look-alike
 * address and a request to sign in from an e-mail. The footer names it a demonstration and
 * lists those signs, so that nobody mistakes the outbox copy for a real warning.
 */
export function phishingEmailFor(input: {
  firstName: string;
  lastName: string;
  /** The host the demo runs on, as the page sends it. */
  host: string | undefined;
}): PhishingEmail {
  const fake = lookalikeHost(input.host);
  const genuine = input.host ?? 'the AnyBank site';
  const body = deliveryMessages.phishingDemoBody(
    `${input.firstName} ${input.lastName}`,
    fake,
    genuine,
  );
  return { subject: PHISHING_DEMO_SUBJECT, body };
}
