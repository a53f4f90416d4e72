import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TlsSetting } from '../config';
import { CERTIFICATE_DAYS } from './tls-certificate';
import { TlsSetupError, isReusable, loadTlsCredentials, namesIn } from './tls';

/** The certificate HTTPS=on makes once, keeps in the data directory and reuses. */

const DAY_MS = 24 * 60 * 60 * 1000;
const LOCAL = ['localhost', '127.0.0.1', '::1'];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tlsDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'anybank-tls-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return path.join(dir, 'tls');
}

function generated(dir: string, hosts: string[] = LOCAL): TlsSetting {
  return { kind: 'generated', dir, hosts };
}

describe('the HTTPS certificate', () => {
  it('is made on first start for every host, kept in the data directory, the key readable by the server alone', async () => {
    const dir = await tlsDir();
    const made = await loadTlsCredentials(generated(dir, [...LOCAL, '192.168.1.20']));
    expect(made.origin).toBe('generated');
    expect(made.certPath).toBe(path.join(dir, 'cert.pem'));
    expect(await readFile(path.join(dir, 'cert.pem'), 'utf8')).toBe(made.cert);
    expect((await stat(path.join(dir, 'key.pem'))).mode & 0o777).toBe(0o600);

    const certificate = new X509Certificate(made.cert);
    expect(made.fingerprint256).toBe(certificate.fingerprint256);
    expect(made.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(namesIn(certificate)).toEqual(['localhost', '127.0.0.1', '::1', '192.168.1.20']);
    expect(certificate.ca).toBe(true);
    const lifetime = Date.parse(certificate.validTo) - Date.parse(certificate.validFrom);
    expect(lifetime).toBeLessThanOrEqual((CERTIFICATE_DAYS + 1) * DAY_MS);
  });

  it('is reused at the next start: same certificate, same fingerprint (a phone that trusted it still does)', async () => {
    const dir = await tlsDir();
    const first = await loadTlsCredentials(generated(dir));
    const second = await loadTlsCredentials(generated(dir));
    expect(second.origin).toBe('reused');
    expect(second.fingerprint256).toBe(first.fingerprint256);
    expect(second.key).toBe(first.key);
  });

  it('is made again when the site is reached at a host it does not name', async () => {
    const dir = await tlsDir();
    const first = await loadTlsCredentials(generated(dir));
    const second = await loadTlsCredentials(generated(dir, [...LOCAL, 'laptop.local']));
    expect(second.origin).toBe('generated');
    expect(second.fingerprint256).not.toBe(first.fingerprint256);
    expect(namesIn(new X509Certificate(second.cert))).toContain('laptop.local');
  });

  it('is made again when it runs out within a day, and when its files are damaged', async () => {
    const dir = await tlsDir();
    const first = await loadTlsCredentials(generated(dir));
    const nearlyExpired = new Date(Date.now() + (CERTIFICATE_DAYS - 0.5) * DAY_MS);
    expect(isReusable(first, LOCAL, nearlyExpired)).toBe(false);
    expect(isReusable(first, LOCAL, new Date())).toBe(true);

    await writeFile(path.join(dir, 'key.pem'), 'not a key');
    const remade = await loadTlsCredentials(generated(dir));
    expect(remade.origin).toBe('generated');
    expect(remade.fingerprint256).not.toBe(first.fingerprint256);
  });

  it('is not reused with another key beside it', async () => {
    const dir = await tlsDir();
    const one = await loadTlsCredentials(generated(dir));
    const other = await loadTlsCredentials(generated(await tlsDir()));
    expect(isReusable({ cert: one.cert, key: other.key }, LOCAL, new Date())).toBe(false);
  });

  it("is TLS_CERT's with TLS_KEY, which must be its key", async () => {
    const dir = await tlsDir();
    const made = await loadTlsCredentials(generated(dir));
    const files = { kind: 'files', certPath: made.certPath, keyPath: path.join(dir, 'key.pem') };
    const fromFiles = await loadTlsCredentials(files as TlsSetting);
    expect(fromFiles).toMatchObject({ origin: 'files', fingerprint256: made.fingerprint256 });

    const otherKey = path.join(path.dirname(dir), 'other-key.pem');
    await writeFile(otherKey, (await loadTlsCredentials(generated(await tlsDir()))).key);
    await expect(loadTlsCredentials({ ...files, keyPath: otherKey } as TlsSetting)).rejects.toThrow(
      /^TLS_KEY: .* is not the private key of TLS_CERT's certificate$/,
    );
    await expect(
      loadTlsCredentials({ ...files, certPath: '/nowhere/cert.pem' } as TlsSetting),
    ).rejects.toThrow(new TlsSetupError('TLS_CERT: cannot read /nowhere/cert.pem (ENOENT)'));
  });
});
