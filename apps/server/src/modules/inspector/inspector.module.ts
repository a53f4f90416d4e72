import { signInRateLimit } from '../../http/rate-limits';
import type { ModuleContext } from '../../module-context';
import { registerInspectorRoutes, watchBrowsers } from './inspector.routes';
import { createInspectorService } from './inspector.service';

/**
 * "Behind the scenes" (ADR 0021), a demo tool: every browser has what its requests cause
 * recorded for its panel, from its first page on, so that the panel opened late replays it. Registered before the OAuth server is mounted, so that its
 * requests are watched too.
 */
export function registerInspector(ctx: ModuleContext): void {
  const { config } = ctx;
  if (!config.demoToolsEnabled) return;
  const inspector = createInspectorService({ db: ctx.db });
  watchBrowsers(ctx.app, { config, inspector });
  ctx.routes((api) =>
    registerInspectorRoutes(api, {
      config,
      inspector,
      rateLimit: signInRateLimit(config),
      // PGlite has one owner process: no other instance can write a panel's events.
      otherInstances: ctx.sharedDatabase,
    }),
  );
}
