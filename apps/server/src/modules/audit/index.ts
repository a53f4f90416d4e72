/**
 * The audit module as other modules use it: the names of security events, and writing and
 * counting them (always in the caller's transaction when it passes one).
 */
export { partnerReadEvent, type AuditEventType, type PartnerRead } from './audit.rules';
export {
  auditEventInsertWhen,
  countAuditEvents,
  insertAuditEvent,
  type AuditEvent,
} from './audit.store';
