import type { RiskLevel, RiskPayload } from '@anybank/contracts';

/**
 * Pure rules of the risk evaluation run at the username step (document 1 §3.3, §4.2). Each rule
 * that fires gives a level and a reason; the result is the highest level. Only LOW lets the
 * sign-in go on; the browser shows any other as 'Access Denied: {recommendedAction}'.
 *
 * Failed sign-ins count against the address they came from and the (address, username) pair;
 * failures elsewhere never refuse the owner (ASVS 2.2.1: anti-automation without a lock-out
 * anyone can cause). Where the bank is unsure it asks for more instead:
 * - pairVelocity: failed sign-ins for the username from this address in the window → MEDIUM,
 *   for this address only; not for a passkey sign-in nor a browser that has signed in to the
 *   account before (its HttpOnly device cookie, browser-device/).
 * - usernameVelocity: failed sign-ins for the username from other addresses in the window →
 *   LOW, a caution: nobody is refused, but the second factor is asked even on a remembered
 *   browser (remembered-browser.rules.ts). The password step keeps its own short lock per
 *   (address, username) (credentials/password.rules.ts, document 1 §4.1's "try again in 1
 *   minute").
 * - addressDelay: the client's address has many failed sign-ins in the window, below the
 *   ceiling: every sign-in from it waits a short delay after the address's last failure, a
 *   delay that grows with the failures. Other people behind the same address (an office, a
 *   mobile network) are slowed, not locked out.
 * - ipVelocity: failed sign-ins from the client's address reach the much higher ceiling → HIGH.
 * - unknownUsernameRate: the address named unknown usernames as often in the last minute as
 *   the identifier step allows (a tenth of the sign-in rate) → HIGH; the step answers 429.
 *
 * Every rule but adminOverride reads only what the request and the username's text give, so a
 * refusal by them is the same answer whether the username exists or not (no username listing).
 * - webdriver: the browser says it is driven by automation (`navigator.webdriver`) → HIGH.
 * - automatedUserAgent: the user agent names a headless browser or automation tool → HIGH.
 * - adminOverride: the demo admin's "simulate high risk on next sign-in" → HIGH.
 */

export const RISK_RULES = [
  'adminOverride',
  'webdriver',
  'automatedUserAgent',
  'unknownUsernameRate',
  'ipVelocity',
  'addressDelay',
  'pairVelocity',
  'usernameVelocity',
] as const;
export type RiskRule = (typeof RISK_RULES)[number];

export interface RiskPolicy {
  /** How far back failed sign-ins count. */
  failureWindowMs: number;
  /**
   * Failed sign-ins for one username within the window from which pairVelocity (from this
   * address) and usernameVelocity (from the others) fire.
   */
  usernameFailureThreshold: number;
  /** Failed sign-ins from one address within the window from which ipVelocity fires (ceiling). */
  ipFailureThreshold: number;
  /** Failed sign-ins from one address within the window from which its sign-ins are delayed. */
  ipDelayThreshold: number;
  /** The delay at ipDelayThreshold; it doubles every `ipDelayDoublingEvery` failures more. */
  ipDelayFirstMs: number;
  ipDelayDoublingEvery: number;
  /** The longest delay. */
  ipDelayMaxMs: number;
  /** Unknown usernames one address may name in a minute (a tenth of the sign-in rate). */
  unknownUsernamesPerMinute: number;
  /** Found anywhere in the user agent, in any case. */
  automatedUserAgentMarkers: readonly string[];
  /** The level each rule gives when it fires. */
  levels: Record<RiskRule, RiskLevel>;
  /**
   * What the person is told, after 'Access Denied: ', when the rule decides the level; `none`
   * when no rule fired. Short sentences a person understands, not codes.
   */
  recommendedActions: Record<RiskRule | 'none', string>;
}

