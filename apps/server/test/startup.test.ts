import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs the real entry point, as `npm start` does, and returns how it ended. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('start-up', () => {
  it('stops with a message naming the variable when an environment value is bad', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'anybank-start-'));
    try {
      const result = await runServer({ PORT: 'eighty', OUTBOX: 'sometimes', DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('AnyBank cannot start');
      expect(result.stderr).toMatch(/PORT: .*"eighty"/);
      expect(result.stderr).toMatch(/OUTBOX: must be "on" or "off"/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
