import {
  STEP_UP_PATH,
  STEP_UP_REQUIRED,
  STEP_UP_WINDOW_MS,
  type StepUpMethod,
} from '@anybank/contracts';
import type { Database, Queryable } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { findUserById, listMfaDevicesOf, type MfaDeviceRow } from '../../directory';
import type { Principal } from './access-token';
import { isRecentAuthentication, stepUpMethodsOf } from './recent-authentication.rules';
import { consumeStepUpSince, latestStepUpSince } from './step-up.store';

export interface RecentAuthentication {
  /**
   * Lets a sensitive change go on only after a strong authentication in this browser within
   * the last 5 minutes: the token's own sign-in (`auth_time`), or a step-up made for its grant.
   * Otherwise 401 `step_up_required`, naming the factors this customer may use.
   */
  requireRecentAuthentication(principal: Principal): Promise<void>;
  /**
   * A change that adds or replaces a way to sign in (a contact that is a sign-in device, a
   * device or passkey, the password, the sign-in method, recovery codes) goes on only with a
   * step-up made for it: a check of a factor the customer already had, in this browser within
   * the last 5 minutes, spent by this change. The token's own sign-in does not count: a stolen
   * token is as fresh as the sign-in it was taken from. Otherwise 401 `step_up_required`.
   */
  requireStepUpForChange(principal: Principal): Promise<void>;
  /**
   * Whether such a step-up is there to be spent, without spending it: the cheap check that
   * comes before a change's costly work (a new password's strength check and hash), which then
   * spends it with `spendStepUp` in its own transaction. Otherwise 401 `step_up_required`.
   */
  requireUnspentStepUp(principal: Principal): Promise<void>;
  /**
   * The same inside the change's own transaction (`tx`), so that a change refused for another
   * reason does not spend it: true when a step-up was spent; else the caller rolls back and
   * throws `stepUpRefusal` (outside the transaction: it reads the customer's devices).
   */
  spendStepUp(tx: Queryable, principal: Principal): Promise<boolean>;
  /** The 401 `step_up_required` for this customer, naming their factors. */
  stepUpRefusal(userId: string): Promise<DomainError>;
  /** The factors a step-up offers this customer (the refusal's `methods`). */
  stepUpMethodsFor(userId: string): Promise<StepUpMethod[]>;
}

export function createRecentAuthentication(deps: {
  db: Database;
  /** Which of a customer's devices can be used now: the factors' own answer, as at sign-in. */
  usableDevices: (devices: MfaDeviceRow[]) => MfaDeviceRow[];
  /** At most STEP_UP_WINDOW_MS (config STEP_UP_MAX_AGE_SECONDS may only shorten it). */
  windowMs?: number;
  clock?: () => Date;
}): RecentAuthentication {
  const clock = deps.clock ?? (() => new Date());
  const windowMs = Math.min(deps.windowMs ?? STEP_UP_WINDOW_MS, STEP_UP_WINDOW_MS);

  async function stepUpMethodsFor(userId: string): Promise<StepUpMethod[]> {
    const [user, devices] = await Promise.all([
      findUserById(deps.db, userId),
      listMfaDevicesOf(deps.db, userId),
    ]);
    const usable = new Set(deps.usableDevices(devices));
    return stepUpMethodsOf({
      signsInWithPassword: Boolean(user?.passwordHash) && user?.authnPreference === 'Password',
      devices: devices.map((device) => ({ type: device.type, usable: usable.has(device) })),
    });
  }

  async function stepUpRefusal(userId: string): Promise<DomainError> {
    return new DomainError(STEP_UP_REQUIRED, {
      extra: { methods: await stepUpMethodsFor(userId), stepUpPath: STEP_UP_PATH },
    });
  }

  const spendStepUp = (tx: Queryable, principal: Principal) =>
    consumeStepUpSince(
      tx,
      principal.grantId,
      principal.userId,
      new Date(clock().getTime() - windowMs),
    );

  return {
    stepUpMethodsFor,
    stepUpRefusal,
    spendStepUp,
    async requireStepUpForChange(principal) {
      if (!(await spendStepUp(deps.db, principal))) throw await stepUpRefusal(principal.userId);
    },
    async requireUnspentStepUp(principal) {
      const since = new Date(clock().getTime() - windowMs);
      const latest = await latestStepUpSince(deps.db, principal.grantId, principal.userId, since);
      if (latest === null) throw await stepUpRefusal(principal.userId);
    },
    async requireRecentAuthentication(principal) {
      const now = clock();
      const facts = { authTime: principal.authTime, latestStepUpAt: null, now };
      // A fresh sign-in needs no look-up; an older one may have been stepped up since.
      if (isRecentAuthentication(facts, windowMs)) return;
      const since = new Date(now.getTime() - windowMs);
      const latestStepUpAt = await latestStepUpSince(
        deps.db,
        principal.grantId,
        principal.userId,
        since,
      );
      if (isRecentAuthentication({ ...facts, latestStepUpAt }, windowMs)) return;
      throw await stepUpRefusal(principal.userId);
    },
  };
}
