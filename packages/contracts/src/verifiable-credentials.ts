import { z } from 'zod';
import { BANK_NAME_SLOT } from './branding';
import { OAUTH_PATHS } from './oauth';

// The claims' labels, kept apart from the schemas so "Behind the scenes" names claims without zod.
export { credentialClaimLabels } from './credential-claim-labels';

/**
 * The bank as an issuer of verifiable credentials into the phone's wallet (ADR 0027):
 * OpenID for Verifiable Credential Issuance 1.0 with the pre-authorized code and a transaction
 * code, SD-JWT VC credentials (`dc+sd-jwt`) bound to the holder's key, and an IETF Token
 * Status List for revocation. Server: modules/verifiable-credentials and oidc-provider's
 * `features.openid4vci` (identity/oauth/openid4vci.ts); holder: `/mobile`.
 */

/** The public OAuth client the phone's wallet redeems an offer as (no secret: a phone app). */
export const WALLET_CLIENT_ID = 'anybank-wallet';

/** The credential types the bank issues: the id in the offer and metadata, and its `vct`. */
export const CREDENTIAL_TYPES = {
  verified_customer: {
    configurationId: 'anybank_verified_customer',
    vct: 'urn:anybank:credential:verified-customer:1',
  },
  account_holder: {
    configurationId: 'anybank_account_holder',
    vct: 'urn:anybank:credential:account-holder:1',
  },
} as const;
export type CredentialType = keyof typeof CREDENTIAL_TYPES;
export const CREDENTIAL_TYPE_NAMES = Object.keys(CREDENTIAL_TYPES) as CredentialType[];
export const credentialTypeSchema = z.enum(['verified_customer', 'account_holder']);

/** The type whose `configurationId` or `vct` this is; null for anything else. */
export function credentialTypeOf(idOrVct: string): CredentialType | null {
  for (const name of CREDENTIAL_TYPE_NAMES) {
    const type = CREDENTIAL_TYPES[name];
    if (type.configurationId === idOrVct || type.vct === idOrVct) return name;
  }
  return null;
}

/** Every claim of each type is selectively disclosable (SD-JWT VC: `_sd` digests). */
export const CREDENTIAL_CLAIMS = {
  verified_customer: [
    'given_name',
    'family_name',
    'birthdate',
    'age_over_18',
    'address',
    'verification_level',
  ],
  account_holder: ['bank_name', 'account_number', 'holder_name'],
} as const satisfies Record<CredentialType, readonly string[]>;

/** The verification the bank holds: its identity check (credit card), or the account opening. */
export const VERIFICATION_LEVELS = ['identity_verified', 'account_opening'] as const;

/** `address` as OpenID Connect's address claim names its parts. */
export const credentialAddressSchema = z.object({
  street_address: z.string().optional(),
  locality: z.string().optional(),
  postal_code: z.string().optional(),
  country: z.string(),
});
export type CredentialAddress = z.infer<typeof credentialAddressSchema>;

/** What the phone shows for each `verification_level`. */
export const verificationLevelLabels: Record<(typeof VERIFICATION_LEVELS)[number], string> = {
  identity_verified: 'Identity checked',
  account_opening: 'At account opening',
};

/** The SD-JWT VC header `typ`, the status list token's, and the proof and key-binding JWTs'. */
export const SD_JWT_VC_TYPE = 'dc+sd-jwt';
export const STATUS_LIST_JWT_TYPE = 'statuslist+jwt';
export const KEY_BINDING_JWT_TYPE = 'kb+jwt';
export const CREDENTIAL_PROOF_JWT_TYPE = 'openid4vci-proof+jwt';

/** A credential is valid for a year; an offer for 10 minutes; the transaction code has 6 digits. */
export const CREDENTIAL_TTL_SECONDS = 365 * 24 * 60 * 60;
export const CREDENTIAL_OFFER_TTL_SECONDS = 600;
export const TX_CODE_LENGTH = 6;
/** One status list of this many 1-bit entries (0 valid, 1 revoked); indexes are drawn at random. */
export const STATUS_LIST_SIZE = 16384;
/** How long a verifier may keep the status list before fetching it again (its `ttl`). */
export const STATUS_LIST_TTL_SECONDS = 60;

