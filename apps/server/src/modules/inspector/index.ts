/**
 * The "Behind the scenes" panel's server side (ADR 0021): which browser a panel is, and
 * its events, read from the audit log. Registered only while demo tools are on.
 */
export { INSPECTOR_COOKIE, inspectorIdOf } from './inspector.rules';
export { createInspectorService, type InspectorService } from './inspector.service';
export { registerInspector } from './inspector.module';
