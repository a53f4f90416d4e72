import { randomBytes } from 'node:crypto';
import type { WalletPairingStatus } from '@anybank/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { insertAuditEvent } from '../audit';
import { findUserById } from '../directory';
import type { SigningKeyRing } from '../identity';
import { createWalletCardSigner } from './wallet-card';
import {
  hashTicket,
  isTicketShaped,
  pairingExpiry,
  pairingLinkOf,
  pairingStatusOf,
  walletCardClaims,
} from './wallet.rules';
import { findPairingOf, insertPairing, redeemPairing } from './wallet.store';

export interface StartedPairing {
  pairingId: string;
  /** The secret of the link: given out once, stored only as its hash. */
  ticket: string;
  pairingUrl: string;
  expiresAt: Date;
}

export interface WalletService {
  /** A new single-use pairing link for the customer. */
  startPairing(input: { userId: string; ip: string }): Promise<StartedPairing>;
  /** The status of the customer's own pairing; null when they have none with that id. */
  pairingStatus(userId: string, pairingId: string): Promise<WalletPairingStatus | null>;
  /** The signed customer card for a ticket, once; null when the ticket is used, expired or unknown. */
  redeem(input: { ticket: string; ip: string }): Promise<string | null>;
}

/**
 * Digital-wallet pairing (document 2 §2, §7; ADR 0012): the personal-details page asks for a
 * pairing link (through the orchestration policy), the phone redeems it for a signed card.
 */
export function createWalletService(deps: {
  config: Pick<Config, 'publicUrl' | 'basePath'>;
  /** The bank's token signing keys: cards are signed with the current one. */
  signingKeys: Pick<SigningKeyRing, 'signingKey'>;
  db: Database;
  clock?: () => Date;
}): WalletService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const site = `${deps.config.publicUrl}${deps.config.basePath}`;
  const signer = createWalletCardSigner(deps.signingKeys);

  return {
    async startPairing({ userId, ip }) {
      const now = clock();
      const ticket = randomBytes(32).toString('base64url');
      const row = await insertPairing(db, {
        userId,
        ticketHash: hashTicket(ticket),
        expiresAt: pairingExpiry(now),
        now,
      });
      await insertAuditEvent(db, {
        type: 'wallet.pairing_started',
        userId,
        ip,
        details: { pairingId: row.id },
      });
      return {
        pairingId: row.id,
        ticket,
        pairingUrl: pairingLinkOf(site, ticket),
        expiresAt: row.expiresAt,
      };
    },

    async pairingStatus(userId, pairingId) {
      const row = await findPairingOf(db, userId, pairingId);
      return row ? pairingStatusOf(row, clock()) : null;
    },

    async redeem({ ticket, ip }) {
      const now = clock();
      const row = isTicketShaped(ticket) ? await redeemPairing(db, hashTicket(ticket), now) : null;
      const holder = row ? await findUserById(db, row.userId) : null;
      if (!row || !holder) {
        await insertAuditEvent(db, { type: 'wallet.pairing_refused', ip });
        return null;
      }
      const card = await signer.sign(
        walletCardClaims({ issuer: site, holder, cardId: row.id, now }),
      );
      await insertAuditEvent(db, {
        type: 'wallet.paired',
        userId: row.userId,
        ip,
        details: { pairingId: row.id },
      });
      return card;
    },
  };
}