/** The failure window; the username rule's advice names it, so both come from here. */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const DEFAULT_RISK_POLICY: RiskPolicy = {
  failureWindowMs: FAILURE_WINDOW_MS,
  usernameFailureThreshold: 5,
  ipFailureThreshold: 100,
  ipDelayThreshold: 20,
  ipDelayFirstMs: 1000,
  ipDelayDoublingEvery: 20,
  ipDelayMaxMs: 30_000,
  // RATE_LIMIT_PER_MINUTE's default (300) / 10; sign-in.module.ts sets it from the config.
  unknownUsernamesPerMinute: 30,
  automatedUserAgentMarkers: ['HeadlessChrome', 'PhantomJS', 'puppeteer', 'Playwright'],
  levels: {
    adminOverride: 'HIGH',
    webdriver: 'HIGH',
    automatedUserAgent: 'HIGH',
    unknownUsernameRate: 'HIGH',
    ipVelocity: 'HIGH',
    addressDelay: 'MEDIUM',
    pairVelocity: 'MEDIUM',
    // A caution, never a refusal: the owner may be the one signing in (see above).
    usernameVelocity: 'LOW',
  },
  recommendedActions: {
    none: 'Continue signing in.',
    adminOverride: 'Sign-in blocked because this sign-in looks risky. Please contact the bank.',
    webdriver: 'Sign-in blocked because this browser looks automated.',
    automatedUserAgent: 'Sign-in blocked because this browser looks automated.',
    unknownUsernameRate:
      'Too many sign-in attempts from your network. Please wait a minute and try again.',
    ipVelocity:
      'Sign-in blocked after too many failed sign-ins from your network. Please try again later.',
    addressDelay:
      'Too many failed sign-ins from your network. Please wait a few seconds and try again.',
    pairVelocity: `Too many failed sign-ins for this username from your network. Please wait ${FAILURE_WINDOW_MS / 60_000} minutes and try again.`,
    usernameVelocity: 'Continue signing in: the second factor is asked.',
  },
};

/** What the evaluation knows about this sign-in attempt. */
export interface RiskSignals {
  /**
   * What the browser reported; null where a password is checked without a browser (the phone
   * app's activation): the browser rules cannot fire, the guessing rules still do.
   */
  payload: RiskPayload | null;
  /** Failed sign-ins for the username from the client's address within the policy's window. */
  pairFailures: number;
  /** Failed sign-ins for the username from any other address within the policy's window. */
  usernameFailuresElsewhere: number;
  /**
   * What already shows the owner is signing in: a passkey's signature, or a browser whose device
   * cookie has signed in to this account before; null (or left out) when neither.
   */
  ownerProof?: 'passkey' | 'known-browser' | null;
  /** Failed sign-ins from the client's address within the policy's window. */
  ipFailures: number;
  /** How long ago the address's latest failed sign-in was; null (or left out) when none. */
  lastIpFailureAgoMs?: number | null;
  /** Failed sign-ins from the client's address naming no known user, in the last minute. */
  unknownUsernamesLastMinute?: number;
  /** The demo admin asked for a high-risk result on this user's next sign-in. */
  highRiskOverride: boolean;
}

export interface RiskResult {
  level: RiskLevel;
  recommendedAction: string;
  /** One sentence per rule that fired, the deciding one first. */
  reasons: string[];
  /** The rules that fired, the deciding one first. */
  rules: RiskRule[];
}

const SEVERITY: Record<RiskLevel, number> = { LOW: 0, MEDIUM: 1, HIGH: 2 };

function reasonFor(rule: RiskRule, signals: RiskSignals, policy: RiskPolicy): string {
  const minutes = Math.round(policy.failureWindowMs / 60_000);
  switch (rule) {
    case 'adminOverride':
      return 'A high-risk sign-in was requested for this user on the demo admin page.';
    case 'webdriver':
      return 'The browser reports that automation software controls it (webdriver).';
    case 'automatedUserAgent':
      return `The browser identifies itself as an automated or headless browser (${automatedMarkerIn(signals.payload?.userAgent ?? '', policy) ?? ''}).`;
    case 'unknownUsernameRate':
      return `${signals.unknownUsernamesLastMinute ?? 0} sign-ins from this address named no known user in the last minute.`;
    case 'ipVelocity':
      return `${signals.ipFailures} failed sign-ins from this address in the last ${minutes} minutes.`;
    case 'addressDelay':
      return `${signals.ipFailures} failed sign-ins from this address in the last ${minutes} minutes: each sign-in from it waits ${Math.ceil(addressDelayMs(signals.ipFailures, policy) / 1000)} s after the last failure.`;
    case 'pairVelocity':
      return `${signals.pairFailures} failed sign-ins for this username from this address in the last ${minutes} minutes: this address may not sign in as it for now.`;
    case 'usernameVelocity':
      return `${signals.usernameFailuresElsewhere} failed sign-ins for this username from other addresses in the last ${minutes} minutes: not refused here, but the second factor is asked even on a remembered browser.`;
  }
}

