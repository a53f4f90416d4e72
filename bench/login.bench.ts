// `npm run bench:login`: full sign-ins per second (authorization → identifier → password →
// e-mail code → resume → pickup → token) through the real HTTP server, beside raw argon2id
// hashes per second measured in the same run — a sign-in verifies one password, so the ratio
// says how much of a sign-in's cost is the hash. PGlite always; PostgreSQL when
// TEST_DATABASE_URL is set. Figures only: nothing here passes or fails.
import { hash } from '@node-rs/argon2';
import { createTestDatabase, DATABASE_KINDS } from '../apps/server/test/test-database';
import { SignInDriver, startSignInServer } from '../apps/server/test/sign-in-driver';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 40);
const HASHES = Number(process.env.BENCH_HASHES ?? 40);

async function perSecond(
  count: number,
  work: (index: number) => Promise<unknown>,
): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await work(index);
  return count / ((performance.now() - started) / 1000);
}

const hashesPerSecond = await perSecond(HASHES, () => hash('Welcome2Bank!'));
const rows: string[] = [];
for (const kind of DATABASE_KINDS) {
  const test = await createTestDatabase(kind);
  const { server, origin } = await startSignInServer(test, { RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const signIn = async () => {
      const driver = new SignInDriver(origin);
      const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
      if ((await driver.pickup(landing)).status !== 200) throw new Error('pickup failed');
      const token = await driver.token(landing.searchParams.get('code') ?? '');
      if (token.status !== 200) throw new Error(`token request answered ${token.status}`);
    };
    await perSecond(3, signIn);
    const signInsPerSecond = await perSecond(SIGN_INS, signIn);
    rows.push(
      `| ${kind.padEnd(8)} | ${signInsPerSecond.toFixed(1).padStart(10)} | ${hashesPerSecond.toFixed(1).padStart(15)} | ${(signInsPerSecond / hashesPerSecond).toFixed(3).padStart(22)} |`,
    );
  } finally {
    await server.app.close();
    await test.drop();
  }
}

console.log(
  `\nFull sign-ins (${SIGN_INS} each, one after another) against raw argon2id hashes (${HASHES}):\n`,
);
console.log('| database | sign-ins/s | argon2id hashes/s | sign-ins per hash time |');
console.log('|----------|-----------:|------------------:|-----------------------:|');
for (const row of rows) console.log(row);
