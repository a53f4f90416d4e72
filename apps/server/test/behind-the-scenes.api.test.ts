import { and, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_CLIENT,
  INSPECTOR_EVENTS_PATH,
  INSPECTOR_PATH,
  RISK_API_PATH,
  XSRF_HEADER,
  inspectorEntrySchema,
  journeySchema,
  type InspectorEntry,
  type Journey,
} from '@anybank/contracts';
import { auditEvents } from '../src/db/schema';
import { TRACE_EVENT_TYPES } from '../src/modules/audit/audit.rules';
import { BrowserSession } from './browser-session';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { createTestDatabase, type TestDatabase } from './test-database';

const JANE = { uid: 'jane.doe', email: 'jane.doe@example.com' };
const JOHN = { uid: 'john.smith' };

/** Opens "Behind the scenes" in a browser, as the panel's toggle does. */
async function openPanel(browser: BrowserSession, expected: 'opened' | 'kept' = 'opened') {
  const response = await browser.fetch(INSPECTOR_PATH, {
    method: 'POST',
    headers: { [XSRF_HEADER]: '1' },
  });
  expect(response.status).toBe(expected === 'opened' ? 201 : 200);
  expect(await response.json()).toEqual({ panel: expected });
}

/**
 * Reads a panel's event stream as the browser's EventSource would, until `enough` holds for
 * what arrived (or 10 s pass); answers the entries, in the order they came, and the journeys
 * as last sent (a journey is sent again as it grows).
 */
