// The PostgreSQL and Redis a test run uses when this machine has them, found as a person's
// `npm test` and CI's `.ci/run` alike find them: PostgreSQL at 127.0.0.1:5432 (user postgres)
// for the data tests' second database and the journeys that start a server of their own
// (e2e/support/own-server.ts), Redis at 127.0.0.1:6379 for the shared rate limits. A variable
// already set wins; a service that does not answer within a second is left out, and the
// tests that need it say why they skip.
import { connect } from 'node:net';
import pg from 'pg';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = { host: '127.0.0.1', port: 6379 };
const WAIT_MS = 1000;

/**
 * @param {string} url
 * @returns {Promise<boolean>} whether PostgreSQL answers a query at `url`
 */
async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: WAIT_MS });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** @returns {Promise<boolean>} whether Redis answers PING with PONG */
function redisAnswers() {
  return new Promise((resolve) => {
    const socket = connect(REDIS);
    const done = (/** @type {boolean} */ answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(WAIT_MS, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * The variables to add to the environment: TEST_DATABASE_URL and REDIS_URL, each when it is
 * not set and its service answers. Says on stdout what it found.
 * @returns {Promise<Record<string, string>>}
 */
export async function localServiceEnv() {
  /** @type {Record<string, string>} */
  const found = {};
  if (!process.env.TEST_DATABASE_URL) {
    if (await postgresAnswers(POSTGRES_URL)) found.TEST_DATABASE_URL = POSTGRES_URL;
  }
  if (!process.env.REDIS_URL && (await redisAnswers())) {
    found.REDIS_URL = `redis://${REDIS.host}:${REDIS.port}`;
  }
  const postgres = process.env.TEST_DATABASE_URL ?? found.TEST_DATABASE_URL;
  console.log(
    postgres
      ? 'PostgreSQL answers: data tests run on PGlite and PostgreSQL, and every journey runs.'
      : 'No PostgreSQL on 127.0.0.1:5432: data tests run on PGlite only, and the journeys that need PostgreSQL skip.',
  );
  return found;
}
