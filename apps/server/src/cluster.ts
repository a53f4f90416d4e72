// WORKERS=N (ADR 0022): N processes share the port through Node's cluster. Each worker is an
// ordinary instance on the shared PostgreSQL and Redis, as instances on several machines are:
// sessions, flows, rate limits and keys already live there, so no request needs a given worker.
import cluster, { type Worker } from 'node:cluster';

/**
 * What this process is: the only one (WORKERS=1, as before), the primary of WORKERS>1, which
 * does the once-only work (migrations, demo users, first keys) and then forks the workers, or
 * one of those workers, which only serves.
 */
export type ProcessRole = 'single' | 'primary' | 'worker';

export function processRole(workers: number): ProcessRole {
  if (cluster.isWorker) return 'worker';
  return workers > 1 ? 'primary' : 'single';
}

/** Which worker, for the primary's lines about it. */
function nameOf(worker: Worker): string {
  return `worker ${worker.id} (pid ${worker.process.pid ?? '?'})`;
}

/** How a worker ended, as the primary judges it. */
export interface WorkerEnd {
  /** The primary had begun stopping every worker (a signal, or another worker's crash). */
  stopping: boolean;
  code: number | null;
  signal: string | null;
  /** It had listened: by then its own handler drains on SIGINT/SIGTERM and exits 0. */
  listened: boolean;
}

/**
 * Whether a worker's end makes the unit's exit code 1: an unexpected end, or a stop whose drain
 * failed. A worker still starting when the stop reached it has no handler yet, so the signal's
 * default action ends it: that is the stop it was asked for, not a failure.
 */
export function endIsFailure(end: WorkerEnd): boolean {
  if (!end.stopping) return true;
  if (end.code === 0) return false;
  return !(end.signal !== null && !end.listened);
}

/**
 * Forks `count` workers (each runs main.ts again, in the 'worker' role, and listens on the
 * shared port) and calls `onListening` once every one of them listens. SIGINT and SIGTERM are
 * passed on to every worker, which drains its requests and ends as a single instance does.
 * Resolves, once every worker has ended, with the exit code the primary should end with.
 *
 * A worker that ends unexpectedly is not forked again: the primary says so, stops the others
 * and ends with 1. Reforking would hide a crash loop behind a server that keeps half-answering;
 * the operator's supervisor (systemd, a container's restart policy) restarts the whole unit, and
 * counts and reports its restarts, as it does for a single process.
 */
export function runWorkers(count: number, onListening: () => void): Promise<number> {
  return new Promise((resolve) => {
    const listening = new Set<number>();
    let running = count;
    let stopping = false;
    let exitCode = 0;

    function stopAll(signal: NodeJS.Signals) {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (worker && !worker.isDead()) worker.process.kill(signal);
      }
    }

    cluster.on('listening', (worker) => {
      // A worker may listen on two addresses (localhost's IPv4 and IPv6): counted once.
      listening.add(worker.id);
      if (listening.size === count && !stopping) onListening();
    });
    cluster.on('exit', (worker, code, signal) => {
      const failed = endIsFailure({
        stopping,
        code,
        signal,
        listened: listening.has(worker.id),
      });
      if (!stopping) {
        console.error(
          `AnyBank is stopping: its ${nameOf(worker)} ended unexpectedly (${signal ? `killed by ${signal}` : `exit code ${code}`}); the other workers finish their requests and stop. A worker is not restarted alone: restart AnyBank, or let its supervisor do it.`,
        );
        exitCode = 1;
        stopAll('SIGTERM');
      } else if (failed) {
        // Its drain ran out of time, or its stop failed.
        exitCode = 1;
      }
      running -= 1;
      if (running === 0) resolve(exitCode);
    });
    // A terminal's Ctrl-C reaches the workers too (they ignore a second signal); a supervisor's
    // SIGTERM reaches only the primary.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => stopAll(signal));
    }

    for (let index = 0; index < count; index += 1) cluster.fork();
  });
}