async function readPanel(
  browser: BrowserSession,
  enough: (entries: InspectorEntry[], journeys: Journey[]) => boolean,
): Promise<{ entries: InspectorEntry[]; journeys: Journey[]; text: string }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 10_000);
  const response = await browser.fetch(INSPECTOR_EVENTS_PATH, { signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const entries: InspectorEntry[] = [];
  const journeys = new Map<number, Journey>();
  let text = '';
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!enough(entries, [...journeys.values()])) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      const blocks = text.split('\n\n');
      entries.length = 0;
      journeys.clear();
      for (const block of blocks) {
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        if (/^event: journey$/m.test(block)) {
          const journey = journeySchema.parse(JSON.parse(data));
          journeys.set(journey.id, journey);
        } else entries.push(inspectorEntrySchema.parse(JSON.parse(data)));
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return { entries, journeys: [...journeys.values()], text };
}

const hasType = (type: string) => (entries: InspectorEntry[]) =>
  entries.some((entry) => entry.type === type);

describe('Behind the scenes (ADR 0021)', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startSignInServer(test, { RATE_LIMIT_PER_MINUTE: '1000000' }));
  });
  afterAll(async () => {
    // The tests read event streams and abort them; under load a socket can be left half-open,
    // and Fastify's close waits for every busy connection (it once held this hook past 60 s).
    // The tests are done with the server: its connections are cut before it closes.
    server.app.server.closeAllConnections();
    await server.app.close();
    await test.drop();
  });

  it('shows a browser what its sign-in did, in order, with no code, password or token signature', async () => {
    const driver = new SignInDriver(origin, BANK_CLIENT);
    await openPanel(driver.browser);
    // As the login modal does: the authorization request, then the risk evaluation.
    await driver.authorize();
    await driver.browser.fetch(RISK_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: JANE.uid, riskPayload: PERSON_RISK_PAYLOAD }),
    });
    const landing = await driver.signInWithPasswordAndEmail(JANE.uid, JANE.email);
    const answer = await driver.token(landing.searchParams.get('code') ?? '');
    expect(answer.status).toBe(200);
    const { access_token: accessToken } = (await answer.json()) as { access_token: string };

    const { entries, text } = await readPanel(driver.browser, hasType('token.issued'));
    const types = entries.map((entry) => entry.type);
    const order = [
      'oauth.authorization_requested',
      'risk.evaluated',
      'flow.step',
      'message.sent',
      'signin.succeeded',
      'token.issued',
    ].map((type) => types.indexOf(type));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const risk = entries.find((entry) => entry.type === 'risk.evaluated')!;
    expect(risk.details).toMatchObject({ level: 'LOW', rules: [] });
    expect(risk.explanation).toMatch(/^Risk LOW: none of the \d+ rules fired/);
    const sent = entries.find((entry) => entry.type === 'message.sent')!;
    // Masked as the sign-in flow masks a device's target (its method's `display`).
    expect(sent.explanation).toContain('j******e@example.com');
    expect(sent.outboxLink).toMatch(/^\/outbox\?to=jane\.doe%40example\.com&message=/);
    const tokens = entries.find((entry) => entry.type === 'token.issued')!;
    expect(JSON.stringify(tokens.details)).toContain('"anybankUserType":"customer"');

    // The one-time code, the password and the tokens' signatures never reach the panel.
    const otp = await driver.latestCode(JANE.email);
    expect(text).not.toContain(otp);
    expect(text).not.toContain('Welcome2Bank!');
    const signature = accessToken.split('.')[2]!;
    expect(text).not.toContain(signature);
    expect(text).toContain(accessToken.slice(0, accessToken.lastIndexOf('.')));
  });

  it('watches a browser from its first page: a panel opened after its sign-in replays it as one journey, both tokens checked against the published keys', async () => {
    const driver = new SignInDriver(origin, BANK_CLIENT);
    // A browser loading a page (Fetch Metadata, which Node's fetch cannot send: injected) is
    // given a panel cookie; a call that is no navigation is not.
    const page = await server.app.inject({ url: '/', headers: { 'sec-fetch-mode': 'navigate' } });
    const given = page.cookies.find((cookie) => cookie.name === 'anybank_inspect');
    expect(given).toMatchObject({ httpOnly: true, path: '/' });
    driver.browser.holdCookie(given!.name, given!.value);
    const call = await server.app.inject({ url: '/', headers: { 'sec-fetch-mode': 'cors' } });
    expect(call.cookies.map((cookie) => cookie.name)).not.toContain('anybank_inspect');

    // As the login modal does: the authorization request, then the risk evaluation.
    await driver.authorize();
    await driver.browser.fetch(RISK_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: JANE.uid, riskPayload: PERSON_RISK_PAYLOAD }),
    });
    // Then the modal's steps (signInWithPasswordAndEmail would send a second request).
    await driver.read();
    const identifier = { identifier: JANE.uid, riskPayload: PERSON_RISK_PAYLOAD };
    await driver.post('submitIdentifier', identifier);
    const afterPassword = await driver.post('checkUsernamePassword', {
      username: JANE.uid,
      password: 'Welcome2Bank!',
    });
    const email = afterPassword.body.devices?.find((device) => device.type === 'Email');
    await driver.post({ action: 'selectDevice' }, { deviceRef: { id: email?.id } });
    await driver.post({ action: 'checkOtp' }, { otp: await driver.latestCode(JANE.email) });
    const landing = await driver.resume(await driver.continueToResume());
    expect((await driver.token(landing.searchParams.get('code') ?? '')).status).toBe(200);
    await openPanel(driver.browser, 'kept');
    const { journeys } = await readPanel(driver.browser, (_entries, told) =>
      told.some((journey) => journey.entries.some((entry) => entry.type === 'token.issued')),
    );
    const signIns = journeys.filter((journey) => journey.kind === 'sign-in');
    expect(signIns).toHaveLength(1);
    const [signIn] = signIns;
    expect(signIn!.headline).toBe(
      'Jane signed in with a password and a one-time code sent by e-mail; risk LOW: no rule fired.',
    );
    const ids = signIn!.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(signIn!.entries[0]!.type).toBe('oauth.authorization_requested');
    // No step that left the flow where it was.
    const steps = signIn!.entries.filter((entry) => entry.type === 'flow.step');
    expect(steps.every((entry) => entry.details.from !== entry.details.to)).toBe(true);
    const issued = signIn!.entries.find((entry) => entry.type === 'token.issued')!.details
      .issued as { kind: string; signatureCheck: string }[];
    expect(issued.map((token) => [token.kind, token.signatureCheck])).toEqual([
      ['ID token', 'valid'],
      ['access token', 'valid'],
    ]);
  });

  it('never shows a browser another browser’s events', async () => {
    const first = new SignInDriver(origin, BANK_CLIENT);
    const second = new BrowserSession(origin);
    await openPanel(first.browser);
    await openPanel(second);
    await first.authorize();
    // The second browser causes one event of its own: a risk evaluation for john.smith.
    await second.fetch(RISK_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: JOHN.uid, riskPayload: PERSON_RISK_PAYLOAD }),
    });
    const seen = await readPanel(second, hasType('risk.evaluated'));
    expect(seen.entries.map((entry) => entry.type)).toEqual(['risk.evaluated']);
    expect(seen.entries[0]!.details).toMatchObject({ uid: JOHN.uid });
    const firsts = await readPanel(first.browser, hasType('oauth.authorization_requested'));
    expect(firsts.entries.map((entry) => entry.type)).toEqual(['oauth.authorization_requested']);
  });

  it('keeps a browser’s panel, with what it showed, when it is opened again; closing it first starts an empty one', async () => {
    const driver = new SignInDriver(origin, BANK_CLIENT);
    await openPanel(driver.browser);
    await driver.authorize();
    // A second tab, or a page that lost its stream while leaving, opens it again.
    await openPanel(driver.browser, 'kept');
    const kept = await readPanel(driver.browser, hasType('oauth.authorization_requested'));
    expect(kept.entries.map((entry) => entry.type)).toEqual(['oauth.authorization_requested']);

    const closed = await driver.browser.fetch(INSPECTOR_PATH, {
      method: 'DELETE',
      headers: { [XSRF_HEADER]: '1' },
    });
    expect(closed.status).toBe(204);
    await openPanel(driver.browser);
    const fresh = await driver.browser.fetch(RISK_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: JANE.uid, riskPayload: PERSON_RISK_PAYLOAD }),
    });
    expect(fresh.status).toBe(200);
    const seen = await readPanel(driver.browser, hasType('risk.evaluated'));
    expect(seen.entries.map((entry) => entry.type)).toEqual(['risk.evaluated']);
  });

  it('tells an anonymous panel nothing of the messages a forgot password sends: no address, and the same whether the username exists or not', async () => {
    /** A forgot password for `username` in a fresh browser with its panel open; its entries. */
    async function forgotPasswordWatched(username: string) {
      const driver = new SignInDriver(origin, BANK_CLIENT);
      await openPanel(driver.browser);
      await driver.authorize();
      await driver.post({ action: 'initiateAccountRecovery' });
      const asked = await driver.post({ action: 'submitRecoveryUsername' }, { username });
      expect(asked.status).toBe(200);
      // A later event of this browser's own: everything the request above caused is before it.
      await driver.browser.fetch(RISK_API_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: JOHN.uid, riskPayload: PERSON_RISK_PAYLOAD }),
      });
      return { driver, ...(await readPanel(driver.browser, hasType('risk.evaluated'))) };
    }

    const known = await forgotPasswordWatched(JANE.uid);
    // The recovery code did go to jane.doe: the panel is what stays silent about it.
    expect(await known.driver.latestCode(JANE.email)).toMatch(/\S/);
    const types = known.entries.map((entry) => entry.type);
    expect(types).not.toContain('message.sent');
    expect(known.text).not.toContain(JANE.email);
    expect(known.text).not.toContain(encodeURIComponent(JANE.email));
    expect(known.text).not.toContain('outboxRecipient');

    const unknown = await forgotPasswordWatched('nobody.registered');
    expect(unknown.entries.map((entry) => `${entry.type} ${entry.explanation}`)).toEqual(
      known.entries.map((entry) => `${entry.type} ${entry.explanation}`),
    );
  });

  it('records nothing more for a browser without a panel', async () => {
    const [mark] = await test.handle.db.select({ id: max(auditEvents.id) }).from(auditEvents);
    const driver = new SignInDriver(origin, BANK_CLIENT);
    await driver.signInWithPasswordAndEmail(JANE.uid, JANE.email);
    const traces = await test.handle.db
      .select({ type: auditEvents.type })
      .from(auditEvents)
      .where(
        and(inArray(auditEvents.type, [...TRACE_EVENT_TYPES]), gt(auditEvents.id, mark?.id ?? 0)),
      );
    expect(traces).toEqual([]);
  });

  it('answers 409 to a stream asked for without an open panel', async () => {
    const response = await new BrowserSession(origin).fetch(INSPECTOR_EVENTS_PATH);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'inspector_not_open' });
  });
});
