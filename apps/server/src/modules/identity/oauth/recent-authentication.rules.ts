import { STEP_UP_METHODS, STEP_UP_WINDOW_MS, type StepUpMethod } from '@anybank/contracts';
import { declaredDevice } from '../factors/declared-devices';

/**
 * Step-up: which sign-ins count as recent, and which factors a customer may use
 * to confirm it is them. Pure: the guard (recent-authentication.ts) gathers the facts.
 */

/** A clock a little ahead on the authorization server side is no reason to refuse. */
const CLOCK_SKEW_MS = 30 * 1000;

export interface AuthenticationFacts {
  /** The token's `auth_time` (epoch seconds), or null when the token does not say. */
  authTime: number | null;
  /** The latest step-up made for this token's grant, or null. */
  latestStepUpAt: Date | null;
  now: Date;
}

/** A sign-in or a step-up within the last 5 minutes (or the shorter window configured). */
export function isRecentAuthentication(
  facts: AuthenticationFacts,
  windowMs: number = STEP_UP_WINDOW_MS,
): boolean {
  const now = facts.now.getTime();
  const withinWindow = (at: number) => at <= now + CLOCK_SKEW_MS && now - at <= windowMs;
  if (facts.authTime !== null && withinWindow(facts.authTime * 1000)) return true;
  return facts.latestStepUpAt !== null && withinWindow(facts.latestStepUpAt.getTime());
}

/** A second factor as the step-up sees it: its type and whether it can be used at all. */
export interface StepUpDevice {
  type: string;
  usable: boolean;
}

/**
 * The factors a step-up offers this customer: the password when they sign in with one, and
 * each kind of device they already have (never a new one). Each named once, in the order of
 * STEP_UP_METHODS, so the answer does not depend on the order devices were stored in.
 */
export function stepUpMethodsOf(user: {
  signsInWithPassword: boolean;
  devices: readonly StepUpDevice[];
}): StepUpMethod[] {
  const methods = new Set<StepUpMethod>();
  if (user.signsInWithPassword) methods.add('password');
  for (const device of user.devices) {
    // Each device type's step-up is its method's (identity/factors/declared-devices.ts).
    const method = declaredDevice(device.type)?.stepUp;
    if (method && device.usable) methods.add(method);
  }
  return STEP_UP_METHODS.filter((method) => methods.has(method));
}
