/**
 * What the "Behind the scenes" panel shows beside the security events, written to
 * the same audit log but only for a browser whose panel is open (demo tools on): with no panel
 * watching, a sign-in or a transfer writes nothing more than it always did.
 */
export const TRACE_EVENT_TYPES = [
  /** An application sent the browser to sign in (details: client, scopes, PKCE, acr_values). */
  'oauth.authorization_requested',
  /** The risk evaluation at the username step (details: level, the rules that fired, why). */
  'risk.evaluated',
  /** The sign-in flow moved (details: from, to, the step asked, redacted fields). */
  'flow.step',
  /** An e-mail, text message or push went to the outbox (details: channel, masked recipient). */
  'message.sent',
  /** The phone approved or denied a push request (details: kind, decision). */
  'push.decided',
  /** A passkey signed the sign-in (details: authenticator, user verification, counter). */
  'passkey.verified',
  /** The OAuth server issued tokens (details: grant, client, the tokens' headers and claims). */
  'token.issued',
  /** The bank asked for a CIBA approval (details: the auth_req_id, the binding message). */
  'ciba.requested',
  /** A transfer was decided (details: the rule that decided it, the amounts it compared). */
  'transfer.decided',
] as const;
export type TraceEventType = (typeof TRACE_EVENT_TYPES)[number];

