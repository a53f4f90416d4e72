import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVISOR_CONSENTS_API_PATH,
  CLIENT_BALANCES_API_PATH,
  CONSENTS_API_PATH,
  SCIM_SCHEMAS,
  SCIM_USERS_API_PATH,
  accountIdsAttribute,
  advisorConsentsResponseSchema,
  clientBalancesResponseSchema,
  consentSearchResponseSchema,
  messages,
  scimErrorSchema,
  scimUidEquals,
  scimUidStartsWith,
  scimUserPath,
} from '@anybank/contracts';
import { users } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { partnerToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { partnerDataReads, type Call } from './partner-data-reads';

const PRODUCT_ID = testConfig().productId;
const balancesSchema = clientBalancesResponseSchema(PRODUCT_ID);

// One database (API_DATABASES): partner scopes and answers over HTTP; no SQL of its own.
describe.each(API_DATABASES)('partner data APIs on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let advisor: Call;
  let marketing: Call;
  let amyId: string;
  let mariaId: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    advisor = apiClient(origin, await partnerToken(origin, 'AnyWealthAdvisor'));
    marketing = apiClient(origin, await partnerToken(origin, 'AnyMarketing'));
    amyId = await userIdOf(test, 'amy.davis');
    mariaId = await userIdOf(test, 'maria.lopez');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const { accountIdsOf, partnerReadsBy, balancesOf, scimSearch } = partnerDataReads(() => ({
    test,
    advisor,
    marketing,
  }));

  describe('the advisor’s consenting clients', () => {
    it('lists exactly the customers who share at least one account, with uid and name', async () => {
      const response = await advisor(
        `${ADVISOR_CONSENTS_API_PATH}?definition=share-account-balances`,
      );
      expect(response.status).toBe(200);
      const body = advisorConsentsResponseSchema.parse(await response.json());
      // Seeded: olivia.martin answered with nothing shared; ava, michael, david, mia never shared.
      // Ordered by last name, as a client list is.
      expect(body._embedded.consents.map((consent) => consent.uid)).toEqual([
        'liam.anderson',
        'emily.chen',
        'jane.doe',
        'sofia.garcia',
        'john.smith',
        'james.taylor',
        'noah.white',
      ]);
      expect(body.count).toBe(7);
      const jane = body._embedded.consents.find((consent) => consent.uid === 'jane.doe');
      expect(jane).toMatchObject({
        subject: await userIdOf(test, 'jane.doe'),
        cn: 'Jane Doe',
        status: 'accepted',
        definition: { id: 'share-account-balances' },
      });
    });

    it('narrows the list to one client when a subject is given', async () => {
      const johnId = await userIdOf(test, 'john.smith');
      const oliviaId = await userIdOf(test, 'olivia.martin');
      const john = advisorConsentsResponseSchema.parse(
        await (
          await advisor(
            `${ADVISOR_CONSENTS_API_PATH}?definition=share-account-balances&subject=${johnId}`,
          )
        ).json(),
      );
      expect(john._embedded.consents.map((consent) => consent.uid)).toEqual(['john.smith']);
      const olivia = advisorConsentsResponseSchema.parse(
        await (
          await advisor(
            `${ADVISOR_CONSENTS_API_PATH}?definition=share-account-balances&subject=${oliviaId}`,
          )
        ).json(),
      );
      expect(olivia).toEqual({ count: 0, _embedded: { consents: [] } });
    });

    it('answers only for the definition the advisor receives', async () => {
      const response = await advisor(`${ADVISOR_CONSENTS_API_PATH}?definition=communication`);
      expect(response.status).toBe(400);
    });

    it('records that the advisor read whose consents', async () => {
      const reads = await partnerReadsBy(amyId);
      const listed = reads.filter((read) => read.resource === 'advisor-consents');
      expect(listed.length).toBeGreaterThan(0);
      expect(listed[0]).toMatchObject({
        readerType: 'AnyWealthAdvisor',
        outcome: 'shown',
        subjects: expect.arrayContaining([await userIdOf(test, 'jane.doe')]) as unknown,
      });
    });
  });

  describe('a client’s balances', () => {
    it('shows a consenting client’s attributes and exactly the accounts they share', async () => {
      const response = await balancesOf('jane.doe');
      expect(response.status).toBe(200);
      const body = balancesSchema.parse(await response.json());
      const [checking, savings] = await accountIdsOf('jane.doe');
      expect(body.userAttributes).toEqual({
        cn: 'Jane Doe',
        street: '123 Main Street',
        l: 'Springfield',
        postalCode: '62701',
        mobile: '+15551234567',
        [accountIdsAttribute(PRODUCT_ID)]: { ids: [checking, savings] },
      });
      expect(
        body.Data.Balance.map((balance) => [
          balance.AccountId,
          balance.AccountKind,
          balance.Amount.Amount,
        ]),
      ).toEqual([
        [checking, 'checking', '24500.00'],
        [savings, 'savings', '18750.32'],
      ]);
    });

    it('labels a shared account by its place in the client’s list, not in the shared list', async () => {
      const body = balancesSchema.parse(await (await balancesOf('sofia.garcia')).json());
      const [, savings] = await accountIdsOf('sofia.garcia');
      expect(body.Data.Balance.map((balance) => [balance.AccountId, balance.AccountKind])).toEqual([
        [savings, 'savings'],
      ]);
    });

    it.each([
      ['never answered', 'ava.thomas'],
      ['shares no account', 'olivia.martin'],
      ['is staff, not a client', 'maria.lopez'],
    ])('refuses with the page’s text for someone who %s', async (_case, uid) => {
      const response = await balancesOf(uid);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        code: 'advisor_no_consent',
        message: messages.advisor.noConsent,
      });
    });

    it('answers an unknown subject exactly like a client who did not consent', async () => {
      for (const subject of [randomUUID(), 'not-a-uuid']) {
        const response = await advisor(`${CLIENT_BALANCES_API_PATH}?subject=${subject}`);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          code: 'advisor_no_consent',
          message: messages.advisor.noConsent,
        });
      }
    });

    it('follows the client’s consent as they change it: fewer accounts, then none', async () => {
      const jane = apiClient(origin, await customerToken(origin, 'jane.doe'));
      const found = consentSearchResponseSchema.parse(
        await (await jane(`${CONSENTS_API_PATH}?definition=share-account-balances`)).json(),
      );
      const consentId = found._embedded.consents[0]?.id ?? '';
      const [, savings] = await accountIdsOf('jane.doe');

      const narrowed = await jane(`${CONSENTS_API_PATH}/${consentId}`, {
        method: 'PATCH',
        body: { data: { 'share-balance': [savings] } },
      });
      expect(narrowed.status).toBe(200);
      const afterNarrowing = balancesSchema.parse(await (await balancesOf('jane.doe')).json());
      expect(afterNarrowing.Data.Balance.map((balance) => balance.AccountId)).toEqual([savings]);

      const revoked = await jane(`${CONSENTS_API_PATH}/${consentId}`, {
        method: 'PATCH',
        body: { status: 'revoked' },
      });
      expect(revoked.status).toBe(200);
      const afterRevoking = await balancesOf('jane.doe');
      expect(afterRevoking.status).toBe(403);
      expect(await afterRevoking.json()).toEqual({
        code: 'advisor_no_consent',
        message: messages.advisor.noConsent,
      });

      const list = advisorConsentsResponseSchema.parse(
        await (
          await advisor(`${ADVISOR_CONSENTS_API_PATH}?definition=share-account-balances`)
        ).json(),
      );
      expect(list._embedded.consents.map((consent) => consent.uid)).not.toContain('jane.doe');
    });

    it('records each lookup with the accounts shown, refused ones too', async () => {
      const janeId = await userIdOf(test, 'jane.doe');
      const avaId = await userIdOf(test, 'ava.thomas');
      const lookups = (await partnerReadsBy(amyId)).filter(
        (read) => read.resource === 'client-balances',
      );
      const [checking, savings] = await accountIdsOf('jane.doe');
      expect(lookups).toContainEqual({
        readerType: 'AnyWealthAdvisor',
        resource: 'client-balances',
        subjects: [janeId],
        outcome: 'shown',
        consent: 'share-account-balances',
        clientName: 'Jane Doe',
        accounts: [checking, savings],
      });
      // A refusal is a refused consent check: the consent it looked for, and the client, whom
      // the advisor's search shows by name anyway.
      expect(await partnerReadsBy(amyId, 'partner.consent_refused')).toContainEqual({
        readerType: 'AnyWealthAdvisor',
        resource: 'client-balances',
        subjects: [avaId],
        outcome: 'refused',
        consent: 'share-account-balances',
        clientName: 'Ava Thomas',
      });
    });
  });

  describe('the marketing lookup', () => {
    /** What every resource carries whatever the customer shares: SCIM's own attributes. */
    async function scimOwn(uid: string) {
      const id = await userIdOf(test, uid);
      return {
        schemas: [SCIM_SCHEMAS.user],
        id,
        userName: uid,
        uid,
        meta: { resourceType: 'User', location: `${origin}${scimUserPath(id)}` },
      };
    }

    it('shows an opted-in customer’s name and only the channels they chose', async () => {
      const jane = await scimSearch(scimUidEquals('jane.doe'));
      expect(jane).toEqual({
        schemas: [SCIM_SCHEMAS.listResponse],
        totalResults: 1,
        startIndex: 1,
        itemsPerPage: 1,
        Resources: [
          {
            ...(await scimOwn('jane.doe')),
            cn: 'Jane Doe',
            // sms and e-mail yes, postal mail no.
            mail: 'jane.doe@example.com',
            mobile: '+15551234567',
          },
        ],
      });
      const john = await scimSearch(scimUidEquals('John.Smith'));
      expect(john.Resources).toEqual([
        {
          ...(await scimOwn('john.smith')),
          cn: 'John Smith',
          // e-mail and postal mail yes, sms no.
          mail: 'john.smith@example.com',
          street: '42 Oak Avenue',
          l: 'Portland',
          postalCode: '97201',
        },
      ]);
    });

    it.each([
      ['opted out of every channel', 'michael.brown'],
      ['never answered', 'ava.thomas'],
    ])(
      'shows a customer who %s with the no-consent text and no contact data',
      async (_case, uid) => {
        const found = await scimSearch(scimUidEquals(uid));
        expect(found.Resources).toEqual([
          {
            ...(await scimOwn(uid)),
            cn: messages.marketing.noConsent,
          },
        ]);
      },
    );

    it('treats the placeholder mobile as blank', async () => {
      await test.handle.db
        .update(users)
        .set({ mobile: '0000000000' })
        .where(eq(users.uid, 'noah.white'));
      const [noah] = (await scimSearch(scimUidEquals('noah.white'))).Resources;
      expect(noah).toMatchObject({ cn: 'Noah White', mail: 'noah.white@example.com' });
      expect(noah).not.toHaveProperty('mobile');
    });

    it('suggests customers (never staff) whose username starts with what was typed', async () => {
      const found = await scimSearch(scimUidStartsWith('j'));
      expect(found.Resources.map((resource) => resource.uid)).toEqual([
        'james.taylor',
        'jane.doe',
        'john.smith',
      ]);
      const a = await scimSearch(scimUidStartsWith('a'));
      expect(a.Resources.map((resource) => resource.uid)).toEqual(['ava.thomas']);
      // A LIKE wildcard typed into the box is a character to match, not a pattern.
      expect((await scimSearch(scimUidStartsWith('%'))).totalResults).toBe(0);
    });

    it('combines conditions and pages through the results', async () => {
      const found = await scimSearch(
        'uid sw "j" and not (uid eq "jane.doe") or uid eq "mia.jackson"',
      );
      expect(found.Resources.map((resource) => resource.uid)).toEqual([
        'james.taylor',
        'john.smith',
        'mia.jackson',
      ]);
      const page = await scimSearch(scimUidStartsWith('j'), '&startIndex=2&count=1');
      expect(page).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
      expect(page.Resources.map((resource) => resource.uid)).toEqual(['jane.doe']);
    });

    it.each([
      ['uid eq', 'not valid SCIM filter syntax'],
      ['mail eq "jane.doe@example.com"', 'Only userName (uid) and schemas can be filtered on'],
      ['uid gt "a"', 'not supported'],
    ])('answers the filter %j with SCIM’s invalidFilter error', async (filter, detail) => {
      const response = await marketing(
        `${SCIM_USERS_API_PATH}?filter=${encodeURIComponent(filter)}`,
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/scim+json');
      const body = scimErrorSchema.parse(await response.json());
      expect(body).toMatchObject({
        schemas: [SCIM_SCHEMAS.error],
        scimType: 'invalidFilter',
        status: '400',
      });
      expect(body.detail).toContain(detail);
    });

    it('records which customers marketing was shown, with the filter sent', async () => {
      const lookups = (await partnerReadsBy(mariaId)).filter(
        (read) => read.resource === 'scim-users',
      );
      expect(lookups).toContainEqual({
        readerType: 'AnyMarketing',
        resource: 'scim-users',
        subjects: [await userIdOf(test, 'jane.doe')],
        outcome: 'shown',
        filter: 'uid eq "jane.doe"',
      });
    });
  });
});