/** The bank's issuer paths. The first two are under the issuer (the site) itself. */
export const vcPaths = {
  /** OpenID4VCI issuer metadata (served by oidc-provider). */
  issuerMetadata: '/.well-known/openid-credential-issuer',
  /** SD-JWT VC issuer metadata: `{issuer, jwks}`, the keys credentials are signed with. */
  issuerKeys: '/.well-known/jwt-vc-issuer',
  /** oidc-provider's credential and nonce endpoints. */
  credential: OAUTH_PATHS.credential,
  nonce: OAUTH_PATHS.challenge,
  /** `POST {credentialType}` with the customer's token → 201 a credential offer. */
  offers: '/api/wallet/credential-offers',
  /** `GET` the customer's issued credentials. */
  credentials: '/api/wallet/credentials',
  /** `POST` revokes one of the customer's credentials. */
  revocation: '/api/wallet/credentials/:credentialId/revocation',
  /** `GET` the status list token (`application/statuslist+jwt`), public. */
  statusList: '/api/wallet/status-lists/:listId',
  /** `GET` the verifiers the bank's wallet knows (a name and a public key each), public. */
  verifiers: '/api/wallet/verifiers',
} as const;
export const credentialRevocationPath = (credentialId: string) =>
  vcPaths.revocation.replace(':credentialId', encodeURIComponent(credentialId));

/**
 * The link that opens the phone simulator on an offer or a presentation request:
 * `{site}/mobile#credential_offer=<uri>` or `#openid4vp=<uri>`, in the fragment like the
 * pairing ticket (the offer holds the pre-authorized code).
 */
export const PHONE_OFFER_PARAM = 'credential_offer';
export const PHONE_PRESENTATION_PARAM = 'openid4vp';

export const credentialOfferRequestSchema = z.object({ credentialType: credentialTypeSchema });
export type CredentialOfferRequest = z.infer<typeof credentialOfferRequestSchema>;

