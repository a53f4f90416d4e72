import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import {
  checkDeclaredStatuses,
  undeclaredStatusFailure,
  type UndeclaredStatus,
} from './declared-statuses';
import { registerErrorMapping } from './errors';
import { registerJsonBodyParser } from './json-body';

/** A server with one documented route that declares 200 and 400 only. */
async function serverReporting() {
  const app = Fastify();
  const reported: UndeclaredStatus[] = [];
  checkDeclaredStatuses(app, (answer) => reported.push(answer));
  registerJsonBodyParser(app);
  registerErrorMapping(app);
  app.post<{ Body: { answer?: string } }>(
    '/things/:id',
    {
      config: {
        docs: {
          summary: 'A thing',
          tag: 'test',
          caller: 'anyone',
          responses: { 200: 'The thing.', 400: 'Bad input.' },
        },
      },
    },
    async (request, reply) => {
      if (request.body.answer === 'missing') throw new DomainError('no_such_user');
      if (request.body.answer === 'bad') throw new DomainError('invalid_input');
      if (request.body.answer === 'teapot') return reply.status(418).send('short and stout');
      return { ok: true };
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
  return { app, reported, post };
}

describe('the declared-status check', () => {
  it('reports an answer whose status the route did not declare, naming method, route and status', async () => {
    const { app, reported, post } = await serverReporting();
    expect((await post('missing')).statusCode).toBe(404);
    expect((await post('teapot')).statusCode).toBe(418);
    expect(reported).toEqual([
      { method: 'POST', route: '/things/:id', status: 404, code: 'no_such_user' },
      { method: 'POST', route: '/things/:id', status: 418 },
    ]);
    expect(undeclaredStatusFailure(reported)).toContain(
      'POST /things/:id answered 404 (no_such_user)',
    );
    await app.close();
  });

  it('lets declared statuses and the refusals any route may answer through', async () => {
    const { app, reported, post } = await serverReporting();
    expect((await post(null)).statusCode).toBe(200);
    expect((await post('bad')).statusCode).toBe(400);
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
