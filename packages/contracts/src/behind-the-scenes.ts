import { ASSISTANT_EVENT_EXPLANATIONS } from './assistant-event-explanations';
import { formatCentsWithSeparators } from './banking';
import { FLOW_STEP_WORDS } from './behind-the-scenes-story';
import { BACKCHANNEL_LOGOUT_EVENT_EXPLANATIONS } from './backchannel-logout-event-explanations';
import { PARTNER_EVENT_EXPLANATIONS } from './partner-event-explanations';
import { WALLET_EVENT_EXPLANATIONS } from './wallet-event-explanations';

/**
 * "Behind the scenes" (ADR 0021): a live timeline, for one browser, of what the bank did for
 * it. The server turns its audit events into entries (title, one plain sentence, the redacted
 * details); these are the words, shared so that the panel and its tests read the same. The
 * entries' schemas are in behind-the-scenes.schemas.ts (ADR 0024).
 */

export const INSPECTOR_PATH = '/api/dev/inspector';
export const INSPECTOR_EVENTS_PATH = '/api/dev/inspector/events';

/** `?inspect=1` on any page opens the panel (ADR 0021). */
export const INSPECT_QUERY_PARAMETER = 'inspect';

/** An event's details, read without trusting their shape (they are stored JSON). */
export type EventDetails = Record<string, unknown>;

const text = (value: unknown, otherwise = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : otherwise;
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => text(item)).filter(Boolean) : [];
const dollars = (cents: unknown): string =>
  typeof cents === 'number' ? `$${formatCentsWithSeparators(Math.abs(cents))}` : 'an amount';
const accountEnding = (id: unknown): string =>
  text(id) ? `account ending ${text(id).slice(-4)}` : 'one account';

/** The rule that decided a transfer, in words (details.rule of `transfer.decided`). */
function transferRule(d: EventDetails): string {
  const amount = dollars(d.amountCents);
  const total = dollars(d.runningTotalCents);
  const counted =
    typeof d.recentTotalCents === 'number' && d.recentTotalCents > 0
      ? `with ${dollars(d.recentTotalCents)} already sent in the last 24 hours, the running total of ${total}`
      : amount;
  switch (text(d.rule)) {
    case 'below_threshold':
      return `The transfer went through at once because ${counted} is within your ${dollars(d.cibaThresholdCents)} approval threshold.`;
    case 'approval_on_phone':
      return `The bank asked your phone to approve because ${counted} is above your ${dollars(d.cibaThresholdCents)} approval threshold.`;
    case 'approval_by_code':
      return `The bank sent a confirmation code because ${counted} is above your ${dollars(d.cibaThresholdCents)} approval threshold and no phone app is activated.`;
    case 'deny_limit':
      return `The transfer was denied because ${counted} is above your ${dollars(d.denyThresholdCents)} limit.`;
    case 'approval_unavailable':
      return `The transfer was refused: ${counted} needs an approval and you have no device to give one.`;
    case 'risk':
      return 'The transfer was refused because the request looks automated.';
    default:
      return `The transfer was decided (${text(d.rule, 'no rule recorded')}).`;
  }
}

/** How a challenge ended, in words (details.outcome of `challenge.refused`). */
function challengeEnd(outcome: unknown): string {
  const reason =
    typeof outcome === 'object' && outcome !== null && 'reason' in outcome
      ? text((outcome as { reason: unknown }).reason)
      : text(outcome);
  switch (reason) {
    case 'denied':
      return 'denied on the phone';
    case 'attempts_exceeded':
      return 'too many wrong answers';
    case 'cancelled':
      return 'cancelled';
    default:
      return reason || 'refused';
  }
}

type Explainer = (details: EventDetails) => string;

/**
 * One plain sentence per event type, the title first. Every audit event type has one (a test
 * on the server checks the list against its own).
 */
