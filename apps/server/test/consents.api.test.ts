import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENTS_API_PATH,
  PARTNER_CLIENTS,
  consentSchema,
  consentSearchResponseSchema,
  type Consent,
} from '@anybank/contracts';
import { accounts, auditEvents, consents } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { SignInDriver, type Server } from './sign-in-driver';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

type Call = ReturnType<typeof apiClient>;

describe.each(DATABASE_KINDS)('consent API on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let jane: { id: string; call: Call };
  let ava: { id: string; call: Call };
  let emilyId: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    jane = {
      id: await userIdOf(test, 'jane.doe'),
      call: apiClient(origin, await customerToken(origin, 'jane.doe')),
    };
    // A customer who has never answered: no consent of either kind exists for her.
    ava = {
      id: await userIdOf(test, 'ava.thomas'),
      call: apiClient(origin, await customerToken(origin, 'ava.thomas')),
    };
    emilyId = await userIdOf(test, 'emily.chen');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function accountIdsOf(userId: string): Promise<string[]> {
    const rows = await test.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.ownerId, userId))
      .orderBy(accounts.position);
    return rows.map((row) => row.id);
  }

  async function search(who: { id: string; call: Call }, definition?: string) {
    const query = new URLSearchParams({ subject: who.id, ...(definition ? { definition } : {}) });
    const response = await who.call(`${CONSENTS_API_PATH}?${query}`);
    expect(response.status).toBe(200);
    return consentSearchResponseSchema.parse(await response.json());
  }

  async function consentOf(who: { id: string; call: Call }, definition: string): Promise<Consent> {
    const found = await search(who, definition);
    expect(found.count).toBe(1);
    return found._embedded.consents[0]!;
  }

  async function changesRecorded(consentId: string) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'consent.changed'));
    return rows.filter((row) => (row.details as { consentId?: string }).consentId === consentId);
  }

  it('finds the caller’s consents by subject and definition, with every field', async () => {
    const communication = await consentOf(jane, 'communication');
    expect(communication).toMatchObject({
      status: 'accepted',
      subject: jane.id,
      actor: jane.id,
      audience: 'anybank',
      definition: { id: 'communication', version: '1.0', locale: 'en-us' },
      titleText: 'Communication preferences',
      data: { sms: true, email: true, homeAddress: false },
    });
    expect(consentSchema.parse(communication)).toEqual(communication);
    const sharing = await consentOf(jane, 'share-account-balances');
    expect(sharing.data).toEqual({ 'share-balance': (await accountIdsOf(jane.id)).slice(0, 2) });
    expect((await search(jane)).count).toBe(2);
  });

  it('refuses to search another subject’s consents', async () => {
    const response = await jane.call(`${CONSENTS_API_PATH}?subject=${emilyId}`);
    expect(response.status).toBe(403);
  });

  it('records only the consent the data gives: accepted with every channel off is revoked', async () => {
    const { id } = await consentOf(jane, 'communication');
    const response = await jane.call(`${CONSENTS_API_PATH}/${id}`, {
      method: 'PATCH',
      body: { status: 'accepted', data: { sms: false, email: false, homeAddress: false } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id,
      status: 'revoked',
      data: { sms: false, email: false, homeAddress: false },
    });
    expect(await consentOf(jane, 'communication')).toMatchObject({ status: 'revoked' });
    expect(await changesRecorded(id)).toMatchObject([
      { userId: jane.id, details: { action: 'updated', status: 'revoked' } },
    ]);

    const again = await jane.call(`${CONSENTS_API_PATH}/${id}`, {
      method: 'PATCH',
      body: { data: { sms: true, email: false, homeAddress: false } },
    });
    expect(await again.json()).toMatchObject({ status: 'accepted' });
  });

  it('withdraws everything shared when the status revoked is sent alone', async () => {
    const { id } = await consentOf(jane, 'share-account-balances');
    const response = await jane.call(`${CONSENTS_API_PATH}/${id}`, {
      method: 'PATCH',
      body: { status: 'revoked' },
    });
    expect(await response.json()).toMatchObject({
      status: 'revoked',
      data: { 'share-balance': [] },
    });
  });

  it('shares only the caller’s own accounts', async () => {
    const { id } = await consentOf(jane, 'share-account-balances');
    const [emilysChecking] = await accountIdsOf(emilyId);
    const [janesChecking] = await accountIdsOf(jane.id);
    const before = await consentOf(jane, 'share-account-balances');
    const refused = await jane.call(`${CONSENTS_API_PATH}/${id}`, {
      method: 'PATCH',
      body: { data: { 'share-balance': [janesChecking, emilysChecking] } },
    });
    expect(refused.status).toBe(400);
    expect(await consentOf(jane, 'share-account-balances')).toEqual(before);

    const accepted = await jane.call(`${CONSENTS_API_PATH}/${id}`, {
      method: 'PATCH',
      body: { data: { 'share-balance': [janesChecking] } },
    });
    expect(await accepted.json()).toMatchObject({
      status: 'accepted',
      data: { 'share-balance': [janesChecking] },
    });
  });

  it('answers 404 for another customer’s consent, as for one that does not exist', async () => {
    const [emilys] = await test.handle.db
      .select()
      .from(consents)
      .where(and(eq(consents.subject, emilyId), eq(consents.definitionId, 'communication')));
    for (const id of [emilys!.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await jane.call(`${CONSENTS_API_PATH}/${id}`, {
        method: 'PATCH',
        body: { data: { sms: true, email: true, homeAddress: true } },
      });
      expect(response.status).toBe(404);
    }
    const [unchanged] = await test.handle.db
      .select()
      .from(consents)
      .where(eq(consents.id, emilys!.id));
    expect(unchanged!.updatedAt).toEqual(emilys!.updatedAt);
  });

  it('refuses data of the wrong shape for the consent’s definition', async () => {
    const { id } = await consentOf(jane, 'communication');
    for (const data of [{ sms: 'yes', email: true, homeAddress: true }, { 'share-balance': [] }]) {
      const response = await jane.call(`${CONSENTS_API_PATH}/${id}`, {
        method: 'PATCH',
        body: { data },
      });
      expect(response.status).toBe(400);
    }
  });

  it('creates a consent for the caller (201), then updates that one rather than adding another', async () => {
    const created = await ava.call(CONSENTS_API_PATH, {
      method: 'POST',
      body: { definition: 'communication', data: { sms: false, email: true, homeAddress: false } },
    });
    expect(created.status).toBe(201);
    const consent = consentSchema.parse(await created.json());
    expect(consent).toMatchObject({
      status: 'accepted',
      subject: ava.id,
      actor: ava.id,
      audience: 'anybank',
      definition: { id: 'communication', version: '1.0', locale: 'en-us' },
    });
    expect(created.headers.get('location')).toBe(`${CONSENTS_API_PATH}/${consent.id}`);
    expect(await changesRecorded(consent.id)).toMatchObject([{ details: { action: 'created' } }]);

    const second = await ava.call(CONSENTS_API_PATH, {
      method: 'POST',
      body: {
        definition: { id: 'communication', version: '1.0', locale: 'en-us' },
        data: { sms: false, email: false, homeAddress: false },
      },
    });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ id: consent.id, status: 'revoked' });
    expect((await search(ava, 'communication')).count).toBe(1);
  });

  it('creates one consent for concurrent first answers', async () => {
    const [checking, savings] = await accountIdsOf(ava.id);
    const responses = await Promise.all(
      [[checking], [savings], []].map((shared) =>
        ava.call(CONSENTS_API_PATH, {
          method: 'POST',
          body: { definition: 'share-account-balances', data: { 'share-balance': shared } },
        }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 201]);
    expect((await search(ava, 'share-account-balances')).count).toBe(1);
  });

  it('refuses to create a consent for another subject', async () => {
    const response = await ava.call(CONSENTS_API_PATH, {
      method: 'POST',
      body: {
        subject: emilyId,
        definition: 'communication',
        data: { sms: true, email: true, homeAddress: true },
      },
    });
    expect(response.status).toBe(403);
  });

  it('is for customers: an advisor’s token is refused', async () => {
    const driver = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    const landing = await driver.signInWithPasswordAndEmail('amy.davis', 'amy.davis@example.com');
    const { access_token } = (await (
      await driver.token(landing.searchParams.get('code') ?? '')
    ).json()) as { access_token: string };
    const response = await apiClient(origin, access_token)(CONSENTS_API_PATH);
    expect(response.status).toBe(403);
  });
});
