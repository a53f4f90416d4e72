import type { JWK } from 'jose';
import { z } from 'zod';
import { STATUS_LIST_JWT_TYPE, vcPaths } from '@anybank/contracts';
import { fetchTrusting, type TrustedFetchOptions } from './trusted-fetch';
import type { IssuerSource } from './wallet-check.verifier';

type Fetch = (url: string, options?: TrustedFetchOptions) => Promise<Response>;

const issuerMetadataSchema = z.object({
  issuer: z.string(),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
});

/**
 * The bank as the shop reaches it for a presentation's checks (ADR 0027): its SD-JWT VC issuer
 * metadata at `{site}/.well-known/jwt-vc-issuer` and its status lists, over HTTP like every
 * other call the shop makes to its bank (with HTTPS=on, trusting the bank's own certificate).
 */
export function bankIssuerSource(bankUrl: string, bankCertificate?: string): IssuerSource {
  const fetchBank: Fetch =
    bankCertificate && !bankUrl.startsWith('http://')
      ? fetchTrusting(bankCertificate)
      : (url, options) => fetch(url, options as RequestInit);
  async function get(url: string, accept: string): Promise<Response> {
    const response = await fetchBank(url, {
      headers: { accept },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response;
  }
  return {
    async issuerMetadata() {
      const response = await get(`${bankUrl}${vcPaths.issuerKeys}`, 'application/json');
      const metadata = issuerMetadataSchema.parse(await response.json());
      return { issuer: metadata.issuer, jwks: { keys: metadata.jwks.keys as JWK[] } };
    },
    async statusList(uri) {
      const response = await get(uri, `application/${STATUS_LIST_JWT_TYPE}`);
      return response.text();
    },
  };
}