/** Whether an event type is written only while a panel watches (see TRACE_EVENT_TYPES). */
export function isTraceOnly(type: string): type is TraceEventType {
  return (TRACE_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * The security events AnyBank records. One list, so that a report or a test can rely on the
 * names; a module records only events named here.
 */
export const AUDIT_EVENT_TYPES = [
  'seed.applied',
  'seed.reset',
  /** `npm run seed -- --remove-demo-users` removed the demo users (details.users). */
  'seed.demo-users-removed',
  'signin.succeeded',
  'signin.failed',
  'signin.locked',
  'otp.failed',
  'risk.denied',
  'signout',
  'transfer.confirmed',
  'transfer.denied',
  'transfer.bot_detected',
  /** The customer cancelled a transfer waiting for its code (details.transferId): no money moved. */
  'transfer.cancelled',
  'admin.action',
  'consent.changed',
  /** A partner user read a customer's data: who (userId), whose (details.subjects), what. */
  'partner.read',
  /**
   * A partner user searched for customers (details.search) and was shown the names and
   * usernames of details.subjects: nothing that needs the customers' consent.
   */
  'partner.searched',
  /**
   * A partner user asked for a customer's data and the customer's consent (details.consent)
   * did not allow it: nothing was returned (details: resource, subjects, clientName when the
   * subject is a customer, whom the search shows by name anyway).
   */
  'partner.consent_refused',
  'wallet.pairing_started',
  'wallet.paired',
  'wallet.pairing_refused',
  /**
   * A verifiable credential (ADR 0027): offered (details: credentialType, where its code went),
   * issued (details: credentialId, credentialType, the holder key's thumbprint), refused at
   * issuance (details.reason: nonce_replayed) and revoked (details.reason: customer, lost_phone).
   */
  'wallet.credential_offered',
  'wallet.credential_issued',
  'wallet.credential_refused',
  'wallet.credential_revoked',
  /** A step of the account help desk: the rep (userId), the customer, the step (details). */
  'helpdesk.step',
  /** The help desk lifted a customer's sign-in lock: failed sign-ins before it stop counting. */
  'signin.unlocked',
  /** A sign-in for the credit-card application verified the user's identity (e-mailed code). */
  'identity.verified',
  /** A second factor was added to the user (userId); details say which and through what. */
  'device.added',
  /** A second factor was taken from the user (userId); details name who did it when not them. */
  'device.removed',
  /** The user's password was replaced; details say through what (recovery, forced reset…). */
  'password.changed',
  /**
   * The customer removed their password: they sign in with a passkey only
   * (details.passkeys: how many they have).
   */
  'password.removed',
  /**
   * ASVS 2.8.5: a right authenticator-app code whose time step was already used
   * was refused; someone else may have seen it (details.deviceId). The owner is told.
   */
  'otp.replayed',
  /**
   * A passkey or security key signed with a counter that did not move forward (WebAuthn §6.1.1):
   * it may be a clone. The user (userId) and the device (details.deviceId); the sign-in failed.
   */
  'device.clone_suspected',
  /**
   * The challenge engine (ADR 0026) asked the user to prove it is them (details: challengeId,
   * purpose, method, reference, the linking words, where a code went); then it was answered,
   * refused (details.outcome: denied, attempts_exceeded, cancelled) or it expired.
   */
  'challenge.asked',
  'challenge.answered',
  'challenge.refused',
  'challenge.expired',
  /** A signed-in customer confirmed it was them before a sensitive change (details.amr). */
  'stepup.succeeded',
  /** A new e-mail address or mobile number was asked for (details.kind); it awaits its code. */
  'contact.change_requested',
  /**
   * The code sent to the new e-mail address or mobile number was entered: it is the contact
   * detail now, and a sign-in device 24 hours later (details.inUseFrom) while an older exists.
   */
  'contact.changed',
  /**
   * "This wasn't me": the previous address's link undid a contact change (details.kind,
   * changeId); the new device went, the old one is back, and every session ended.
   */
  'contact.change_undone',
  /** The customer let an application use their sign-in (details: client, scopes). */
  'oauth.consent_given',
  /** The customer did not allow an application (details.clientId); it got access_denied. */
  'oauth.consent_refused',
  /** The customer revoked a connected app: its grants and tokens ended (details). */
  'oauth.app_revoked',
  /**
   * A customer's assistant (ADR 0029) used a tool or read a resource of the MCP server for them
   * (details: clientId, what: the tool's or resource's name); Connected apps shows the last.
   */
  'assistant.used',
  /**
   * A validly signed access token did not match its grant (details.problem: the
   * subject, client, user type or scopes); refused 401. userId is the grant's account.
   */
  'token.refused',
  /** A new token signing key was added and signs from now on (details.kid, details.via). */
  'keys.rotated',
  /** A browser gave the presenter secret and holds the presenter cookie now (by address). */
  'presenter.admitted',
  /** A wrong presenter secret was given (by address); the rate limit caps the guesses. */
  'presenter.refused',
  /**
   * The customer had this browser remembered after a second factor
   * (details.browserId, details.browser); it skips the second factor at low risk for 30 days.
   */
  'browser.remembered',
  /**
   * A remembered browser was forgotten (details.browserId, details.reason: customer, a risk
   * refusal, password-change, password-reset, signed-out-everywhere).
   */
  'browser.forgotten',
  /** A new set of recovery codes was made (details.count); the old set is void. */
  'recovery_codes.generated',
  /** A recovery code replaced the second factor at sign-in (details.left: codes still unused). */
  'recovery_code.used',
  /** A wrong recovery code at sign-in (details.attemptsLeft, details.locked). */
  'recovery_code.failed',
  /**
   * A sign-in session ended with its grants and tokens, not by its own sign-out
   * (details.sessionId, details.via: the customer's list, "everywhere else", a password change
   * or reset; details.grantsEnded).
   */
  'session.ended',
  /**
   * Pay by bank (ADR 0023): an application registered a payment consent (details: consentId,
   * clientId, amountCents, payeeAccountId, reference); it awaits the customer for 10 minutes.
   */
  'payment_consent.created',
  /**
   * Above the approval threshold without an activated phone app: a one-time code to approve it
   * went to the customer's sign-in device (details.channel, details.accountId); not authorised yet.
   */
  'payment_consent.code_sent',
  /** The customer authorised it on the bank's consent screen, paying from details.accountId. */
  'payment_consent.authorised',
  /** The customer refused it on the consent screen; the application got access_denied. */
  'payment_consent.rejected',
  /** The payment was made against its consent: the money moved, the consent is consumed. */
  'payment.completed',
  /** A payment submission was refused (details.code); no money moved. */
  'payment.refused',
  /**
   * The retail shop checked a presentation from a customer's wallet (OpenID4VP, ADR 0027) and
   * verified it, refused it (details.code) or the customer declined. Details: purpose, the
   * claims requested, disclosed and withheld (names only), and the checks made.
   */
  'shop.wallet_check_verified',
  'shop.wallet_check_refused',
  'shop.wallet_check_declined',
  /**
   * OpenID Connect Back-Channel Logout (ADR 0028): the bank sent a client a logout token for a
   * session that ended (details: clientId, sid, via) and the client took it, or the delivery
   * failed (details.error).
   */
  'backchannel_logout.delivered',
  'backchannel_logout.failed',
  /**
   * The retail shop took a logout token from the bank and ended its session of that shopper
   * (details.sessionsEnded), or refused one (details.reason: a bad signature or claim, a replay).
   */
  'shop.backchannel_logout_accepted',
  'shop.backchannel_logout_refused',
  ...TRACE_EVENT_TYPES,
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** What a partner read: the endpoint's data, whose it was, and whether it was shown. */
export interface PartnerRead {
  /**
   * The event: a read (`partner.read`, the default), a search of names only, or a read the
   * customer's consent refused.
   */
  type?: 'partner.read' | 'partner.searched' | 'partner.consent_refused';
  /** The partner user who read. */
  readerId: string;
  readerType: string;
  resource:
    'advisor-consents' | 'client-balances' | 'client-search' | 'client-transactions' | 'scim-users';
  /** The customers whose data was in the answer (or was asked for and refused). */
  subjects: readonly string[];
  outcome: 'shown' | 'refused';
  ip: string | null;
  /** What else identifies the read: the filter sent, the accounts shown. */
  context?: Record<string, unknown>;
}

/** The audit event of a partner read: who read whose data (ADR 0011). */
export function partnerReadEvent(read: PartnerRead) {
  return {
    type: read.type ?? ('partner.read' as const),
    userId: read.readerId,
    ip: read.ip,
    details: {
      readerType: read.readerType,
      resource: read.resource,
      subjects: [...read.subjects],
      outcome: read.outcome,
      ...read.context,
    },
  };
}
