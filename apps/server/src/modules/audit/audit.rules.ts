/**
 * The security events AnyBank records. One list, so that a report or a test can rely on the
 * names; a module records only events named here.
 */
export const AUDIT_EVENT_TYPES = [
  'seed.applied',
  'seed.reset',
  'signin.succeeded',
  'signin.failed',
  'signin.locked',
  'otp.failed',
  'risk.denied',
  'signout',
  'transfer.confirmed',
  'transfer.denied',
  'transfer.bot_detected',
  'admin.action',
  'consent.changed',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];
