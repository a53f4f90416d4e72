import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { ServerMetrics } from './http/metrics';

/**
 * What the composition root (app.ts) hands every module's `register` (docs/architecture.md
 * "How a module is composed"): the shared plumbing only. The services of other modules a
 * module needs are its register's second argument, each named.
 */
export interface ModuleContext {
  config: Config;
  db: Database;
  /** Whether other server instances may share the database (PostgreSQL; PGlite has one owner). */
  sharedDatabase: boolean;
  /** The server itself: hooks that every request passes, and what to do when it closes. */
  app: FastifyInstance;
  /**
   * Adds the module's routes under BASE_PATH, in the one scope every API route shares (its
   * body parsers, error mapping and rate limits); added once every module has registered.
   */
  routes(add: (api: FastifyInstance) => void): void;
  /** Where the API is reached from outside, for the absolute links some answers carry. */
  siteUrl: string;
  /** What "now" is (tests move it); undefined: the system clock. */
  clock: (() => Date) | undefined;
  /** METRICS=on: the registry a module adds its counters to; null: nothing is counted. */
  metrics: ServerMetrics | null;
}

/** A module context whose queued routes are added, in the order queued, by `addRoutes`. */
export function createModuleContext(plumbing: Omit<ModuleContext, 'routes'>): {
  ctx: ModuleContext;
  addRoutes(api: FastifyInstance): void;
} {
  const queued: ((api: FastifyInstance) => void)[] = [];
  return {
    ctx: { ...plumbing, routes: (add) => void queued.push(add) },
    addRoutes: (api) => {
      for (const add of queued) add(api);
    },
  };
}
