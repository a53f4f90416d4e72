import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENTS_API_PATH, TRANSFERS_API_PATH } from '@anybank/contracts';
import { isApiPath } from '../src/http/api-paths';
import { startBankingServer } from './banking-server';
import { announcedOidcEndpoints, fastifyRoutes } from './server-routes';
import type { Server } from './sign-in-driver';
import { createTestDatabase, type TestDatabase } from './test-database';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

/**
 * The API reference at /api/docs (OpenAPI 3.1): every route the server serves is in it, the
 * OAuth endpoints its discovery document announces as well, and its schemas are valid JSON
 * Schema (2020-12, as OpenAPI 3.1 uses) that accept what the routes accept.
 */
describe('the API reference', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let document: Document;

  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    const response = await fetch(new URL('/api/docs', origin));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    document = (await response.json()) as Document;
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const operation = (path: string, method: string) => document.paths[path]?.[method.toLowerCase()];

  it('is an OpenAPI 3.1 document of this server', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'AnyBank API', version: expect.any(String) });
    expect(document.servers).toEqual([{ url: origin }]);
  });

  it('documents every route the server serves, each with a summary, a group and its answers', () => {
    const served = fastifyRoutes(server.app).filter(
      (route) => route.method !== 'HEAD' && isApiPath(route.url, ''),
    );
    expect(served.length).toBeGreaterThan(30);
    const undocumented = served
      .filter((route) => !operation(route.url.replaceAll(/:(\w+)/g, '{$1}'), route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented, 'routes missing from the reference').toEqual([]);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, described] of Object.entries(item)) {
        expect(described.summary, `${method} ${path}`).toMatch(/\w/);
        expect(described.tags, `${method} ${path}`).toHaveLength(1);
        expect(Object.keys(described.responses).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  it('documents every endpoint the OAuth server announces', async () => {
    const announced = await announcedOidcEndpoints(origin);
    expect(announced.length).toBeGreaterThan(5);
    expect(announced.filter((path) => !document.paths[path])).toEqual([]);
  });

  it('names only security schemes it defines', () => {
    const defined = new Set(Object.keys(document.components.securitySchemes));
    for (const item of Object.values(document.paths)) {
      for (const described of Object.values(item)) {
        for (const requirement of described.security ?? []) {
          for (const scheme of Object.keys(requirement as object))
            expect(defined).toContain(scheme);
        }
      }
    }
  });

  it('has schemas a JSON Schema 2020-12 validator compiles', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    let compiled = 0;
    for (const item of Object.values(document.paths)) {
      for (const described of Object.values(item)) {
        const bodies = [
          ...Object.values(described.requestBody?.content ?? {}),
          ...Object.values(described.responses).flatMap((answer) =>
            Object.values(answer.content ?? {}),
          ),
        ];
        for (const { schema } of bodies) {
          ajv.compile(schema);
          compiled += 1;
        }
      }
    }
    expect(compiled).toBeGreaterThan(30);
  });

  it('describes request bodies as the routes check them: a good transfer passes, a bad one not', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const transfer = operation(TRANSFERS_API_PATH, 'POST');
    const validate = ajv.compile(transfer?.requestBody?.content['application/json']?.schema ?? {});
    const attributes = {
      from_account_id: '5f0c1a9e-8a53-4c57-9d47-3a4a1d1f2b10',
      to_account_id: '7e2b0c4d-1f6a-4d8e-b3c2-9a8b7c6d5e4f',
      amount: '25.00',
    };
    expect(
      validate({ data: { type: 'transfers', attributes } }),
      JSON.stringify(validate.errors),
    ).toBe(true);
    // The route refuses these whole before it reads any account (400): so does the schema.
    expect(validate({ data: { type: 'payments', attributes } })).toBe(false);
    expect(
      validate({ data: { type: 'transfers', attributes: { ...attributes, amount: [] } } }),
    ).toBe(false);

    const consent = operation(CONSENTS_API_PATH, 'POST');
    expect(consent?.requestBody?.content['application/json']?.schema).toBeDefined();
    // A refusal is answered in the one error shape.
    expect(transfer?.responses['400']?.content?.['application/json']?.schema).toMatchObject({
      properties: { message: { type: 'string' } },
    });
  });
});
