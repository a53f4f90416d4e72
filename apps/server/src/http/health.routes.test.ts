import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { testConfig } from '../../test/test-config';
import { buildServer } from '../app';

async function serverOn(test: Awaited<ReturnType<typeof createTestDatabase>>) {
  return buildServer({ config: testConfig(), database: test.handle, webDistDir: '/nonexistent' });
}

describe('health check', () => {
  it('answers 200 while the database answers, and 503 when it does not', async () => {
    const test = await createTestDatabase('pglite');
    const server = await serverOn(test);
    try {
      const healthy = await server.app.inject({ url: '/healthz' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: 'ok', database: 'pglite' });
      await test.handle.close();
      const broken = await server.app.inject({ url: '/healthz' });
      expect(broken.statusCode).toBe(503);
    } finally {
      await server.app.close();
      await test.drop();
    }
  });
});

describe('readiness check', () => {
  it('is ready on a database with every migration, not ready when one is missing or the database is gone', async () => {
    const test = await createTestDatabase('pglite');
    const server = await serverOn(test);
    try {
      const ready = await server.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'pglite' });

      // The newest migration unrecorded: a database one release behind this server.
      await test.handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const behind = await server.app.inject({ url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({
        status: 'not ready',
        database: 'pglite',
        reason: 'migrations',
        pendingMigrations: 1,
      });
      // The health check still passes: the process and its database answer.
      expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);

      await test.handle.close();
      const gone = await server.app.inject({ url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toMatchObject({ status: 'not ready', reason: 'database' });
    } finally {
      await server.app.close();
      await test.drop();
    }
  });
});
