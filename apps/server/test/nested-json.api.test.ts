import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_HEADER, vendorContentType } from '@anybank/contracts';
import { BODY_TOO_DEEP_CODE, MAX_JSON_DEPTH } from '../src/http/json-body';
import { apiErrorSchema } from './error-shapes';
import { SignInDriver, startSignInServer, type Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/** `depth` arrays, one inside the other: 3,000 of them are the 6 KB body of the finding. */
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** An object whose `riskPayload` nests so that the whole body is `depth` levels deep. */
const nestedInAField = (depth: number) =>
  `{"identifier":"jane.doe","riskPayload":${nestedArrays(depth - 1)}}`;

// One database (API_DATABASES): body parsing in the HTTP layer.
describe.each(API_DATABASES)('deeply nested JSON bodies on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startSignInServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const activate = (body: string) =>
    fetch(`${origin}/api/mobile/activation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body,
    });

  it('refuses the 6 KB body of 3,000 nested arrays at the phone activation with 400, not 500', async () => {
    const body = nestedArrays(3000);
    expect(body.length).toBe(6000);
    const response = await activate(body);
    expect(response.status).toBe(400);
    const answer = apiErrorSchema.parse(await response.json());
    expect(answer).toMatchObject({
      code: BODY_TOO_DEEP_CODE,
      message: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects.`,
    });
  });

  it('lets a body 32 levels deep through to the input check, and refuses 33 before it', async () => {
    const atLimit = await activate(nestedInAField(MAX_JSON_DEPTH));
    expect(atLimit.status).toBe(400);
    const checked = (await atLimit.json()) as { code?: string; details?: unknown[] };
    expect(checked.code).toBe('invalid_input');
    expect(checked.details?.length).toBeGreaterThan(0);

    const overLimit = await activate(nestedInAField(MAX_JSON_DEPTH + 1));
    expect(overLimit.status).toBe(400);
    expect(await overLimit.json()).toMatchObject({ code: BODY_TOO_DEEP_CODE });
  });

  it('refuses the nested body at a sign-in step, sent with its vendor content type', async () => {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    const step = (body: string) =>
      driver.browser.fetch(`/api/authn/flows/${driver.flowId}`, {
        method: 'POST',
        headers: {
          'content-type': vendorContentType('anybank', 'submitIdentifier'),
          [XSRF_HEADER]: '1',
        },
        body,
      });
    const deep = await step(nestedArrays(3000));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ code: BODY_TOO_DEEP_CODE });

    const overLimit = await step(nestedInAField(MAX_JSON_DEPTH + 1));
    expect(await overLimit.json()).toMatchObject({ code: BODY_TOO_DEEP_CODE });

    // 32 levels reach the step's own check, which refuses the odd risk payload by its field.
    const atLimit = await step(nestedInAField(MAX_JSON_DEPTH));
    expect(atLimit.status).toBe(400);
    const checked = (await atLimit.json()) as { code?: string; message: string };
    expect(checked.code).toBe('invalid_input');
    expect(checked.message).toMatch(/riskPayload/);

    // The flow is still there, unharmed: a well-formed step goes on.
    expect((await driver.read()).status).toBe(200);
  });
});