/** The first automation marker the user agent contains, compared without regard to case. */
export function automatedMarkerIn(userAgent: string, policy: RiskPolicy): string | null {
  const lowered = userAgent.toLowerCase();
  return (
    policy.automatedUserAgentMarkers.find((marker) => lowered.includes(marker.toLowerCase())) ??
    null
  );
}

/**
 * How long every sign-in from an address waits after its latest failure: nothing below
 * ipDelayThreshold failures, then ipDelayFirstMs doubling every ipDelayDoublingEvery failures,
 * at most ipDelayMaxMs. A short, growing delay, never a lock-out (ipVelocity is that).
 */
export function addressDelayMs(ipFailures: number, policy: RiskPolicy): number {
  if (ipFailures < policy.ipDelayThreshold) return 0;
  const doublings = Math.floor(
    (ipFailures - policy.ipDelayThreshold) / policy.ipDelayDoublingEvery,
  );
  return Math.min(policy.ipDelayMaxMs, policy.ipDelayFirstMs * 2 ** doublings);
}

function fires(rule: RiskRule, signals: RiskSignals, policy: RiskPolicy): boolean {
  switch (rule) {
    case 'adminOverride':
      return signals.highRiskOverride;
    case 'webdriver':
      return signals.payload?.webdriver === true;
    case 'automatedUserAgent':
      return (
        signals.payload !== null && automatedMarkerIn(signals.payload.userAgent, policy) !== null
      );
    case 'unknownUsernameRate':
      return (signals.unknownUsernamesLastMinute ?? 0) >= policy.unknownUsernamesPerMinute;
    case 'ipVelocity':
      return signals.ipFailures >= policy.ipFailureThreshold;
    case 'addressDelay':
      return (
        signals.ipFailures < policy.ipFailureThreshold &&
        signals.lastIpFailureAgoMs !== undefined &&
        signals.lastIpFailureAgoMs !== null &&
        signals.lastIpFailureAgoMs < addressDelayMs(signals.ipFailures, policy)
      );
    case 'pairVelocity':
      return (
        pairLimitReached(signals.pairFailures, policy) && (signals.ownerProof ?? null) === null
      );
    case 'usernameVelocity':
      return signals.usernameFailuresElsewhere >= policy.usernameFailureThreshold;
  }
}

export function evaluateRisk(
  signals: RiskSignals,
  policy: RiskPolicy = DEFAULT_RISK_POLICY,
): RiskResult {
  const fired = RISK_RULES.filter((rule) => fires(rule, signals, policy));
  // Highest level first; among equals, the order of RISK_RULES (a stable sort keeps it).
  const ranked = [...fired].sort((a, b) => SEVERITY[policy.levels[b]] - SEVERITY[policy.levels[a]]);
  const deciding = ranked[0];
  const level = deciding === undefined ? 'LOW' : policy.levels[deciding];
  return {
    level,
    recommendedAction:
      policy.recommendedActions[level === 'LOW' || deciding === undefined ? 'none' : deciding],
    reasons: ranked.map((rule) => reasonFor(rule, signals, policy)),
    rules: ranked,
  };
}

/**
 * Whether a refusal is the unknown-username rate (the identifier step answers it 429, a rate
 * limit, rather than as a risk denial).
 */
export function isUnknownUsernameLimit(result: RiskResult): boolean {
  return result.rules[0] === 'unknownUsernameRate';
}

/**
 * Whether this address has failed for the username often enough for pairVelocity to refuse it:
 * only then does what proves the owner (`ownerProof`) change the answer, so only then is it
 * looked up.
 */
export function pairLimitReached(pairFailures: number, policy: RiskPolicy): boolean {
  return pairFailures >= policy.usernameFailureThreshold;
}

/**
 * Whether the evaluation asks for the second factor even where a remembered browser would
 * stand in for it: failures for the username from elsewhere (usernameVelocity).
 */
export function asksForSecondFactor(result: RiskResult): boolean {
  return result.rules.includes('usernameVelocity');
}
