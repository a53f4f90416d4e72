import { randomInt, randomUUID } from 'node:crypto';
import { toDataURL } from 'qrcode';
import {
  CREDENTIAL_OFFER_TTL_SECONDS,
  CREDENTIAL_TYPES,
  PHONE_OFFER_PARAM,
  TX_CODE_LENGTH,
  deliveryMessages,
  fillBrand,
  verifiableCredentialMessages,
  type CredentialOfferResponse,
  type CredentialType,
} from '@anybank/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { currentInspectorId, insertAuditEvent } from '../audit';
import { findUserById } from '../directory';
import { maskedRecipient, type MessagingService } from '../messaging';
import { insertCredentialOffer } from './credentials.store';
import { credentialOfferOf, credentialOfferUri, phoneLinkOf } from './offer.rules';

export interface CredentialOfferService {
  /** A new offer of a credential of `type` to the customer, its code sent to their phone. */
  offer(input: {
    userId: string;
    type: CredentialType;
    ip: string;
  }): Promise<CredentialOfferResponse>;
}

/**
 * "Add to my phone's wallet" (ADR 0027): an OpenID4VCI credential offer with a pre-authorized
 * code for the customer's own credential, and a 6-digit transaction code sent apart from it,
 * to the customer's mobile (SMS) or, without one, their e-mail: whoever sees the QR code on the
 * screen cannot redeem it without the code.
 */
export function createCredentialOfferService(deps: {
  config: Pick<Config, 'publicUrl' | 'basePath' | 'brand'>;
  db: Database;
  messaging: Pick<MessagingService, 'send'>;
  /** Identity's pre-authorized code for the wallet's client (oidc-provider's model). */
  mintPreAuthorizedCode: (input: {
    accountId: string;
    scope: string;
    txCode: string;
    ttlSeconds: number;
  }) => Promise<{ code: string; grantId: string }>;
  clock?: () => Date;
}): CredentialOfferService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const site = `${deps.config.publicUrl}${deps.config.basePath}`;

  return {
    async offer({ userId, type, ip }) {
      const user = await findUserById(db, userId);
      if (!user) throw new Error(`no customer ${userId} for a credential offer`);
      const txCode = String(randomInt(10 ** TX_CODE_LENGTH)).padStart(TX_CODE_LENGTH, '0');
      const { configurationId } = CREDENTIAL_TYPES[type];
      const { code, grantId } = await deps.mintPreAuthorizedCode({
        accountId: userId,
        scope: configurationId,
        txCode,
        ttlSeconds: CREDENTIAL_OFFER_TTL_SECONDS,
      });
      const channel = user.mobile ? 'sms' : 'email';
      const to = user.mobile ?? user.email;
      const offerId = randomUUID();
      const now = clock();
      const expiresAt = new Date(now.getTime() + CREDENTIAL_OFFER_TTL_SECONDS * 1000);
      await db.transaction(async (tx) => {
        await insertCredentialOffer(tx, {
          grantId,
          userId,
          credentialType: type,
          // The phone redeems it without this browser's cookies: its panel is remembered here.
          inspectorId: currentInspectorId(),
          expiresAt,
          now,
        });
        await deps.messaging.send(
          {
            channel,
            to,
            subject: deliveryMessages.credentialOfferCodeSubject,
            body: deliveryMessages.credentialOfferCodeBody(txCode),
            code: txCode,
            userId,
          },
          tx,
        );
        await insertAuditEvent(tx, {
          type: 'wallet.credential_offered',
          userId,
          ip,
          details: { offerId, credentialType: type, txCodeSentTo: maskedRecipient(channel, to) },
        });
      });
      const offer = credentialOfferOf({
        issuer: site,
        configurationId,
        preAuthorizedCode: code,
        txCodeDescription: fillBrand(verifiableCredentialMessages.txCodePrompt, deps.config.brand),
      });
      const credentialOfferUriText = credentialOfferUri(offer);
      return {
        offerId,
        credentialType: type,
        credentialOfferUri: credentialOfferUriText,
        phoneLink: phoneLinkOf(site, PHONE_OFFER_PARAM, credentialOfferUriText),
        qrCode: await toDataURL(credentialOfferUriText, {
          type: 'image/png',
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 320,
        }),
        txCodeSentTo: maskedRecipient(channel, to),
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}
