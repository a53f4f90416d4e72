import { randomBytes, randomInt } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint } from 'jose';
import {
  CREDENTIAL_TTL_SECONDS,
  SD_JWT_VC_TYPE,
  credentialTypeOf,
  type BrandNames,
} from '@anybank/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ModuleContext } from '../../module-context';
import { insertAuditEvent } from '../audit';
import { accountsOf } from '../banking';
import { findUserById } from '../directory';
import type { CredentialIssuancePort } from '../identity';
import { credentialClaims, credentialEnvelope, type HolderFacts } from './credential-claims.rules';
import { credentialConfigurations, issuerDisplay } from './credential-configurations';
import { insertIssuedCredential, panelOfOffer, useCredentialNonce } from './credentials.store';
import { createIssuerKey, type IssuerKey } from './issuer-key';
import { combinedSdJwt, discloseEach, SD_ALG } from './sd-jwt.rules';
import { randomStatusIndex } from './status-list.rules';
import { statusListUri } from './status.service';

/** oidc-provider accepts a c_nonce for this long (5 one-minute steps); used ones are kept longer. */
const NONCE_MEMORY_MS = 10 * 60 * 1000;
/** Draws of a status entry before giving up: the list is mostly empty, so one nearly always does. */
const STATUS_INDEX_DRAWS = 20;

/**
 * Issues SD-JWT VCs (ADR 0027) for oidc-provider's credential endpoint, which has already
 * checked the wallet's token and its proof of the holder key. This records the proof's nonce
 * (once only), draws a status-list entry, and signs the customer's claims, each disclosable.
 */
export function createCredentialIssuancePort(deps: {
  config: Pick<Config, 'publicUrl' | 'basePath' | 'phoneDefaultCountry' | 'brand'>;
  db: Database;
  issuerKey: IssuerKey;
  /** The brand's names now (the `bank_name` claim). */
  brandNames: () => Promise<BrandNames>;
  clock?: (() => Date) | undefined;
}): CredentialIssuancePort {
  const { db, issuerKey } = deps;
  const clock = deps.clock ?? (() => new Date());
  const site = `${deps.config.publicUrl}${deps.config.basePath}`;

  async function factsOf(userId: string): Promise<HolderFacts | null> {
    const user = await findUserById(db, userId);
    if (!user || user.userType !== 'customer') return null;
    const checking = (await accountsOf(db, userId)).find((account) => account.kind === 'checking');
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      birthDate: user.birthDate,
      street: user.street,
      city: user.city,
      postalCode: user.postalCode,
      country: deps.config.phoneDefaultCountry,
      identityVerified: user.identityVerified,
      checkingSuffix: checking?.numberSuffix ?? null,
      bankName: (await deps.brandNames()).bankName,
    };
  }

  return {
    configurations: credentialConfigurations(deps.config.brand),
    metadata: issuerDisplay(deps.config.brand),

    async issue({ accountId, grantId, configurationId, holderJwk, nonce, ip }) {
      const type = credentialTypeOf(configurationId);
      const facts = await factsOf(accountId);
      if (!type || !facts) return { refused: 'unknown_account' };
      const now = clock();
      const holderKeyThumbprint = await calculateJwkThumbprint(holderJwk);
      const claims = credentialClaims(type, facts, now);
      // The panel that watched the offer being made tells its issuance (offer.service.ts).
      const inspectorId = await panelOfOffer(db, grantId);
      const row = await db.transaction(async (tx) => {
        const fresh = await useCredentialNonce(tx, {
          nonce,
          holderKeyThumbprint,
          forgetBefore: new Date(now.getTime() - NONCE_MEMORY_MS),
        });
        if (!fresh) {
          await insertAuditEvent(tx, {
            type: 'wallet.credential_refused',
            userId: accountId,
            ip,
            inspectorId,
            details: { credentialType: type, reason: 'nonce_replayed' },
          });
          return null;
        }
        const envelope = { userId: accountId, credentialType: type, holderKeyThumbprint };
        const issuedAt = now;
        const expiresAt = new Date(now.getTime() + CREDENTIAL_TTL_SECONDS * 1000);
        for (let draw = 0; draw < STATUS_INDEX_DRAWS; draw += 1) {
          const statusIndex = randomStatusIndex(() => randomInt(2 ** 31) / 2 ** 31);
          const inserted = await insertIssuedCredential(tx, {
            ...envelope,
            statusIndex,
            issuedAt,
            expiresAt,
          });
          if (inserted) {
            await insertAuditEvent(tx, {
              type: 'wallet.credential_issued',
              userId: accountId,
              ip,
              inspectorId,
              details: {
                credentialId: inserted.id,
                credentialType: type,
                holderKeyThumbprint,
                statusIndex,
                // The claims' names only: their values are the customer's, in the wallet.
                claims: Object.keys(claims),
              },
            });
            return inserted;
          }
        }
        throw new Error('no free entry in the credential status list');
      });
      if (!row) return { refused: 'nonce_replayed' };
      const { sd, disclosures } = discloseEach(claims, () => randomBytes(16).toString('base64url'));
      const payload = {
        ...credentialEnvelope({
          type,
          issuer: site,
          holderJwk: holderJwk as Record<string, unknown>,
          status: { idx: row.statusIndex, uri: statusListUri(site) },
          now,
        }),
        exp: Math.floor(row.expiresAt.getTime() / 1000),
        _sd: sd,
        _sd_alg: SD_ALG,
      };
      const { kid, key } = await issuerKey.privateKey();
      const issuerJwt = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'ES256', typ: SD_JWT_VC_TYPE, kid })
        .sign(key);
      return { credential: combinedSdJwt(issuerJwt, disclosures) };
    },
  };
}

/**
 * The issuer's key (made on first start, like the shop's, before the server listens) and the
 * port oidc-provider's credential endpoint issues through.
 */
export async function createCredentialIssuer(
  ctx: Pick<ModuleContext, 'config' | 'db' | 'clock'>,
  brandNames: () => Promise<BrandNames>,
) {
  const { config, db, clock } = ctx;
  const issuerKey = createIssuerKey(db, config.keyEncryptionKey);
  await issuerKey.publicJwk();
  return {
    issuerKey,
    port: createCredentialIssuancePort({ config, db, issuerKey, brandNames, clock }),
  };
}
