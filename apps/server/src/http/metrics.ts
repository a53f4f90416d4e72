import cluster from 'node:cluster';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';
import type { PoolUse } from '../db/database';

/**
 * The Prometheus instruments of one server (README "Metrics"), built only with METRICS=on
 * (off, nothing here exists and nothing is counted). Per process: behind `cluster` (WORKERS=N)
 * the worker that answers a scrape asks the primary, which adds up every worker's registry
 * (prom-client's AggregatorRegistry; the primary calls `serveClusterMetrics` once).
 */
export interface ServerMetrics {
  /** One answered request: its method, route pattern (metrics.rules.ts), status and duration. */
  requestFinished(method: string, route: string, statusCode: number, seconds: number): void;
  /** What a scrape answers: this process's metrics, or every worker's behind `cluster`. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /**
   * Adds a counter a module keeps (when it registers: the audit module counts sign-ins,
   * transfers and CIBA decisions from its events); answers how to count one.
   */
  addCounter(definition: CounterDefinition): (labels: Record<string, string>) => void;
}

/** A counter a module adds to the registry. */
export interface CounterDefinition {
  name: string;
  help: string;
  labelNames: readonly string[];
  /** The label sets the counter starts at 0 with, so that a rate exists before the first. */
  startsAt: readonly Record<string, string>[];
}

/** Seconds: a sign-in step is ~5-60 ms here, a password hash ~15 ms, a slow query far more. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function poolGauges(registry: Registry, poolUse: () => PoolUse) {
  new Gauge({
    name: 'anybank_db_pool_connections',
    help: 'PostgreSQL connections of this process: open (total), idle, and the most it may open (max).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'max' }, use.max);
    },
  });
  new Gauge({
    name: 'anybank_db_pool_waiting_queries',
    help: 'Queries of this process waiting for a free PostgreSQL connection.',
    registers: [registry],
    collect() {
      this.set(poolUse().waiting);
    },
  });
}

/**
 * Builds the instruments: the default process metrics (event-loop lag, CPU, memory, GC), the
 * requests and, on PostgreSQL, the pool; the modules add their counters. PGlite has no pool (one
 * connection inside the process), so it reports none.
 */
export function createServerMetrics(deps: { poolUse: (() => PoolUse) | null }): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'anybank_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'anybank_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer’s end, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  if (deps.poolUse) poolGauges(registry, deps.poolUse);
  if (cluster.isWorker) {
    // This worker's registry is what it sends when the primary gathers every worker's.
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
  return {
    requestFinished(method, route, statusCode, seconds) {
      requests.inc({ method, route, status_code: statusCode });
      durations.observe({ method, route }, seconds);
    },
    async scrape() {
      if (cluster.isWorker) return askPrimary();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    addCounter(definition) {
      const counter = new Counter({
        name: definition.name,
        help: definition.help,
        labelNames: definition.labelNames,
        registers: [registry],
      });
      for (const labels of definition.startsAt) counter.inc(labels, 0);
      return (labels) => counter.inc(labels);
    },
  };
}

const METRICS_REQUEST = 'anybank:metrics-request';
const METRICS_ANSWER = 'anybank:metrics-answer';
/** How long a worker waits for the primary's sum (prom-client gives up on a worker after 5 s). */
const PRIMARY_TIMEOUT_MS = 6000;

interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: number;
  contentType?: string;
  body?: string;
  error?: string;
}

let nextRequestId = 0;

function askPrimary(): Promise<{ contentType: string; body: string }> {
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    const answered = (message: unknown) => {
      const answer = message as Partial<MetricsAnswer> | null;
      if (answer?.type !== METRICS_ANSWER || answer.id !== id) return;
      clearTimeout(timer);
      process.off('message', answered);
      if (answer.body === undefined || answer.contentType === undefined) {
        reject(new Error(`the primary process could not gather the metrics: ${answer.error}`));
      } else {
        resolve({ contentType: answer.contentType, body: answer.body });
      }
    };
    const timer = setTimeout(() => {
      process.off('message', answered);
      reject(new Error('the primary process did not answer for the metrics (serveClusterMetrics)'));
    }, PRIMARY_TIMEOUT_MS);
    process.on('message', answered);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/**
 * For the `cluster` primary (WORKERS above 1), once: answers a worker's request for the
 * metrics with every live worker's added up (counters and histograms summed, event-loop lag
 * averaged, as prom-client aggregates each). The primary serves no requests itself.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message.type !== METRICS_REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (body) =>
        worker.send({ type: METRICS_ANSWER, id, contentType: aggregator.contentType, body }),
      (error: unknown) =>
        worker.send({ type: METRICS_ANSWER, id, error: (error as Error).message }),
    );
  });
}
