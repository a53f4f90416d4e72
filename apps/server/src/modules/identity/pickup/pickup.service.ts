import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import {
  BANK_CLIENT,
  PICKUP_REFERENCE_TTL_MS,
  isUserType,
  type PickupReferenceType,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { findUserById } from '../../directory';
import { occasionalSweep } from '../flow/expiry-sweep';
import { pickupAttributes, referenceTypeFor } from './pickup.rules';
import {
  consumePickupReference,
  deleteExpiredPickupReferences,
  issuePickupReference,
} from './pickup.store';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface IssuedReference {
  ref: string;
  referenceType: PickupReferenceType;
  /** The cookie value that must come back with the pickup. */
  binding: string;
}

/** The browser's request at the OAuth return: its cookies say which sign-in session it holds. */
export interface ReturningBrowser {
  req: IncomingMessage;
  res: ServerResponse;
}

export interface PickupService {
  /**
   * For an authorization code just issued to the bank's site: a one-time reference, once per
   * code, only while the code is unused and only to the browser whose sign-in it came from.
   */
  issueForCode(code: string, browser: ReturningBrowser): Promise<IssuedReference>;
  pickup(input: {
    ref: string;
    binding: string;
    referenceType: string;
  }): Promise<Record<string, string>>;
}

export function createPickupService(deps: {
  config: Config;
  db: Database;
  provider: Provider;
}): PickupService {
  const { config, db, provider } = deps;
  const sweepExpired = occasionalSweep(() => deleteExpiredPickupReferences(db));
  return {
    async issueForCode(code, browser) {
      const refused = () => new DomainError('pickup_failed');
      const authorizationCode = await provider.AuthorizationCode.find(code);
      if (
        !authorizationCode?.isValid ||
        !authorizationCode.accountId ||
        authorizationCode.clientId !== BANK_CLIENT.clientId ||
        !authorizationCode.grantId
      ) {
        throw refused();
      }
      // Only the browser that signed in holds the provider's session the code was issued in: a
      // code copied elsewhere (a log, a history, a shared link) gets no reference there.
      const session = await provider.Session.get(provider.createContext(browser.req, browser.res));
      if (
        !authorizationCode.sessionUid ||
        session.uid !== authorizationCode.sessionUid ||
        session.accountId !== authorizationCode.accountId
      ) {
        throw refused();
      }
      await sweepExpired();
      const user = await findUserById(db, authorizationCode.accountId);
      if (!user || !isUserType(user.userType)) throw refused();
      const ref = randomBytes(24).toString('base64url');
      const binding = randomBytes(32).toString('base64url');
      const referenceType = referenceTypeFor(user.userType);
      const issued = await issuePickupReference(
        db,
        // The claim is kept while the code could still be redeemed (codes carry their expiry).
        { codeHash: sha256(code), codeExpiresAt: new Date((authorizationCode.exp ?? 0) * 1000) },
        {
          refHash: sha256(ref),
          bindingHash: sha256(binding),
          referenceType,
          grantId: authorizationCode.grantId,
          userId: user.id,
          expiresAt: new Date(Date.now() + PICKUP_REFERENCE_TTL_MS),
        },
      );
      if (!issued) throw refused();
      return { ref, referenceType, binding };
    },

    async pickup({ ref, binding, referenceType }) {
      const taken = await consumePickupReference(db, {
        refHash: sha256(ref),
        bindingHash: sha256(binding),
        referenceType,
      });
      if (!taken) throw new DomainError('pickup_reference_invalid');
      // Signed out (in another tab) between the sign-in and this pickup: single sign-out.
      if (!taken.grantIsLive) return { resumePath: '/' };
      const { user } = taken;
      if (!user || !isUserType(user.userType)) return { resumePath: '/' };
      return pickupAttributes(
        { ...user, userType: user.userType },
        taken.accountIds,
        config.productId,
      );
    },
  };
}
