/**
 * The verifiable-credentials module as other modules use it (ADR 0027): the issuance port
 * identity's OAuth server calls, its key, and revoking a customer's credentials (help desk).
 */
export { createCredentialIssuer } from './issuance.service';
export type { IssuerKey } from './issuer-key';
export type { CredentialStatusService, RevocationReason } from './status.service';
export { registerVerifiableCredentials } from './verifiable-credentials.module';
