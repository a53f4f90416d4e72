import type { ModuleContext } from '../../module-context';
import { createActivityService } from '../banking';
import type { AuthGuards } from '../identity';
import { registerAssistantRoutes } from './assistant.routes';
import { createAssistantService } from './assistant.service';

/**
 * The assistant module's part of the server (ADR 0029): the bank as an MCP server, whose
 * tools read a customer's accounts for the AI assistant they connected.
 */
export function registerAssistant(ctx: ModuleContext, deps: { auth: AuthGuards; version: string }) {
  const { config, db, siteUrl } = ctx;
  const assistant = createAssistantService({
    db,
    activity: createActivityService({ db, clock: ctx.clock }),
  });
  ctx.routes((api) =>
    registerAssistantRoutes(api, {
      auth: deps.auth,
      assistant,
      siteUrl,
      version: deps.version,
      issuer: `${config.publicUrl}${config.basePath}`,
    }),
  );
}
