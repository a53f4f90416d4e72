/* eslint-disable @typescript-eslint/no-non-null-assertion -- test code (a step the test just
   saw succeed), moved out of help-desk.api.test.ts, where eslint.config allows it. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  RISK_API_PATH,
  XSRF_HEADER,
  helpDeskResponseSchema,
  orchestrationPaths,
  type HelpDeskSession,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import { auditEvents, mfaDevices } from '../src/db/schema';
import { userIdOf } from './banking-server';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import type { TestDatabase } from './test-database';

// The help desk as a rep drives it in the tests (help-desk.api.test.ts): its steps, the codes a
// customer reads out, and what the help desk left in the audit and the devices.

export const COMPANY = 'anybank-demo';

export interface Answer {
  status: number;
  session: HelpDeskSession | null;
  message: string | null;
}

/** The help desk's calls, against the server the test started (read when called). */
export function helpDeskClient(
  env: () => { origin: string; config: Config; samToken: string; test: TestDatabase },
) {
  async function helpDesk(body: Record<string, unknown>): Promise<Answer> {
    const response = await fetch(
      new URL(
        orchestrationPaths.policyStart(COMPANY, env().config.policyIds.HELP_DESK),
        env().origin,
      ),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    const json = (await response.json()) as { message?: string };
    const parsed = helpDeskResponseSchema.safeParse(json);
    return {
      status: response.status,
      session: parsed.success ? parsed.data.additionalProperties : null,
      message: json.message ?? null,
    };
  }

  /** One step as sam.rivera, the seeded rep. */
  const asSam = (step: string, fields: Record<string, unknown> = {}) =>
    helpDesk({ step, accessToken: env().samToken, ...fields });

  async function started(username: string): Promise<HelpDeskSession> {
    const answer = await asSam('start', { username });
    expect(answer.status, answer.message ?? '').toBe(200);
    return answer.session!;
  }

  /** The code the help desk e-mailed the customer (the dev outbox), as they read it out. */
  async function emailedCode(uid: string): Promise<string> {
    return new SignInDriver(env().origin).latestCode(`${uid}@example.com`);
  }

  async function verifiedByEmail(uid: string): Promise<HelpDeskSession> {
    const session = await started(uid);
    expect(session).toMatchObject({ status: 'verification_sent', method: 'email' });
    const answer = await asSam('verifyCode', {
      sessionId: session.sessionId,
      code: await emailedCode(uid),
    });
    expect(answer.session?.status).toBe('verified');
    return answer.session!;
  }

  /** The password check of the phone app's activation: the same lock as the sign-in's. */
  async function tryPassword(uid: string, password: string): Promise<number> {
    const response = await fetch(new URL('/api/mobile/activation', env().origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify({ username: uid, password }),
    });
    return response.status;
  }

  async function riskLevel(uid: string): Promise<string> {
    const response = await fetch(new URL(RISK_API_PATH, env().origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: uid, riskPayload: PERSON_RISK_PAYLOAD }),
    });
    return ((await response.json()) as { result: { level: string } }).result.level;
  }

  async function stepsOf(sessionId: string) {
    return env()
      .test.handle.db.select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'helpdesk.step'),
          sql`${auditEvents.details}->>'sessionId' = ${sessionId}`,
        ),
      )
      .orderBy(asc(auditEvents.id));
  }

  async function devicesOf(uid: string) {
    return env()
      .test.handle.db.select()
      .from(mfaDevices)
      .where(eq(mfaDevices.userId, await userIdOf(env().test, uid)));
  }
  return {
    helpDesk,
    asSam,
    started,
    emailedCode,
    verifiedByEmail,
    tryPassword,
    riskLevel,
    stepsOf,
    devicesOf,
  };
}
