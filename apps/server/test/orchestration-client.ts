import { expect } from 'vitest';
import {
  XSRF_HEADER,
  orchestrationPaths,
  outboxResponseSchema,
  widgetTokenResponseSchema,
} from '@anybank/contracts';
import { buildServer } from '../src/app';
import { seedDemoData } from '../src/seed/seed';
import { freePort } from './browser-session';
import { testConfig } from './test-config';
import type { TestDatabase } from './test-database';

// A seeded server for the orchestration API tests, and a client that calls its policies as the
// widget does.

export const COMPANY = 'anybank-demo';
export const PASSWORD = 'Open2Account!';

/** A real seeded server on a real port, as app.ts composes it. */
export async function startOrchestrationServer(
  test: TestDatabase,
  env: Record<string, string> = {},
) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await seedDemoData(test.handle.db);
  const config = testConfig({
    PORT: String(port),
    PUBLIC_URL: origin,
    // Each test makes many calls from one address: measure the policies, not the limiter.
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const server = await buildServer({ config, database: test.handle, webDistDir: '/nonexistent' });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, origin, config };
}

interface Answer {
  status: number;
  body: Record<string, unknown> & {
    message?: string;
    details?: { field?: string; message: string }[];
  };
}

export function client(origin: string) {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(new URL(path, origin), {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  async function widgetToken(): Promise<string> {
    const answer = await call('POST', orchestrationPaths.widgetToken(COMPANY), {
      headers: { [XSRF_HEADER]: '1' },
    });
    return widgetTokenResponseSchema.parse(answer.body).access_token;
  }

  return {
    call,
    widgetToken,
    /** Starts a policy the way the widget does: with a widget token. */
    async start(policyId: string, body: unknown, token?: string) {
      return call('POST', orchestrationPaths.policyStart(COMPANY, policyId), {
        body,
        headers: { authorization: `Bearer ${token ?? (await widgetToken())}` },
      });
    },
    async outbox(to: string) {
      const answer = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
      return outboxResponseSchema.parse(answer.body).messages;
    },
  };
}

/** The field errors of a 400, as `field: message`. */
export function fieldsOf(answer: Answer): Record<string, string> {
  expect(answer.status).toBe(400);
  return Object.fromEntries(
    (answer.body.details ?? []).map((detail) => [detail.field ?? '', detail.message]),
  );
}
