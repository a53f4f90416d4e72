import { toDataURL } from 'qrcode';
import {
  walletPairingRequestSchema,
  type WalletPairingStartResponse,
  type WalletPairingStatusResponse,
} from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import type { WalletService } from '../../wallet';
import type { RecentAuthentication } from '../../identity';
import { definePolicy, userOf } from '../policy';

/**
 * Wallet pairing (document 2 §2, §7): the signed-in customer's "Pair digital wallet". `start`
 * answers a single-use pairing link and its QR code (drawn here, like the TOTP one, so the
 * ticket never goes to a QR service); `status` tells the page when the phone has taken the card.
 * Acts on a user: their own access token is in the body, and only customers have the card.
 */
export function createWalletPairingPolicy(deps: {
  wallet: WalletService;
  recentAuth: Pick<RecentAuthentication, 'requireRecentAuthentication'>;
}) {
  return definePolicy({
    name: 'WALLET_PAIRING',
    access: 'user',
    input: walletPairingRequestSchema,
    async run(input, context): Promise<WalletPairingStartResponse | WalletPairingStatusResponse> {
      const user = userOf(context);
      if (user.userType !== 'customer') throw new DomainError('wallet_customers_only');

      if (input.step === 'status') {
        const status = await deps.wallet.pairingStatus(user.userId, input.pairingId);
        if (status === null) throw new DomainError('wallet_pairing_not_found');
        return { additionalProperties: { status } };
      }

      if (input.subject !== undefined && input.subject !== user.userId) {
        throw new DomainError('wallet_other_customer');
      }
      // A card on a new phone: only after a recent sign-in or step-up.
      await deps.recentAuth.requireRecentAuthentication(user);
      const pairing = await deps.wallet.startPairing({ userId: user.userId, ip: context.ip });
      const qrCode = await toDataURL(pairing.pairingUrl, {
        type: 'image/png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 256,
      });
      return {
        success: true,
        additionalProperties: {
          pairingId: pairing.pairingId,
          qrCode,
          pairingUrl: pairing.pairingUrl,
          expiresAt: pairing.expiresAt.toISOString(),
        },
      };
    },
  });
}
