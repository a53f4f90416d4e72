import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxResponseSchema } from '@anybank/contracts';
import { createTestDatabase, API_DATABASES, type TestDatabase } from '../../../test/test-database';
import { testConfig } from '../../../test/test-config';
import { buildServer, type Server } from '../../app';

// One database (API_DATABASES): the route's HTTP answers; the outbox store is tested on both.
describe.each(API_DATABASES)('outbox API on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    server = await buildServer({
      config: testConfig(),
      database: test.handle,
      webDistDir: '/nonexistent',
    });
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('returns a message written through the messaging module, with its one-time code', async () => {
    await server.services.messaging.send({
      channel: 'email',
      to: 'Jane.Doe@example.com',
      subject: 'Your AnyBank sign-in code',
      body: 'Your code is 482913. It expires in 5 minutes.',
      code: '482913',
    });
    const response = await server.app.inject({ url: '/api/dev/outbox?to=jane.doe@example.com' });
    expect(response.statusCode).toBe(200);
    const { messages } = outboxResponseSchema.parse(response.json());
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      to: 'jane.doe@example.com',
      subject: 'Your AnyBank sign-in code',
      body: 'Your code is 482913. It expires in 5 minutes.',
      code: '482913',
    });
    expect(Date.parse(messages[0]!.createdAt)).not.toBeNaN();
  });

  it('lists a recipient’s messages newest first and leaves out everyone else’s', async () => {
    for (const body of ['first', 'second', 'third']) {
      await server.services.messaging.send({ channel: 'sms', to: '+15559876543', body });
    }
    await server.services.messaging.send({
      channel: 'sms',
      to: '+15550000000',
      body: 'someone else',
    });
    const response = await server.app.inject({ url: '/api/dev/outbox?to=15559876543' });
    const { messages } = outboxResponseSchema.parse(response.json());
    expect(messages.map((message) => message.body)).toEqual(['third', 'second', 'first']);
    expect(
      messages.every((message) => message.to === '+15559876543' && message.code === null),
    ).toBe(true);
  });

  it('answers bad input with a 400 that says what is wrong', async () => {
    const response = await server.app.inject({ url: '/api/dev/outbox?limit=5000' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Please check your input\. limit: /);
  });

  it('refuses to send to an address that is not one, and stores nothing', async () => {
    await expect(
      server.services.messaging.send({ channel: 'email', to: 'not-an-address', body: 'x' }),
    ).rejects.toThrow(/not an e-mail address/);
    const response = await server.app.inject({ url: '/api/dev/outbox?to=not-an-address' });
    expect(outboxResponseSchema.parse(response.json()).messages).toEqual([]);
  });

  it('hands e-mail to SMTP as well when a transport is configured', async () => {
    const sent: { to: string; subject: string }[] = [];
    const withSmtp = await buildServer({
      config: testConfig(),
      database: test.handle,
      webDistDir: '/nonexistent',
      emailTransport: { send: async (message) => void sent.push(message), close: () => {} },
    });
    await withSmtp.services.messaging.send({
      channel: 'email',
      to: 'sam.rivera@example.com',
      subject: 'Hello',
      body: 'Hi',
    });
    await withSmtp.app.close();
    expect(sent).toEqual([{ to: 'sam.rivera@example.com', subject: 'Hello', text: 'Hi' }]);
  });
});

describe('outbox turned off', () => {
  it('answers 404 for the API and the page', async () => {
    const test = await createTestDatabase('pglite');
    const server = await buildServer({
      config: testConfig({ OUTBOX: 'off' }),
      database: test.handle,
      webDistDir: '/nonexistent',
    });
    try {
      expect((await server.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await server.app.inject({ url: '/outbox' })).statusCode).toBe(404);
      // Other pages are still served (503 here: this test has no built web app).
      expect((await server.app.inject({ url: '/banking' })).statusCode).toBe(503);
    } finally {
      await server.app.close();
      await test.drop();
    }
  });
});
