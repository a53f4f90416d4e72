/**
 * The audit module as other modules use it: the names of security events, and writing and
 * counting them (always in the caller's transaction when it passes one).
 */
export {
  partnerReadEvent,
  type AuditEventType,
  type PartnerRead,
  type TraceEventType,
} from './audit.rules';
export {
  currentInspectorId,
  currentPanelViewer,
  onPanelEvent,
  panelEventWritten,
  panelViewerIs,
  runWatchedBy,
} from './inspector-context';
export { auditEventsRecorded, onAuditEventsRecorded } from './recorded-events';
export {
  auditEventInsertWhen,
  auditStepsAfterSaved,
  auditRowsOf,
  countAuditEvents,
  insertAuditEvent,
  type AuditEvent,
} from './audit.store';
export { registerAudit } from './audit.module';
