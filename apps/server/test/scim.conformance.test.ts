import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_USERS_API_PATH, scimUserPath } from '@anybank/contracts';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { findingsOf, validatorOf } from './json-schema';
import { partnerToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * The marketing lookup as a SCIM service: its list, its User resources and its errors against
 * JSON Schemas written from RFC 7643 and RFC 7644 (test/schemas/scim-rfc7644.schema.json),
 * checked by Ajv, with the partner signed in through the real server.
 */

const SCHEMA = 'scim-rfc7644.schema.json';
const listResponse = validatorOf(SCHEMA, '/definitions/ListResponse');
const userResource = validatorOf(SCHEMA, '/definitions/User');
const errorResponse = validatorOf(SCHEMA, '/definitions/Error');
const CUSTOMERS_SEEDED = 12;

type Call = ReturnType<typeof apiClient>;
interface ListBody {
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: { id: string; userName: string; meta: { location: string } }[];
}

// One database (API_DATABASES): SCIM's HTTP protocol; the filter's SQL is scim-filter.rfc7644.test.ts's, on both.
describe.each(API_DATABASES)('SCIM conformance on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let marketing: Call;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    marketing = apiClient(origin, await partnerToken(origin, 'AnyMarketing'));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const users = (query: Record<string, string>) =>
    `${SCIM_USERS_API_PATH}?${new URLSearchParams(query).toString()}`;

  async function scimAnswer(response: Response, status: number) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/scim+json');
    return (await response.json()) as unknown;
  }

  async function list(query: Record<string, string>): Promise<ListBody> {
    const body = await scimAnswer(await marketing(users(query)), 200);
    expect(findingsOf(listResponse, body)).toEqual([]);
    return body as ListBody;
  }

  it('answers a search as a ListResponse of User resources', async () => {
    const body = await list({ filter: 'userName sw "j"' });
    expect(body.Resources.map((user) => user.userName)).toEqual([
      'james.taylor',
      'jane.doe',
      'john.smith',
    ]);
    expect(body).toMatchObject({ totalResults: 3, startIndex: 1, itemsPerPage: 3 });
  });

  it('serves each resource at its meta.location, the very resource the list showed', async () => {
    const { Resources } = await list({ filter: 'userName eq "jane.doe"' });
    const [listed] = Resources;
    const location = new URL(listed!.meta.location);
    expect(location.origin).toBe(origin);
    expect(location.pathname).toBe(scimUserPath(listed!.id));
    const read = await scimAnswer(await marketing(location.pathname), 200);
    expect(findingsOf(userResource, read)).toEqual([]);
    expect(read).toEqual(listed);
  });

  it('pages as RFC 7644 §3.4.2.4 says, the total always counting every match', async () => {
    const all = await list({});
    expect(all).toMatchObject({ totalResults: CUSTOMERS_SEEDED, itemsPerPage: CUSTOMERS_SEEDED });
    expect(await list({ startIndex: '0', count: '-1' })).toMatchObject({
      totalResults: CUSTOMERS_SEEDED,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });
    const last = await list({ startIndex: '12', count: '500' });
    expect(last).toMatchObject({ startIndex: 12, itemsPerPage: 1 });
    expect(last.Resources[0]).toEqual(all.Resources[11]);
  });

  it('finds no one with the enterprise extension, and says so in a valid list', async () => {
    const body = await list({
      filter: 'schemas eq "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"',
    });
    expect(body).toMatchObject({ totalResults: 0, itemsPerPage: 0, Resources: [] });
  });

  it.each([
    ['an attribute the lookup does not filter on', { filter: 'title pr' }, 'invalidFilter'],
    ['a filter that is not SCIM syntax', { filter: 'userName eq' }, 'invalidFilter'],
    ['a count that is not a number', { count: 'ten' }, 'invalidValue'],
  ])('answers %s with a 400 Error', async (_case, query, scimType) => {
    const body = await scimAnswer(await marketing(users(query)), 400);
    expect(findingsOf(errorResponse, body)).toEqual([]);
    expect(body).toMatchObject({ status: '400', scimType });
  });

  it('answers a caller without a token with a 401 Error', async () => {
    const response = await fetch(new URL(users({ filter: 'userName eq "jane.doe"' }), origin));
    const body = await scimAnswer(response, 401);
    expect(findingsOf(errorResponse, body)).toEqual([]);
    expect(body).toMatchObject({ status: '401' });
  });

  it('answers a customer and the advisor with a 403 Error, on both endpoints', async () => {
    const janeId = await userIdOf(test, 'jane.doe');
    const callers = [
      apiClient(origin, await customerToken(origin, 'jane.doe')),
      apiClient(origin, await partnerToken(origin, 'AnyWealthAdvisor')),
    ];
    for (const call of callers) {
      for (const path of [users({ filter: 'userName eq "jane.doe"' }), scimUserPath(janeId)]) {
        const body = await scimAnswer(await call(path), 403);
        expect(findingsOf(errorResponse, body)).toEqual([]);
        expect(body).toMatchObject({ status: '403' });
      }
    }
  });

  it('answers an id that is no customer’s with a 404 Error', async () => {
    const staff = await userIdOf(test, 'maria.lopez');
    for (const id of [randomUUID(), staff, 'not-an-id', "1' or '1'='1"]) {
      const body = await scimAnswer(await marketing(scimUserPath(id)), 404);
      expect(findingsOf(errorResponse, body)).toEqual([]);
      expect(body).toMatchObject({ status: '404' });
    }
  });

  it('answers an unknown SCIM endpoint and an address the router cannot read with SCIM Errors', async () => {
    for (const [path, status] of [
      ['/api/scim/v2/Groups', 404],
      ['/api/scim/v2/Users/%', 400],
    ] as const) {
      const body = await scimAnswer(await marketing(path), status);
      expect(findingsOf(errorResponse, body)).toEqual([]);
      expect(body).toMatchObject({ status: String(status) });
    }
  });

  it('would notice answers RFC 7644 refuses', () => {
    const error = { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400' };
    expect(errorResponse({ ...error, status: 400 })).toBe(false);
    expect(errorResponse({ ...error, schemas: [] })).toBe(false);
    expect(errorResponse({ ...error, status: '401', scimType: 'invalidFilter' })).toBe(false);
    expect(errorResponse({ ...error, scimType: 'badFilter' })).toBe(false);
    const user = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: 'x',
      userName: 'x',
      meta: { resourceType: 'User', location: 'https://bank.test/Users/x' },
    };
    expect(userResource(user)).toBe(true);
    expect(userResource({ ...user, userName: undefined })).toBe(false);
    expect(userResource({ ...user, id: 'bulkId' })).toBe(false);
    expect(userResource({ ...user, meta: { resourceType: 'User', location: '/Users/x' } })).toBe(
      false,
    );
    const page = {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [user],
    };
    expect(listResponse(page)).toBe(true);
    expect(listResponse({ ...page, startIndex: 0 })).toBe(false);
    expect(listResponse({ ...page, Resources: [{ ...user, schemas: ['urn:x'] }] })).toBe(false);
  });
});
