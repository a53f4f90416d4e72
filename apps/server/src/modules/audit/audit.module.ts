import type { ModuleContext } from '../../module-context';
import { countAuditEventsIn } from './audit-metrics';

/** The audit module's part of the server: with METRICS=on, its events are counted. */
export function registerAudit(ctx: ModuleContext): void {
  if (!ctx.metrics) return;
  const stopCounting = countAuditEventsIn(ctx.metrics);
  ctx.app.addHook('onClose', async () => stopCounting());
}
