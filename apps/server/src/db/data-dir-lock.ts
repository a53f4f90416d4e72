import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another AnyBank server (pid ${pid}). ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * When a process started (clock ticks since boot, from Linux's /proc), or null where that is
 * not known. A pid alone can be reused: after a crash, the lock's pid may belong to another
 * process by the time the server starts again (in a container, pid 1 is always taken).
 */
export async function processStartTime(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22 of stat; the command name (field 2) may hold spaces: count after its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the process that wrote the lock (`pid [start time]`) if it still runs, else null. */
async function liveHolder(lock: string): Promise<number | null> {
  const [pidText = '', started] = lock.trim().split(' ');
  const pid = Number.parseInt(pidText, 10);
  if (!Number.isInteger(pid) || pid === process.pid || !isRunning(pid)) return null;
  if (started) {
    const now = await processStartTime(pid);
    // The pid is alive but started later: a new process that got the dead owner's pid.
    if (now !== null && now !== started) return null;
  }
  return pid;
}

/**
 * Takes `<dataDir>/server.lock` for this process. PGlite has no locking of its own, and two
 * processes writing one data directory lose rows without a word. A lock left by a process
 * that died (a crash, SIGKILL) is taken over, even when its pid has been given to another
 * process since: the lock holds the owner's start time beside its pid.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  const started = await processStartTime(process.pid);
  // Written aside, then linked into place: the lock never exists without its content, so no
  // other server can read it half-written and take it for a stale one.
  const draft = `${lockPath}.${process.pid}`;
  await writeFile(draft, started ? `${process.pid} ${started}` : String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await link(draft, lockPath);
        return async () => {
          await rm(lockPath, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = await liveHolder(await readFile(lockPath, 'utf8').catch(() => ''));
        if (holder !== null) throw new DataDirInUseError(dataDir, holder);
        await rm(lockPath, { force: true });
      }
    }
    throw new Error(`Could not take the lock ${lockPath}`);
  } finally {
    await rm(draft, { force: true });
  }
}