export const EVENT_EXPLANATIONS: Record<string, { title: string; explain: Explainer }> = {
  'oauth.authorization_requested': {
    title: 'Authorization request',
    explain: (d) =>
      `${text(d.clientId, 'An application')} asked the bank to sign you in for ${list(d.scopes).join(' ') || 'no scopes'}, with PKCE (${text(d.codeChallengeMethod, 'none')})${list(d.acrValues).length ? ` and acr_values ${list(d.acrValues).join(' ')}` : ''}.`,
  },
  'risk.evaluated': {
    title: 'Risk evaluation',
    explain: (d) =>
      list(d.rules).length === 0
        ? `Risk ${text(d.level, 'LOW')}: none of the ${list(d.checked).length || 'risk'} rules fired, so sign-in goes on.`
        : `Risk ${text(d.level, 'raised')} (${list(d.rules).join(', ')}, for ${text(d.uid, 'this username')}): ${list(d.reasons).join(' ')} Recommended action: ${text(d.recommendedAction, 'none')}.`,
  },
  'flow.step': {
    title: 'Sign-in step',
    // In plain words: the flow's statuses are shown beneath, as detail.
    explain: (d) => `${FLOW_STEP_WORDS[text(d.step)] ?? 'A sign-in step was taken'}.`,
  },
  'message.sent': {
    title: 'Message sent',
    explain: (d) => {
      const channel = text(d.channel);
      if (channel === 'push')
        return `A push notification went to the phone app: ${text(d.subject)}.`;
      const what = channel === 'sms' ? 'A text message' : 'An e-mail';
      return `${what} went to ${text(d.to, 'you')}${d.hasCode ? ' with a one-time code' : ''}${d.subject ? `: ${text(d.subject)}` : ''}.`;
    },
  },
  'push.decided': {
    title: 'Phone decision',
    explain: (d) =>
      `The phone app ${text(d.decision) === 'approved' ? 'approved' : 'denied'} the ${text(d.kind, 'push')} request, signing its answer with the device key.`,
  },
  'passkey.verified': {
    title: 'Passkey',
    explain: (d) =>
      `The passkey "${text(d.name, 'passkey')}" signed the sign-in${d.userVerified ? ' with user verification' : ' without user verification'} (counter ${text(d.counter, '0')}).`,
  },
  'token.issued': {
    title: 'Tokens issued',
    explain: (d) =>
      `The OAuth server issued ${list(d.tokens).join(' and ') || 'tokens'} to ${text(d.clientId, 'the application')}${d.grantType ? ` (${text(d.grantType)})` : ''}${d.expiresIn ? `, valid for ${text(d.expiresIn)} seconds` : ''}.`,
  },
  'ciba.requested': {
    title: 'CIBA approval request',
    explain: (d) =>
      `The bank started a CIBA request${d.authReqId ? ` (${text(d.authReqId)})` : ''} asking your phone to approve${d.bindingMessage ? `: ${text(d.bindingMessage)}` : ''}.`,
  },
  'transfer.decided': { title: 'Transfer decision', explain: transferRule },
  'challenge.asked': {
    title: 'Proof asked',
    explain: (d) =>
      `The bank asked you to prove it is you (${text(d.purpose, 'a confirmation')}) with ${text(d.method, 'a sign-in method')}${d.sentTo ? `, sending a code to ${text(d.sentTo)}` : ''}${d.linking ? `, for: ${text(d.linking)}` : ''}.`,
  },
  'challenge.answered': {
    title: 'Proof given',
    explain: (d) =>
      `You proved it is you with ${text(d.method, 'a sign-in method')} (${text(d.purpose, 'a confirmation')}).`,
  },
  'challenge.refused': {
    title: 'Proof refused',
    explain: (d) =>
      `The ${text(d.purpose, 'confirmation')} with ${text(d.method, 'a sign-in method')} was not given (${challengeEnd(d.outcome)}).`,
  },
  'challenge.expired': {
    title: 'Proof expired',
    explain: (d) =>
      `The ${text(d.purpose, 'confirmation')} with ${text(d.method, 'a sign-in method')} was not answered in time.`,
  },
  'seed.applied': { title: 'Demo data', explain: () => 'The demo users were created.' },
  'seed.reset': { title: 'Demo data', explain: () => 'The demo data was restored.' },
  'seed.demo-users-removed': {
    title: 'Demo data',
    explain: () => 'The demo users were removed.',
  },
  'signin.succeeded': {
    title: 'Signed in',
    explain: (d) => `The sign-in of ${text(d.uid, 'the user')} succeeded.`,
  },
  'signin.failed': {
    title: 'Sign-in failed',
    explain: (d) =>
      `A sign-in of ${text(d.uid, 'the user')} failed (${text(d.reason, 'wrong password')}).`,
  },
  'signin.locked': {
    title: 'Sign-in locked',
    explain: (d) =>
      `Too many wrong passwords for ${text(d.uid, 'this username')} from this address: its sign-in from here is locked for a minute.`,
  },
  'otp.failed': {
    title: 'Wrong code',
    explain: (d) =>
      `A wrong one-time code was entered (${text(d.attemptsLeft, 'some')} attempts left).`,
  },
  'risk.denied': {
    title: 'Sign-in blocked',
    explain: (d) =>
      `Sign-in of ${text(d.uid, 'a username')} refused at risk ${text(d.level, 'HIGH')}${list(d.rules).length ? ` by ${list(d.rules).join(', ')}` : ''}: ${list(d.reasons).join(' ') || 'a risk rule fired.'}`,
  },
  signout: { title: 'Signed out', explain: () => 'The session ended with a sign-out.' },
  'transfer.confirmed': {
    title: 'Transfer confirmed',
    explain: (d) =>
      `${dollars(d.amountCents)} moved from ${accountEnding(d.fromAccountId)} to ${accountEnding(d.toAccountId)} in one transaction: two ledger entries${d.referenceNumber === undefined ? '' : `, reference ${text(d.referenceNumber)}`}.`,
  },
  'transfer.denied': {
    title: 'Transfer not made',
    explain: (d) =>
      `The transfer of ${dollars(d.amountCents)} was not made${d.reason ? ` (${text(d.reason)})` : ''}.`,
  },
  'transfer.bot_detected': {
    title: 'Transfer refused',
    explain: () => 'The transfer was refused: the request looks automated.',
  },
  'transfer.cancelled': {
    title: 'Transfer cancelled',
    explain: () => 'You cancelled the transfer waiting for its code; no money moved.',
  },
  'admin.action': {
    title: 'Demo admin',
    explain: (d) => `The demo admin changed ${text(d.action, 'a setting')}.`,
  },
  'consent.changed': {
    title: 'Consent changed',
    explain: (d) =>
      `A consent${d.definition ? ` (${text(d.definition)})` : ''} is now ${text(d.status, 'changed')}.`,
  },
  'partner.read': {
    title: 'Consent check',
    explain: (d) => {
      const people = (count: number, who: string) =>
        count === 1 ? `1 customer who ${who} was` : `${count} customers who ${who} were`;
      if (text(d.resource) === 'scim-users') {
        return `Marketing searched the directory: ${people(list(d.subjects).length, 'opted in')} returned, no one else.`;
      }
      if (text(d.resource) === 'advisor-consents') {
        return `The advisor's client list: ${people(list(d.subjects).length, 'consented')} returned, no one else.`;
      }
      // The entry's title already says "Consent check": its sentence names the consent.
      const consent =
        d.consent === undefined ? 'The customer’s consent' : `The consent ${text(d.consent)}`;
      if (text(d.outcome) !== 'shown') {
        return `${consent} is not given, so nothing was returned.`;
      }
      const accounts = list(d.accounts);
      const whose = text(d.clientName, list(d.subjects).join(', '));
      return `${consent} was granted by ${whose}, so ${accounts.length} ${accounts.length === 1 ? 'account was' : 'accounts were'} returned (${accounts.map((id) => `ending ${id.slice(-4)}`).join(', ')}).`;
    },
  },
  ...PARTNER_EVENT_EXPLANATIONS,
  ...WALLET_EVENT_EXPLANATIONS,
  ...BACKCHANNEL_LOGOUT_EVENT_EXPLANATIONS,
  ...ASSISTANT_EVENT_EXPLANATIONS,
  'helpdesk.step': {
    title: 'Help desk',
    explain: (d) => `The help desk took a step: ${text(d.step, 'a check')}.`,
  },
  'signin.unlocked': {
    title: 'Sign-in unlocked',
    explain: () => 'The help desk lifted a sign-in lock.',
  },
  'identity.verified': {
    title: 'Identity verified',
    explain: () => 'An e-mailed code verified the identity for the credit-card application.',
  },
  'device.added': {
    title: 'Device added',
    explain: (d) => `A ${text(d.type, 'sign-in device')} was added.`,
  },
  'device.removed': {
    title: 'Device removed',
    explain: (d) => `A ${text(d.type, 'sign-in device')} was removed.`,
  },
  'password.changed': {
    title: 'Password changed',
    explain: (d) => `The password was replaced (${text(d.via, 'a change')}).`,
  },
  'password.removed': {
    title: 'Password removed',
    explain: () => 'The password was removed: passkeys alone sign in now.',
  },
  'otp.replayed': {
    title: 'Code replayed',
    explain: () => 'An authenticator-app code was used a second time and refused.',
  },
  'device.clone_suspected': {
    title: 'Passkey refused',
    explain: () =>
      'A passkey signed with a counter that did not move forward: a copy is suspected.',
  },
  'stepup.succeeded': {
    title: 'Step-up',
    explain: () => 'You confirmed it was you before a sensitive change.',
  },
  'contact.change_requested': {
    title: 'Contact change asked',
    explain: (d) => `A new ${text(d.kind, 'contact')} awaits its code.`,
  },
  'contact.changed': {
    title: 'Contact changed',
    explain: (d) =>
      d.inUseFrom
        ? `The new ${text(d.kind, 'contact')} is saved; it signs in only 24 hours from now.`
        : `The new ${text(d.kind, 'contact')} is in use.`,
  },
  'contact.change_undone': {
    title: 'Contact change undone',
    explain: (d) =>
      `"This wasn't me": the previous ${text(d.kind, 'contact')} is back and every session ended.`,
  },
  'oauth.consent_given': {
    title: 'Application allowed',
    explain: (d) => `You let ${text(d.clientId, 'an application')} use your sign-in.`,
  },
  'oauth.consent_refused': {
    title: 'Application refused',
    explain: (d) => `You did not allow ${text(d.clientId, 'an application')}.`,
  },
  'oauth.app_revoked': {
    title: 'Application revoked',
    explain: (d) => `${text(d.clientId, 'An application')} lost its access and its tokens.`,
  },
  'payment_consent.created': {
    title: 'Payment consent registered',
    explain: (d) =>
      `${text(d.clientId, 'An application')} registered a payment of ${dollars(d.amountCents)} to ${accountEnding(d.payeeAccountId)}, reference ${text(d.reference, 'none')}: it waits 10 minutes for the customer's consent.`,
  },
  'payment_consent.code_sent': {
    title: 'Payment approval code sent',
    explain: (d) =>
      `The payment of ${dollars(d.amountCents)} from ${accountEnding(d.accountId)} is above your approval threshold: a one-time code to approve it went to your ${text(d.channel) === 'sms' ? 'phone by text message' : 'e-mail address'}.`,
  },
  'payment_consent.authorised': {
    title: 'Payment consent authorised',
    explain: (d) =>
      `You allowed ${text(d.clientId, 'an application')} to pay ${dollars(d.amountCents)} once, from ${accountEnding(d.accountId)}.`,
  },
  'payment_consent.rejected': {
    title: 'Payment consent refused',
    explain: (d) =>
      `You refused the payment of ${dollars(d.amountCents)} to ${text(d.clientId, 'an application')}; nothing was paid.`,
  },
  'payment.completed': {
    title: 'Payment made',
    explain: (d) =>
      `${dollars(d.amountCents)} moved from ${accountEnding(d.fromAccountId)} to ${accountEnding(d.toAccountId)} in one transaction against its consent, which is now used.`,
  },
  'payment.refused': {
    title: 'Payment refused',
    explain: (d) =>
      `A payment against a consent was refused (${text(d.code, 'not as consented')}); no money moved.`,
  },
  'token.refused': {
    title: 'Token refused',
    explain: (d) => `A token was refused: ${text(d.problem, 'it did not match its grant')}.`,
  },
  'keys.rotated': {
    title: 'Signing key rotated',
    explain: (d) =>
      `A new signing key${d.kid ? ` (${text(d.kid)})` : ''} signs tokens from now on.`,
  },
  'presenter.admitted': {
    title: 'Presenter admitted',
    explain: () => 'This browser gave the presenter secret: the demo tools for everyone open.',
  },
  'presenter.refused': {
    title: 'Presenter secret refused',
    explain: () => 'A wrong presenter secret was given; nothing opened.',
  },
  'browser.remembered': {
    title: 'Browser remembered',
    explain: () => 'This browser skips the second factor at low risk for 30 days.',
  },
  'browser.forgotten': {
    title: 'Browser forgotten',
    explain: (d) =>
      `A remembered browser was forgotten (${text(d.reason, 'customer')}): its next sign-in asks for the second factor.`,
  },
  'recovery_codes.generated': {
    title: 'Recovery codes',
    explain: (d) =>
      `${text(d.count, 'New')} recovery codes were made; the old ones no longer work.`,
  },
  'recovery_code.used': {
    title: 'Recovery code used',
    explain: (d) => `A recovery code replaced the second factor (${text(d.left, 'some')} left).`,
  },
  'recovery_code.failed': {
    title: 'Wrong recovery code',
    explain: () => 'A wrong recovery code was entered.',
  },
  'session.ended': {
    title: 'Session ended',
    explain: (d) => `A sign-in session ended with its tokens${d.via ? ` (${text(d.via)})` : ''}.`,
  },
};

export const behindTheScenesMessages = {
  title: 'Behind the scenes',
  toggle: 'Behind the scenes',
  close: 'Close Behind the scenes',
  intro: 'What the bank did for this browser, one journey at a time, oldest first.',
  empty: 'Nothing yet. Sign in, move money or open a partner portal, and watch here.',
  unavailable: 'Behind the scenes is a demo tool and is off on this server.',
  connecting: 'Connecting…',
  raw: 'Recorded details (secrets removed)',
  openInOutbox: 'Open this message in the outbox',
  signatureValid: 'signature valid',
  signatureInvalid: 'signature does not verify',
  signatureUnchecked: 'signature not checked',
  signatureCheckedBy: 'Checked by the bank’s server against its published keys (/as/jwks).',
  steps: (count: number) => `What happened, step by step (${count})`,
  times: (count: number) => `(${count} times)`,
  expiresIn: (seconds: number) => (seconds > 0 ? `expires in ${seconds} s` : 'expired'),
} as const;