export const credentialOfferResponseSchema = z.object({
  offerId: z.string(),
  credentialType: credentialTypeSchema,
  /** `openid-credential-offer://?credential_offer=…`: what any OpenID4VCI wallet scans. */
  credentialOfferUri: z.string(),
  /** The same offer as a link that opens `/mobile`. */
  phoneLink: z.string(),
  /** The offer URI as a PNG data URL. */
  qrCode: z.string().startsWith('data:image/png;base64,'),
  /** Where the transaction code went, masked ("•••• 1234", "j•••@example.com"). */
  txCodeSentTo: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CredentialOfferResponse = z.infer<typeof credentialOfferResponseSchema>;

export const issuedCredentialSchema = z.object({
  id: z.string(),
  credentialType: credentialTypeSchema,
  issuedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type IssuedCredential = z.infer<typeof issuedCredentialSchema>;
export const issuedCredentialsResponseSchema = z.object({
  credentials: z.array(issuedCredentialSchema),
});

/** A verifier the bank's wallet recognises: who it is, and the key its requests are signed with. */
export const trustedVerifierSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
});
export type TrustedVerifier = z.infer<typeof trustedVerifierSchema>;
export const trustedVerifiersResponseSchema = z.object({
  verifiers: z.array(trustedVerifierSchema),
});

export const credentialTitles: Record<CredentialType, string> = {
  verified_customer: `${BANK_NAME_SLOT} verified customer`,
  account_holder: `${BANK_NAME_SLOT} account holder`,
};

/** The words of the bank's Digital Wallet section and of the phone's wallet. */
export const verifiableCredentialMessages = {
  addToPhone: 'Add to my phone’s wallet',
  offerReady: 'Scan the code with your phone’s wallet, or open the link on the phone.',
  txCodeSent: (sentTo: string) => `We sent a 6-digit code to ${sentTo}: the wallet asks for it.`,
  revoke: 'Revoke',
  revoked: 'Revoked',
  noCredentials: 'You have not added a credential to a wallet yet.',
  txCodePrompt: `Enter the 6-digit code ${BANK_NAME_SLOT} sent you`,
  txCodeRefused:
    'That code was not right, so this offer can no longer be used. Ask the bank for a new one.',
  offerRefused: 'This offer was already used or has expired. Ask the bank for a new one.',
  added: (title: string) => `${title} is now in your wallet.`,
  delete: 'Delete',
  // The phone's wallet.
  /** A wrong code and a used or expired offer get the same OAuth answer (`invalid_grant`). */
  offerOrCodeRefused:
    'The code was not right, or this offer was already used or has expired: it can no longer be used. Ask the bank for a new one.',
  offerNotReadable: 'This is not an offer or a request the wallet can read.',
  offerFromElsewhere: `This offer is not from ${BANK_NAME_SLOT}, so the wallet did not open it.`,
  issuanceFailed: 'The credential could not be added. Ask the bank for a new offer and try again.',
  issuerUnreachable: `${BANK_NAME_SLOT} could not be reached. Check the connection and try again.`,
  noWebCrypto:
    'This browser offers no Web Crypto here (it needs HTTPS or localhost), so the wallet cannot make its key.',
  credentialNotVerified: (reason: string) =>
    `The credential the bank sent did not verify (${reason}), so it was not added.`,
  adding: (title: string) => `Adding your ${title}…`,
  offerFor: (title: string) => `${BANK_NAME_SLOT} offers you a ${title}.`,
  pasteLabel: 'Paste an offer or a request link',
  openPasted: 'Open',
  addWithCode: 'Add to wallet',
  cancel: 'Cancel',
  yes: 'Yes',
  no: 'No',
  validUntil: 'Valid until',
  deleted: (title: string) => `${title} was deleted from this wallet.`,
  deleteLabel: (title: string) => `Delete ${title}`,
  phoneHeading: 'Verifiable credentials',
  phoneEmpty:
    'No credentials yet. To add one, choose ‘Add to my phone’s wallet’ on your personal details page and open the offer on this phone.',
  // The bank's Digital Wallet section.
  heading: 'Verifiable credentials',
  intro: `Add a credential signed by ${BANK_NAME_SLOT} to the wallet on your phone. You choose what each shop sees of it, and you can revoke it here.`,
  qrAlt: (title: string) => `QR code of the offer of your ${title}`,
  openOnPhone: 'Open the offer on the phone (new tab)',
  offerWorksUntil: (time: string) => `The offer works once, until ${time}.`,
  offerFailed: 'The offer could not be made. Please try again.',
  loadFailed: 'Your credentials could not be loaded. Please try again later.',
  issuedOn: (date: string) => `Issued ${date}`,
  active: 'Active',
  expired: 'Expired',
  revokeLabel: (title: string, date: string) => `Revoke the ${title} issued ${date}`,
  revokedNotice: (title: string) => `Your ${title} was revoked: verifiers will now refuse it.`,
  revokeFailed: 'The credential could not be revoked. Please try again.',
} as const;

/** Why the phone's wallet refused a credential the issuer sent (the reason in its message). */
export const credentialCheckReasons = {
  notACredential: 'it is not an SD-JWT VC',
  unknownKey: `it is not signed with a key ${BANK_NAME_SLOT} publishes`,
  badSignature: 'its signature does not match its contents',
  otherIssuer: `it was issued by someone other than ${BANK_NAME_SLOT}`,
  unknownType: 'it is of a type the wallet does not know',
  expired: 'it has expired',
  otherKey: 'it is bound to a key other than this wallet’s',
  disclosures: 'its claims do not match what was signed',
} as const;
