import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import {
  UndeclaredAnswerError,
  checkAnswer,
  installAnswerGuard,
  undeclaredAnswerFailure,
  type AnswerGuard,
  type UndeclaredAnswer,
} from './declared-answers';
import { registerErrorMapping } from './errors';
import { registerJsonBodyParser } from './json-body';
import type { RouteDocs } from './openapi';

/** One documented route: 200 with a thing, 400 `invalid_input` only, 404 `no_such_user` only. */
const DOCS: RouteDocs = {
  summary: 'A thing',
  tag: 'test',
  caller: 'anyone',
  responses: {
    200: { description: 'The thing.', schema: z.object({ ok: z.boolean() }) },
    400: { description: 'Bad input.', codes: ['invalid_input'] },
    404: { description: 'No such thing.', codes: ['no_such_user'] },
  },
};

/** A server whose one route answers what its body asks for, guarded as `onUndeclared` says. */
async function serverGuarded(onUndeclared: AnswerGuard['onUndeclared']) {
  const app = Fastify();
  installAnswerGuard(app, { onUndeclared, parseBodies: true });
  registerJsonBodyParser(app);
  registerErrorMapping(app);
  app.post<{ Body: { answer?: string } }>(
    '/things/:id',
    { config: { docs: DOCS } },
    async (request, reply) => {
      switch (request.body.answer) {
        case 'bad':
          throw new DomainError('invalid_input');
        case 'otp':
          // 400, as declared, but a code the route does not declare for it.
          throw new DomainError('otp_format');
        case 'missing':
          throw new DomainError('no_such_user');
        case 'elsewhere':
          // 404, as declared, but not the 404 code the route declares.
          throw new DomainError('push_request_not_found');
        case 'locked':
          throw new DomainError('account_locked');
        case 'teapot':
          return reply.status(418).send('short and stout');
        case 'shapeless':
          return { ok: 'yes' };
        default:
          return { ok: true };
      }
    },
  );
  app.get('/page', async () => 'not part of the API: no docs');
  await app.ready();
  const post = (answer: string | null, payload?: string) =>
    app.inject({
      method: 'POST',
      url: '/things/7',
      headers: { 'content-type': 'application/json' },
      payload: payload ?? JSON.stringify(answer === null ? {} : { answer }),
    });
  return { app, post };
}

const answer = (status: number, extra: object = {}) => ({
  method: 'POST',
  route: '/things/:id',
  status,
  ...extra,
});

describe('checkAnswer', () => {
  it('throws on a code the route does not declare for the status, though the status is declared', () => {
    expect(() => checkAnswer(DOCS, answer(400, { code: 'otp_format' }))).toThrow(
      UndeclaredAnswerError,
    );
    expect(() => checkAnswer(DOCS, answer(400, { code: 'otp_format' }))).toThrow(
      'POST /things/:id answered 400 (otp_format): undeclared code',
    );
  });

  it('throws on a code of a declared status that the route does not list: no status stands for all its codes', () => {
    expect(() => checkAnswer(DOCS, answer(404, { code: 'push_request_not_found' }))).toThrow(
      'POST /things/:id answered 404 (push_request_not_found): undeclared code',
    );
    // A refusal status declared without codes (as a route built outside the type could) takes
    // none of them.
    const withoutCodes = {
      ...DOCS,
      responses: { ...DOCS.responses, 404: 'No such thing.' },
    } as unknown as RouteDocs;
    expect(() => checkAnswer(withoutCodes, answer(404, { code: 'no_such_user' }))).toThrow(
      'answered 404 (no_such_user): undeclared code',
    );
    // The refusals any route may answer still pass.
    checkAnswer(withoutCodes, answer(400, { code: 'invalid_json' }));
  });

  it('throws on a status the route does not declare', () => {
    expect(() => checkAnswer(DOCS, answer(423, { code: 'account_locked' }))).toThrow(
      'answered 423 (account_locked): undeclared status',
    );
    expect(() => checkAnswer(DOCS, answer(418))).toThrow('answered 418: undeclared status');
  });

  it('throws on a body its schema refuses', () => {
    expect(() => checkAnswer(DOCS, answer(200, { body: { ok: 'yes' } }))).toThrow(
      'undeclared body: ok:',
    );
    expect(() =>
      checkAnswer(DOCS, answer(400, { code: 'invalid_input', body: { code: 'invalid_input' } })),
    ).toThrow('undeclared body: message:');
  });

  it('lets declared answers and the refusals any route may answer through', () => {
    checkAnswer(DOCS, answer(200, { body: { ok: true } }));
    checkAnswer(
      DOCS,
      answer(400, { code: 'invalid_input', body: { code: 'invalid_input', message: 'm' } }),
    );
    checkAnswer(DOCS, answer(404, { code: 'no_such_user' }));
    checkAnswer(DOCS, answer(400, { code: 'invalid_json' }));
    checkAnswer(DOCS, answer(429, { code: 'rate_limited' }));
  });
});

describe('the answer guard on a server', () => {
  it('fails an answer with an undeclared code in development: a 500, never the refusal', async () => {
    const { app, post } = await serverGuarded('throw');
    const refused = await post('otp');
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ code: 'internal_error' });
    expect((await post('teapot')).statusCode).toBe(500);
    expect((await post('locked')).statusCode).toBe(500);
    expect((await post('elsewhere')).statusCode).toBe(500);
    expect((await post('missing')).statusCode).toBe(404);
    expect((await post('bad')).statusCode).toBe(400);
    await app.close();
  });

  it('tells a test’s listener of each undeclared answer, naming method, route, status, code', async () => {
    const reported: UndeclaredAnswer[] = [];
    const { app, post } = await serverGuarded((undeclared) => reported.push(undeclared));
    expect((await post('otp')).statusCode).toBe(400);
    expect((await post('teapot')).statusCode).toBe(418);
    expect((await post('shapeless')).statusCode).toBe(200);
    expect((await post('elsewhere')).statusCode).toBe(404);
    expect(reported).toEqual([
      { method: 'POST', route: '/things/:id', status: 400, code: 'otp_format', problem: 'code' },
      { method: 'POST', route: '/things/:id', status: 418, problem: 'status' },
      {
        method: 'POST',
        route: '/things/:id',
        status: 200,
        problem: expect.stringMatching(/^body: ok: /) as unknown as string,
      },
      {
        method: 'POST',
        route: '/things/:id',
        status: 404,
        code: 'push_request_not_found',
        problem: 'code',
      },
    ]);
    expect(undeclaredAnswerFailure(reported)).toContain(
      'POST /things/:id answered 400 (otp_format): undeclared code',
    );
    await app.close();
  });

  it('lets declared answers, the framework’s refusals and undocumented routes through', async () => {
    const reported: UndeclaredAnswer[] = [];
    const { app, post } = await serverGuarded((undeclared) => reported.push(undeclared));
    expect((await post(null)).statusCode).toBe(200);
    expect((await post('bad')).statusCode).toBe(400);
    expect((await post('missing')).statusCode).toBe(404);
    const notJson = await post(null, '{"answer":');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'invalid_json' });
    expect((await post(null, '['.repeat(40))).json()).toMatchObject({ code: 'body_too_deep' });
    expect((await app.inject({ method: 'GET', url: '/page' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    expect(reported).toEqual([]);
    await app.close();
  });
});
