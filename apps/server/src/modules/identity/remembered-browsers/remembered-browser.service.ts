import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { RememberedBrowser } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { countAuditEvents, insertAuditEvent } from '../../audit';
import { findUserById } from '../../directory';
import type { SecurityNotices } from '../../messaging';
import type { FlowEffect, FlowState } from '../flow/flow.state';
import { asksForSecondFactor } from '../risk/risk.rules';
import type { RiskService } from '../risk/risk.service';
import { describeUserAgent, userAgentLabel } from '../user-agent.rules';
import {
  rememberedBrowserVerdict,
  rememberedUntil,
  type RememberedBrowserRefusal,
} from './remembered-browser.rules';
import type { Queryable } from '../../../db/database';
import {
  findRememberedBrowserOf,
  forgetAllRememberedBrowsers,
  forgetRememberedBrowser,
  insertRememberedBrowser,
  listActiveRememberedBrowsers,
  markRememberedBrowserUsed,
  type RememberedBrowserRow,
} from './remembered-browser.store';

/**
 * Whether the risk rules refused a sign-in as this customer since `since` that ends the trust
 * in this remembered browser: a refusal of this browser itself (its device cookie), or one by
 * the customer's own rule (the demo admin's high-risk switch). Someone else's refusal elsewhere
 * (their address's failures, their automated browser naming this username) ends nothing of the
 * owner's: nobody can spoil a customer's remembered browser from elsewhere. Read from the audit
 * log's 'risk.denied' events.
 */
async function riskDeniedSince(
  db: Queryable,
  userId: string,
  deviceHash: string,
  since: Date,
): Promise<boolean> {
  const refusals = await countAuditEvents(db, {
    type: 'risk.denied',
    since,
    userId,
    anyOf: [{ details: { device: deviceHash } }, { listsHolding: { rules: 'adminOverride' } }],
  });
  return refusals > 0;
}

/** What the service knows of the browser asking: its cookies, address and user agent. */
export interface BrowserAsking {
  /** The remembered-browser cookie as the browser sent it (tokens joined by '.'). */
  cookie: string | undefined;
  /** The hash of its HttpOnly device cookie (browser-device/); null when it sent none. */
  deviceHash: string | null;
  ip: string;
  userAgent: string | undefined;
}

export interface RememberedBrowserService {
  /**
   * The remembrance standing in for this sign-in's second factor, once its password is right
   * (the rules' verdict on the facts gathered now), or null: the second factor is asked.
   */
  standIn(state: FlowState, browser: BrowserAsking): Promise<string | null>;
  /**
   * Carries out a step's remembered-browser effects once its state is saved: a use is noted;
   * a new remembrance is stored and audited, its owner told, and the cookie's new value
   * answered (undefined when nothing was remembered).
   */
  afterStep(
    state: FlowState,
    effects: readonly FlowEffect[],
    browser: BrowserAsking,
  ): Promise<string | undefined>;
  /** The customer's remembered browsers, this one first. */
  list(userId: string, browser: BrowserAsking): Promise<RememberedBrowser[]>;
  /** Forgets one of the customer's remembered browsers; false: none of theirs by that id. */
  forget(userId: string, browserId: string, ip: string): Promise<boolean>;
}

/** Why every remembered browser of a customer was forgotten at once. */
export type ForgetAllReason =
  'password-change' | 'password-reset' | 'signed-out-everywhere' | 'contact-change-undone';

/**
 * Forgets every remembered browser of the customer, each with its audit event, in the caller's
 * transaction: a new password, "Sign out everywhere" or "This wasn't me" ends what the old
 * sign-ins earned, so that whoever held the old password or a session cannot skip the second
 * factor later.
 */
export async function forgetEveryRememberedBrowser(
  tx: Queryable,
  who: { userId: string; ip: string | null; at: Date },
  reason: ForgetAllReason,
): Promise<number> {
  const ids = await forgetAllRememberedBrowsers(tx, who.userId, who.at);
  for (const browserId of ids) {
    await insertAuditEvent(tx, {
      type: 'browser.forgotten',
      userId: who.userId,
      ip: who.ip,
      details: { browserId, reason },
    });
  }
  return ids.length;
}

/** At most this many customers' tokens in one browser's cookie (a shared family computer). */
const TOKENS_PER_COOKIE = 3;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The well-formed tokens of a cookie, newest first. */
export function tokensOfCookie(cookie: string | undefined): string[] {
  return (cookie ?? '')
    .split('.')
    .filter((token) => TOKEN_PATTERN.test(token))
    .slice(0, TOKENS_PER_COOKIE);
}

