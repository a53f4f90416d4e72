import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_SERVER_SECRETS, E2E_WEB_DIST_DIR } from '../playwright.config';
import {
  SERVICE_CLIENT_ID,
  serviceClientSecret,
} from '../apps/server/src/modules/identity/oauth/oauth.clients';
// The rules' copy of ciba.ts's client id: ciba.ts would load oidc-provider for one string.
import { TRANSFER_APPROVAL_CLIENT as TRANSFER_APPROVAL_CLIENT_ID } from '../apps/server/src/modules/identity/oauth/client-scopes.rules';
import { FIRST_LOAD_BUDGET_GZIP_KB, entryScriptsOf } from '../bench/support/web-build';

const distDir = E2E_WEB_DIST_DIR;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

// The suite's server runs `npm start`, which has just built the SPA into this run's folder with
// this run's secrets in its environment (playwright.config.ts): the very secrets the servers hold.
test('the browser bundle holds none of the server’s secrets', async () => {
  const signing = { signingSecret: E2E_SERVER_SECRETS.SIGNING_SECRET };
  const secrets = {
    ...E2E_SERVER_SECRETS,
    [`${SERVICE_CLIENT_ID} client secret`]: serviceClientSecret(signing),
    [`${TRANSFER_APPROVAL_CLIENT_ID} client secret`]: serviceClientSecret(
      signing,
      TRANSFER_APPROVAL_CLIENT_ID,
    ),
  };
  for (const [name, value] of Object.entries(secrets)) {
    expect(value.length, `${name} is set for this run`).toBeGreaterThanOrEqual(32);
  }
  const files = await filesUnder(distDir);
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const [name, value] of Object.entries(secrets)) {
      expect(text.includes(value), `${name} found in ${path.relative(distDir, file)}`).toBe(false);
    }
    expect(text, `a basic-auth header in ${path.relative(distDir, file)}`).not.toMatch(
      /Authorization['"]?\s*[:,]\s*['"`]Basic /,
    );
  }
});

// Measured as `npm run bench:web` measures it: the scripts and module preloads index.html names.
test('the JavaScript a first visit to / downloads stays within its gzip budget', async () => {
  const scripts = await entryScriptsOf(distDir);
  expect(scripts.length).toBeGreaterThan(0);
  const gzipKb = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
  const list = scripts.map((script) => `${script.file} ${(script.gzipBytes / 1024).toFixed(1)} KB`);
  expect(gzipKb, `first-load JavaScript, gzip:\n${list.join('\n')}`).toBeLessThanOrEqual(
    FIRST_LOAD_BUDGET_GZIP_KB,
  );
});

// ADR 0024: the layout loads zod beside the answers it checks, after the first render. zod's
// schemas carry their class names as text ($ZodType): none in what the first visit downloads.
test('the JavaScript a first visit to / downloads holds no zod', async () => {
  const scripts = await entryScriptsOf(distDir);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const text = await readFile(path.join(distDir, script.file), 'utf8');
    expect(text.includes('$ZodType'), `zod in ${script.file}`).toBe(false);
  }
});
