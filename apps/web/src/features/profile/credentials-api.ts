import {
  credentialRevocationPath,
  issuedCredentialSchema,
  issuedCredentialsResponseSchema,
  vcPaths,
  type CredentialOfferResponse,
  type CredentialType,
  type IssuedCredential,
} from '@anybank/contracts';
import { apiErrorOf, readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { publicConfig } from '../../lib/config';
import { siteUrl } from '../../lib/public-config';
import { withStepUp } from '../../lib/step-up-signal';
import { offerOf, sortedCredentials } from './credential-offer-rules';

/**
 * The bank's verifiable credentials API (modules/verifiable-credentials, ADR 0027), with the
 * customer's access token: an offer for the phone's wallet, the credentials issued, revoking one.
 */

/** A new offer; the step-up dialog asks first when the bank wants a recent sign-in. */
export async function createCredentialOffer(
  credentialType: CredentialType,
): Promise<CredentialOfferResponse> {
  const response = await withStepUp(() =>
    authorizedFetch(vcPaths.offers, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ credentialType }),
    }),
  );
  if (response.status !== 201) throw await apiErrorOf(response, `POST ${vcPaths.offers}`);
  const offer = offerOf(await readJson(response), siteUrl(publicConfig));
  if (offer === null) throw new Error(`POST ${vcPaths.offers} answered no offer for this site`);
  return offer;
}

export async function fetchIssuedCredentials(signal?: AbortSignal): Promise<IssuedCredential[]> {
  const response = await authorizedFetch(vcPaths.credentials, { signal });
  if (!response.ok) throw await apiErrorOf(response, `GET ${vcPaths.credentials}`);
  const { credentials } = issuedCredentialsResponseSchema.parse(await readJson(response));
  return sortedCredentials(credentials);
}

/** Revokes one: its status-list bit is set, and verifiers refuse it from then on. */
export async function revokeCredential(credentialId: string): Promise<IssuedCredential> {
  const path = credentialRevocationPath(credentialId);
  const response = await withStepUp(() => authorizedFetch(path, { method: 'POST' }));
  if (!response.ok) throw await apiErrorOf(response, `POST ${vcPaths.revocation}`);
  return issuedCredentialSchema.parse(await readJson(response));
}
