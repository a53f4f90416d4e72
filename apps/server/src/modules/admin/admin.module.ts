import type { ModuleContext } from '../../module-context';
import type { AuthGuards } from '../identity';
import { registerAdminRoutes } from './admin.routes';

/** The demo admin's API: a demo tool, so with DEMO_TOOLS=off it is gone (404). */
export function registerAdmin(ctx: ModuleContext, deps: { auth: AuthGuards }): void {
  const { config, db } = ctx;
  if (!config.demoToolsEnabled) return;
  ctx.routes((api) =>
    registerAdminRoutes(api, { db, auth: deps.auth, productId: config.productId }),
  );
}
