import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { connect } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { E2E_SERVER_SECRETS, E2E_WEB_DIST_DIR } from '../../playwright.config';
import { freePort, stopProcess } from './own-server';

/**
 * A bank server of a journey's own that serves HTTPS itself (HTTPS=on), on its own
 * PGlite data directory: it makes its self-signed certificate there on first start and prints
 * the certificate's SHA-256 fingerprint. `startHttpsServer` reads that line and checks that the
 * certificate 127.0.0.1 serves has that very fingerprint, so a journey trusts exactly the
 * certificate the server said it made.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** A new data directory: migrate and seed, on a busy two-core machine. */
const START_TIMEOUT_MS = 90_000;
const FINGERPRINT_LINE = /certificate SHA-256 fingerprint: ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})/;

export interface HttpsServer {
  /** `https://127.0.0.1:<port>`. */
  baseURL: string;
  /** The fingerprint the server printed, checked against the certificate it serves. */
  fingerprint256: string;
  stop(): Promise<void>;
}

/**
 * The SHA-256 fingerprint of the certificate served at 127.0.0.1:port. The handshake does not
 * check the certificate (it is self-signed): its fingerprint is what is checked.
 */
export async function servedFingerprint(port: number): Promise<string> {
  const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false });
  try {
    await once(socket, 'secureConnect');
    const certificate = socket.getPeerX509Certificate();
    if (!certificate) throw new Error(`127.0.0.1:${port} served no certificate`);
    return certificate.fingerprint256;
  } finally {
    socket.destroy();
  }
}

/** Waits for the start banner's fingerprint line; fails with the output if the server exits. */
function printedFingerprint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`No fingerprint within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8_000);
      const match = FINGERPRINT_LINE.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The HTTPS server exited (${code ?? signal}):\n${output}`));
    });
  });
}

/** Starts `node apps/server/dist/main.mjs` (built by `npm start`) with HTTPS=on; `dataDir` is its own. */
export async function startHttpsServer(dataDir: string): Promise<HttpsServer> {
  const port = await freePort();
  const baseURL = `https://127.0.0.1:${port}`;
  const inherited = ['PATH', 'HOME', 'TMPDIR', 'LANG'] as const;
  const child = spawn(process.execPath, [path.join('apps', 'server', 'dist', 'main.mjs')], {
    cwd: repoRoot,
    env: {
      ...Object.fromEntries(
        inherited.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
      ),
      HTTPS: 'on',
      PUBLIC_URL: baseURL,
      PORT: String(port),
      LISTEN_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '5000',
      WEB_DIST_DIR: E2E_WEB_DIST_DIR,
      ...E2E_SERVER_SECRETS,
      NPM_CONFIG_LOGLEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    // The banner comes once the server listens.
    const printed = await printedFingerprint(child);
    const served = await servedFingerprint(port);
    if (served !== printed) {
      throw new Error(`127.0.0.1:${port} serves ${served}, but the server printed ${printed}`);
    }
    return { baseURL, fingerprint256: printed, stop: () => stopProcess(child) };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}
