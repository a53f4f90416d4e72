import { createHash, randomBytes } from 'node:crypto';
import { retailShopperMessages, type RetailShopper } from '@anybank/contracts';
import { DomainError } from '../../domain-error';
import type { LogoutTokenVerifier } from './logout-token.verifier';
import { SHOPPER_SESSION_KEPT_MS, type ShopperSessionStore } from './shopper-session.store';

/** Who the shopper is at the bank, from the ID token the shop got when they paid. */
export interface BankShopper {
  sub: string;
  sid: string | null;
}

export interface ShopperSessionService {
  /** A session for the shopper who signed in at the bank; answers the browser cookie's value. */
  begin(shopper: BankShopper): Promise<string>;
  /** This browser's session as the shop's page tells it. */
  status(cookie: string | undefined): Promise<RetailShopper>;
  /**
   * A logout token from the bank: verified, its `jti` taken once, the sessions it names ended.
   * Throws `retail_logout_token_invalid` for anything else (a replay too).
   */
  logout(token: string): Promise<void>;
}

const hashOf = (cookie: string) => createHash('sha256').update(cookie).digest('base64url');

/**
 * The retail shop's own sessions of shoppers (ADR 0028): begun when a shopper who signed in at
 * AnyBank pays, keyed by the digest of a random HttpOnly cookie, holding the bank's `sub` and
 * `sid`; ended when the bank's logout token names them (OpenID Connect Back-Channel Logout
 * 1.0). Each logout is noted in the audit log, accepted or refused.
 */
export function createShopperSessionService(deps: {
  store: ShopperSessionStore;
  verify: LogoutTokenVerifier;
  audit: (event: {
    type: 'shop.backchannel_logout_accepted' | 'shop.backchannel_logout_refused';
    details: Record<string, unknown>;
  }) => Promise<void>;
  clock: () => Date;
}): ShopperSessionService {
  const { store } = deps;

  async function refuse(reason: string): Promise<never> {
    await deps.audit({ type: 'shop.backchannel_logout_refused', details: { reason } });
    throw new DomainError('retail_logout_token_invalid');
  }

  return {
    async begin(shopper) {
      const cookie = randomBytes(32).toString('base64url');
      await store.begin(hashOf(cookie), shopper.sub, shopper.sid);
      return cookie;
    },

    async status(cookie) {
      const row = cookie ? await store.find(hashOf(cookie)) : null;
      if (!row || deps.clock().getTime() - row.signedInAt.getTime() > SHOPPER_SESSION_KEPT_MS) {
        return { status: 'none', message: null };
      }
      return row.endedAt
        ? { status: 'signed_out_at_bank', message: retailShopperMessages.signedOutAtBank }
        : { status: 'signed_in', message: retailShopperMessages.signedIn };
    },

    async logout(token) {
      const checked = await deps.verify(token);
      if (!checked.ok) return refuse(checked.reason);
      const { subject } = checked;
      const ended = await store.endNamed({
        sub: subject.sub,
        sid: subject.sid,
        jti: subject.jti,
        expiresAt: new Date(subject.exp * 1000),
      });
      if (ended === null) return refuse('a jti seen before (a replay)');
      await deps.audit({
        type: 'shop.backchannel_logout_accepted',
        details: { sessionsEnded: ended },
      });
    },
  };
}
