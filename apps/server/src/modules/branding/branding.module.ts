import type { ModuleContext } from '../../module-context';
import type { AuthGuards, PresenterGuard } from '../identity';
import { registerBrandingRoutes } from './branding.routes';
import { createBrandingService } from './branding.service';

/**
 * The branding module's part of the server (ADR 0020): the brand the site, the messages and
 * the phone show. Anyone reads it; its admin calls exist only with the demo tools.
 */
export function registerBranding(
  ctx: ModuleContext,
  deps: { auth: AuthGuards; presenter: PresenterGuard },
) {
  const { config } = ctx;
  const branding = createBrandingService({
    db: ctx.db,
    defaults: config.brand,
    basePath: config.basePath,
    storedBrandApplies: config.demoToolsEnabled,
  });
  ctx.routes((api) =>
    registerBrandingRoutes(api, {
      branding,
      auth: deps.auth,
      presenter: deps.presenter,
      demoToolsEnabled: config.demoToolsEnabled,
    }),
  );
  return branding;
}
