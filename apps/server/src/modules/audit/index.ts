/**
 * The audit module as other modules use it: the names of security events, writing them
 * (always in the caller's transaction when it passes one) and its read models of the log.
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
  insertAuditEvent,
  type AuditEvent,
} from './audit-log';
export {
  countAuditEvents,
  latestEventBy,
  lastPanelEvents,
  panelEventsAfter,
  type AuditDetailsMatch,
  type AuditEventCount,
} from './audit-log.read-model';
export { countFailedSignIns, countFailedSignInsForUsername } from './sign-in-failures.read-model';
export { registerAudit } from './audit.module';
