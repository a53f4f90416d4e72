import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer } from 'node:https';
import { isIP } from 'node:net';
import path from 'node:path';
import type { FastifyServerFactory } from 'fastify';
import type { TlsSetting } from '../config';
import { makeSelfSignedCertificate, type PemPair } from './tls-certificate';

/**
 * HTTPS=on: the server serves HTTPS itself, so that a phone on the same network
 * gets a secure context (WebCrypto for the phone app, passkeys). The certificate is TLS_CERT's
 * and TLS_KEY's, or one made on first start and kept in DATA_DIR/tls, reused while it is valid
 * and names every host the site is reached at (a phone that trusted it keeps trusting it).
 */

export interface TlsCredentials extends PemPair {
  /** SHA-256 of the certificate, as browsers show it: `AB:CD:…`. */
  fingerprint256: string;
  /** Where the certificate is, for the start banner. */
  certPath: string;
  /** Made now, found in the data directory, or TLS_CERT's. */
  origin: 'generated' | 'reused' | 'files';
}

/** A TLS file that cannot be used: one line naming the variable. */
export class TlsSetupError extends Error {
  override name = 'TlsSetupError';
}

const CERT_FILE = 'cert.pem';
const KEY_FILE = 'key.pem';
/** A certificate that runs out within a day is made again now, not in the middle of a demo. */
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

/** A host name in lower case; an IPv6 address compressed (`0:0:0:0:0:0:0:1` is `::1`). */
function canonicalHost(host: string): string {
  if (isIP(host) !== 6) return host.toLowerCase();
  return new URL(`http://[${host}]/`).hostname.slice(1, -1);
}

/** The host names and addresses a certificate names (its subjectAltName). */
export function namesIn(certificate: X509Certificate): string[] {
  return (certificate.subjectAltName ?? '')
    .split(', ')
    .map((entry) => canonicalHost(entry.replace(/^(DNS|IP Address):/, '')))
    .filter(Boolean);
}

/**
 * Whether a stored certificate serves on: its key matches, it is valid now and for another
 * day, and it names every host. Anything unreadable is not reusable.
 */
export function isReusable(stored: PemPair, hosts: readonly string[], now: Date): boolean {
  try {
    const certificate = new X509Certificate(stored.cert);
    if (!certificate.checkPrivateKey(createPrivateKey(stored.key))) return false;
    if (new Date(certificate.validFrom).getTime() > now.getTime()) return false;
    if (new Date(certificate.validTo).getTime() - now.getTime() < RENEW_BEFORE_MS) return false;
    const names = new Set(namesIn(certificate));
    return hosts.every((host) => names.has(canonicalHost(host)));
  } catch {
    return false;
  }
}

async function readIfThere(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Written whole or not at all: a crash mid-write leaves the old file (or none). */
async function writeAtomically(file: string, content: string, mode: number) {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode });
  await rename(temporary, file);
}

async function generatedCredentials(
  setting: Extract<TlsSetting, { kind: 'generated' }>,
  now: Date,
): Promise<TlsCredentials> {
  const certPath = path.join(setting.dir, CERT_FILE);
  const keyPath = path.join(setting.dir, KEY_FILE);
  const [cert, key] = await Promise.all([readIfThere(certPath), readIfThere(keyPath)]);
  if (cert !== null && key !== null && isReusable({ cert, key }, setting.hosts, now)) {
    return withFingerprint({ cert, key }, certPath, 'reused');
  }
  const made = await makeSelfSignedCertificate(setting.hosts, now);
  await mkdir(setting.dir, { recursive: true, mode: 0o700 });
  // The key first: a certificate on disk always has its key beside it.
  await writeAtomically(keyPath, made.key, 0o600);
  await writeAtomically(certPath, made.cert, 0o644);
  return withFingerprint(made, certPath, 'generated');
}

async function readTlsFile(variable: string, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new TlsSetupError(`${variable}: cannot read ${file} (${code})`);
  }
}

async function credentialsFromFiles(
  setting: Extract<TlsSetting, { kind: 'files' }>,
): Promise<TlsCredentials> {
  const [cert, key] = await Promise.all([
    readTlsFile('TLS_CERT', setting.certPath),
    readTlsFile('TLS_KEY', setting.keyPath),
  ]);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new TlsSetupError(`TLS_CERT: ${setting.certPath} is not a PEM certificate`);
  }
  let matches: boolean;
  try {
    matches = certificate.checkPrivateKey(createPrivateKey(key));
  } catch {
    throw new TlsSetupError(`TLS_KEY: ${setting.keyPath} is not a PEM private key`);
  }
  if (!matches) {
    throw new TlsSetupError(
      `TLS_KEY: ${setting.keyPath} is not the private key of TLS_CERT's certificate`,
    );
  }
  return withFingerprint({ cert, key }, setting.certPath, 'files');
}

function withFingerprint(
  pair: PemPair,
  certPath: string,
  origin: TlsCredentials['origin'],
): TlsCredentials {
  // TLS_CERT may hold a chain: the first certificate is the server's.
  const fingerprint256 = new X509Certificate(pair.cert).fingerprint256;
  return { ...pair, fingerprint256, certPath, origin };
}

/** The certificate and key HTTPS=on serves with (made or renewed when needed). */
export function loadTlsCredentials(
  setting: TlsSetting,
  now: Date = new Date(),
): Promise<TlsCredentials> {
  return setting.kind === 'files'
    ? credentialsFromFiles(setting)
    : generatedCredentials(setting, now);
}

/**
 * Fastify's server, made an HTTPS one. (Fastify's own `https` option changes the instance's
 * type everywhere; the HTTPS server takes the same requests and handler as the HTTP one.)
 */
export function httpsServerFactory(credentials: PemPair): FastifyServerFactory {
  return (handler) =>
    createServer({ cert: credentials.cert, key: credentials.key }, handler) as unknown as Server;
}

/** The start banner's lines about HTTPS: where the certificate is and its fingerprint. */
export function tlsBannerLines(credentials: TlsCredentials): string[] {
  const made = {
    generated: 'made now',
    reused: 'made earlier',
    files: 'TLS_CERT',
  }[credentials.origin];
  return [
    `  https: certificate ${credentials.certPath} (${made})`,
    `  certificate SHA-256 fingerprint: ${credentials.fingerprint256}`,
  ];
}
