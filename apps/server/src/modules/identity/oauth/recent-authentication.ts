import {
  STEP_UP_PATH,
  STEP_UP_REQUIRED,
  STEP_UP_WINDOW_MS,
  type StepUpMethod,
} from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { findUserById, listMfaDevicesOf, type MfaDeviceRow } from '../../directory';
import type { Principal } from './access-token';
import { isRecentAuthentication, stepUpMethodsOf } from './recent-authentication.rules';
import { latestStepUpSince } from './step-up.store';

export interface RecentAuthentication {
  /**
   * Lets a sensitive change go on only after a strong authentication in this browser within
   * the last 5 minutes: the token's own sign-in (`auth_time`), or a step-up made for its grant.
   * Otherwise 401 `step_up_required`, naming the factors this customer may use.
   */
  requireRecentAuthentication(principal: Principal): Promise<void>;
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

  return {
    stepUpMethodsFor,
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
      throw new DomainError(STEP_UP_REQUIRED, {
        extra: { methods: await stepUpMethodsFor(principal.userId), stepUpPath: STEP_UP_PATH },
      });
    },
  };
}
