// @peculiar/x509 resolves its ASN.1 schemas through tsyringe, which needs the Reflect metadata
// polyfill loaded first (@simplewebauthn/server loads it too, for its attestation checks).
import 'reflect-metadata';
import { isIP } from 'node:net';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * A self-signed certificate for a demo served over HTTPS: ECDSA P-256, for the
 * names and addresses the site is reached at. It is its own authority (CA:true, may sign
 * certificates) so that a phone can install it as a trusted certificate: iOS and Android only
 * offer "trust" for an authority's certificate. Valid 397 days, within what Apple's platforms
 * accept for a server certificate; the server makes a new one when it runs out.
 */

export const CERTIFICATE_DAYS = 397;
const SIGNING = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PemPair {
  cert: string;
  key: string;
}

function pem(label: string, der: ArrayBuffer): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function subjectAltNames(hosts: readonly string[]): x509.JsonGeneralNames {
  return hosts.map((host) => ({ type: isIP(host) ? 'ip' : 'dns', value: host }));
}

export async function makeSelfSignedCertificate(
  hosts: readonly string[],
  now: Date = new Date(),
): Promise<PemPair> {
  const keys = await webcrypto.subtle.generateKey(SIGNING, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
        .toString('hex')
        // A positive serial: the top bit of its first byte clear.
        .replace(/^./, (digit) => (parseInt(digit, 16) & 7).toString(16)),
      name: `CN=AnyBank demo (${hosts.find((host) => !isIP(host) && host !== 'localhost') ?? hosts[0] ?? 'localhost'}), O=AnyBank demo`,
      // A minute back: a phone whose clock is a little behind still takes it.
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: new Date(now.getTime() + CERTIFICATE_DAYS * DAY_MS),
      keys,
      signingAlgorithm: SIGNING,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyCertSign,
          true,
        ),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(subjectAltNames(hosts)),
      ],
    },
    // Node's WebCrypto is the standard one; its type is Node's own.
    webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[1],
  );
  const key = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { cert: certificate.toString('pem') + '\n', key: pem('PRIVATE KEY', key) };
}