function labelOf(userAgent: string): string {
  return userAgentLabel(userAgent, 'a browser');
}

export function createRememberedBrowserService(deps: {
  db: Database;
  risk: RiskService;
  notices: SecurityNotices;
  /** The country of an address, when a source of that is configured; else always null. */
  countryOf?: (ip: string) => string | null;
  clock?: () => Date;
}): RememberedBrowserService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const countryOf = deps.countryOf ?? (() => null);

  async function forget(
    row: Pick<RememberedBrowserRow, 'userId' | 'id'>,
    reason: 'customer' | RememberedBrowserRefusal,
    ip: string,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      // Only the customer's own: another customer's id is simply not found.
      const forgotten = await forgetRememberedBrowser(tx, row.userId, row.id, clock());
      if (!forgotten) return false;
      await insertAuditEvent(tx, {
        type: 'browser.forgotten',
        userId: row.userId,
        ip,
        details: { browserId: row.id, reason },
      });
      return true;
    });
  }

  return {
    async standIn(state, browser) {
      const tokens = tokensOfCookie(browser.cookie);
      if (state.purpose !== 'sign-in' || !state.userId || tokens.length === 0) return null;
      const row = await findRememberedBrowserOf(db, state.userId, tokens.map(sha256));
      if (!row) return null;
      const user = await findUserById(db, state.userId);
      if (!user) return null;
      // The risk rules as they stand now, without the browser's profile (it passed them at the
      // username a moment ago); an admin's high-risk switch or a burst of failures shows here.
      const evaluation = await deps.risk.evaluate({
        username: user.uid,
        riskPayload: null,
        ip: browser.ip,
        deviceHash: browser.deviceHash,
        consumeOverride: false,
        user,
      });
      const now = clock();
      const verdict = rememberedBrowserVerdict({
        purpose: state.purpose,
        passwordChecked: state.amr.includes('pwd'),
        riskLevel: evaluation.known === false ? 'HIGH' : evaluation.result.level,
        secondFactorAsked: evaluation.known !== false && asksForSecondFactor(evaluation.result),
        remembrance: row,
        deviceIdHash: browser.deviceHash,
        riskDeniedSince: await riskDeniedSince(db, row.userId, row.deviceIdHash, row.createdAt),
        country: countryOf(browser.ip),
        now,
      });
      if (verdict.skip) return row.id;
      if (verdict.forget) await forget(row, verdict.reason, browser.ip);
      return null;
    },

    async afterStep(state, effects, browser) {
      const used = effects.find((effect) => effect.type === 'REMEMBERED_BROWSER_USED');
      if (used?.type === 'REMEMBERED_BROWSER_USED') {
        await markRememberedBrowserUsed(db, used.browserId, {
          at: clock(),
          ip: browser.ip,
          country: countryOf(browser.ip),
        });
      }
      const remember = effects.some((effect) => effect.type === 'REMEMBER_BROWSER');
      const { userId } = state;
      const { deviceHash } = browser;
      if (!remember || !userId || !deviceHash) return undefined;
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const userAgent = (browser.userAgent ?? '').slice(0, 512);
      const id = randomUUID();
      const audit = {
        type: 'browser.remembered' as const,
        userId,
        ip: browser.ip,
        details: { browserId: id, browser: labelOf(userAgent) },
      };
      await db.transaction(async (tx) => {
        await insertRememberedBrowser(tx, {
          id,
          userId,
          tokenHash: sha256(token),
          deviceIdHash: deviceHash,
          userAgent,
          ip: browser.ip,
          country: countryOf(browser.ip),
          createdAt: now,
          expiresAt: rememberedUntil(now),
        });
        await insertAuditEvent(tx, audit);
      });
      // Committed: the owner hears of it (a browser remembered by someone else is worth a call).
      await deps.notices.tell(audit);
      return [token, ...tokensOfCookie(browser.cookie)].slice(0, TOKENS_PER_COOKIE).join('.');
    },

    async list(userId, browser) {
      const mine = new Set(tokensOfCookie(browser.cookie).map(sha256));
      const rows = await listActiveRememberedBrowsers(db, userId, clock());
      const listed = rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        rememberedAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        expiresAt: row.expiresAt.toISOString(),
        current: mine.has(row.tokenHash),
      }));
      return [...listed.filter((row) => row.current), ...listed.filter((row) => !row.current)];
    },

    async forget(userId, browserId, ip) {
      return forget({ userId, id: browserId }, 'customer', ip);
    },
  };
}
