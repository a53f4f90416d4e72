import { REMEMBERED_BROWSER_TTL_MS, type RiskLevel } from '@anybank/contracts';
import type { FlowState, Transition } from '../flow/flow.state';

/**
 * "Don't ask again on this browser for 30 days": when a remembered browser may
 * stand in for the second factor, and when a browser may be remembered at all. Pure: the
 * service (remembered-browser.service.ts) gathers the facts; the sign-in machine
 * (flow.rules.ts) takes the verdict as part of PASSWORD_ACCEPTED.
 *
 * A remembered browser is something the customer has, proven by a bearer cookie: it never
 * replaces the password, only the second factor after it, and only while nothing about the
 * sign-in looks unusual. Every "no" falls back to asking the second factor as before.
 */

/** The `amr` value of a sign-in whose second factor a remembered browser stood in for. */
export const REMEMBERED_BROWSER_AMR = 'rba';

/** What the remembrance the cookie names says, for this customer (null: none of theirs). */
export interface Remembrance {
  deviceIdHash: string;
  createdAt: Date;
  expiresAt: Date;
  forgottenAt: Date | null;
  /** The country of the address it was last seen from, when known. */
  country: string | null;
}

export interface RememberedBrowserFacts {
  purpose: FlowState['purpose'];
  /** The password was checked in this flow (a customer without one has nothing to skip to). */
  passwordChecked: boolean;
  /** The risk evaluation of this sign-in, now. */
  riskLevel: RiskLevel;
  /**
   * The evaluation is unsure (failed sign-ins for the username from elsewhere,
   * risk.rules.ts `asksForSecondFactor`): it asks for the second factor, not refusing the owner.
   */
  secondFactorAsked: boolean;
  remembrance: Remembrance | null;
  /**
   * The hash of this browser's HttpOnly device cookie (browser-device/); null when it sent
   * none. Never the risk payload's device id: the page's script reads and sends that in clear.
   */
  deviceIdHash: string | null;
  /** A sign-in as this customer was refused by the risk rules since the browser was remembered. */
  riskDeniedSince: boolean;
  /** The country of the address signing in now, when known. */
  country: string | null;
  now: Date;
}

export type RememberedBrowserRefusal =
  | 'not-a-sign-in'
  | 'no-password'
  | 'not-remembered'
  | 'other-browser'
  | 'forgotten'
  | 'expired'
  | 'risk-not-low'
  | 'failures-elsewhere'
  | 'risk-denied-since'
  | 'country-changed';

export type RememberedBrowserVerdict =
  | { skip: true }
  | {
      skip: false;
      reason: RememberedBrowserRefusal;
      /** The remembrance is spoilt for good: the service forgets it (audited). */
      forget: boolean;
    };

const ask = (reason: RememberedBrowserRefusal, forget = false): RememberedBrowserVerdict => ({
  skip: false,
  reason,
  forget,
});

/**
 * Whether this browser's remembrance stands in for the second factor of this sign-in. Never for
 * a step-up or a pairing (they exist to ask), never without the password, never above LOW risk,
 * never after a risk denial for the customer since the browser was remembered (a sign-in that
 * looked risky ends the trust: the next sign-in asks), never from another country than the
 * browser was last seen in.
 */
export function rememberedBrowserVerdict(facts: RememberedBrowserFacts): RememberedBrowserVerdict {
  if (facts.purpose !== 'sign-in') return ask('not-a-sign-in');
  if (!facts.passwordChecked) return ask('no-password');
  const remembered = facts.remembrance;
  if (!remembered) return ask('not-remembered');
  // The cookie copied to another browser (without its device cookie), or another person's: it
  // proves nothing here.
  if (facts.deviceIdHash === null || facts.deviceIdHash !== remembered.deviceIdHash) {
    return ask('other-browser');
  }
  if (remembered.forgottenAt !== null) return ask('forgotten');
  if (remembered.expiresAt.getTime() <= facts.now.getTime()) return ask('expired');
  if (facts.riskLevel !== 'LOW') return ask('risk-not-low');
  if (facts.riskDeniedSince) return ask('risk-denied-since', true);
  // Someone elsewhere is guessing: the owner is asked for more, and keeps the remembrance.
  if (facts.secondFactorAsked) return ask('failures-elsewhere');
  if (
    facts.country !== null &&
    remembered.country !== null &&
    facts.country !== remembered.country
  ) {
    return ask('country-changed', true);
  }
  return { skip: true };
}

/**
 * Whether the person may be offered "Don't ask again" in this flow: a sign-in (not a step-up
 * or a pairing), after a password (the only sign-ins a remembered browser can shorten), from a
 * browser that carries its device cookie (browser-device/).
 */
export function mayOfferRemembering(state: FlowState): boolean {
  return (
    state.purpose === 'sign-in' &&
    state.amr.includes('pwd') &&
    typeof state.browserDeviceId === 'string' &&
    state.browserDeviceId !== ''
  );
}

/**
 * Whether a finished sign-in remembers this browser: the person asked, and a real second factor
 * was answered in this flow (a remembered browser does not renew itself: it lasts 30 days from
 * the factor that earned it).
 */
export function remembersBrowser(state: FlowState): boolean {
  return (
    state.rememberBrowser === true &&
    mayOfferRemembering(state) &&
    !state.amr.includes(REMEMBERED_BROWSER_AMR) &&
    state.amr.some((method) => method !== 'pwd')
  );
}

/** When a remembrance made now ends. */
export function rememberedUntil(now: Date): Date {
  return new Date(now.getTime() + REMEMBERED_BROWSER_TTL_MS);
}

/**
 * The second factor satisfied by a remembered browser (PASSWORD_ACCEPTED with the service's
 * verdict): MFA_COMPLETED at once, saying so in `amr` and in the state, no device asked.
 */
export function secondFactorByRememberedBrowser(
  state: FlowState,
  rememberedBrowserId: string,
): Transition {
  return {
    state: {
      ...state,
      status: 'MFA_COMPLETED',
      selectedDeviceId: null,
      pushRequestId: null,
      amr: [...state.amr, REMEMBERED_BROWSER_AMR],
      rememberedBrowserId,
    },
    effects: [{ type: 'REMEMBERED_BROWSER_USED', browserId: rememberedBrowserId }],
  };
}
