import { describe, expect, it } from 'vitest';
import { configProblemsOf } from '../test/test-config';
import { loadConfig } from './config';

/** HTTPS=on, TLS_CERT/TLS_KEY, and what PUBLIC_URL and HOST become with them. */

describe('HTTPS configuration', () => {
  it('is off by default: plain http://localhost, no certificate', () => {
    const config = loadConfig({});
    expect(config.tls).toBeNull();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.host).toBe('localhost');
  });

  it('HTTPS=on alone serves https://localhost:PORT with a certificate made in DATA_DIR/tls for the local names', () => {
    const config = loadConfig({ HTTPS: 'on', PORT: '8443', DATA_DIR: '/var/anybank' });
    expect(config.publicUrl).toBe('https://localhost:8443');
    expect(config.orchestratorUrl).toBe('https://localhost:8443/api/orchestration');
    expect(config.host).toBe('localhost');
    expect(config.tls).toEqual({
      kind: 'generated',
      dir: '/var/anybank/tls',
      hosts: ['localhost', '127.0.0.1', '::1'],
    });
  });

  it("with PUBLIC_URL on the laptop's address, the certificate names it and the relying party follows it", () => {
    const config = loadConfig({ HTTPS: 'on', PUBLIC_URL: 'https://192.168.1.20:8080' });
    expect(config.publicUrl).toBe('https://192.168.1.20:8080');
    expect(config.host).toBe('192.168.1.20');
    expect(config.tls).toMatchObject({
      kind: 'generated',
      hosts: ['localhost', '127.0.0.1', '::1', '192.168.1.20'],
    });
  });

  it('an explicit HOST stays the relying party, and the certificate names both', () => {
    const config = loadConfig({
      HTTPS: 'on',
      HOST: 'laptop.local',
      PUBLIC_URL: 'https://laptop.local:8080/',
    });
    expect(config.host).toBe('laptop.local');
    expect(config.publicUrl).toBe('https://laptop.local:8080');
    expect(config.tls).toMatchObject({ hosts: ['localhost', '127.0.0.1', '::1', 'laptop.local'] });
  });

  it('HOST still defaults to localhost without HTTPS, whatever PUBLIC_URL is (a TLS proxy in front)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://bank.example.com' }).host).toBe('localhost');
  });

  it('uses TLS_CERT and TLS_KEY when both are set', () => {
    expect(
      loadConfig({ HTTPS: 'on', TLS_CERT: '/etc/tls/cert.pem', TLS_KEY: '/etc/tls/key.pem' }).tls,
    ).toEqual({ kind: 'files', certPath: '/etc/tls/cert.pem', keyPath: '/etc/tls/key.pem' });
  });

  it.each([
    [{ HTTPS: 'yes' }, ['HTTPS: must be "on" or "off" (got "yes")']],
    [{ HTTPS: 'on', TLS_CERT: '/c.pem' }, ['TLS_CERT: must be set with TLS_KEY (got "/c.pem")']],
    [{ HTTPS: 'on', TLS_KEY: '/k.pem' }, ['TLS_KEY: must be set with TLS_CERT (got "/k.pem")']],
    [
      { TLS_CERT: '/c.pem', TLS_KEY: '/k.pem' },
      [
        'TLS_CERT: is only read with HTTPS=on (got "/c.pem")',
        'TLS_KEY: is only read with HTTPS=on (got "/k.pem")',
      ],
    ],
    [
      { HTTPS: 'on', PUBLIC_URL: 'http://192.168.1.20:8080' },
      ['PUBLIC_URL: must be an https:// URL with HTTPS=on (got "http://192.168.1.20:8080")'],
    ],
  ])('refuses %j with one line per bad variable', (env, problems) => {
    expect(configProblemsOf(env)).toEqual(problems);
  });

  it('an empty TLS_CERT is unset, as every variable', () => {
    expect(loadConfig({ HTTPS: 'on', TLS_CERT: '', TLS_KEY: '' }).tls?.kind).toBe('generated');
  });
});
