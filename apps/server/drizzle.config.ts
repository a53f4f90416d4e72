import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; the server applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/drizzle',
});
