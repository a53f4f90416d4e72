// `npm run bench:client-credentials`: client-credentials grants per second at the token
// endpoint (`anybank-services`, HTTP Basic with its secret from the configuration), driven by
// autocannon on loopback at rising concurrency until it saturates. Beside it, in the same run
// and at the same concurrency, the same server's discovery document: the same way in (Fastify,
// the provider's middleware, its Koa stack) without client authentication or signing, so the
// ratio says what the grant itself costs on top of answering at all.
// Target: grants/s ≥ 70 % of the discovery documents/s of the same run; beside
// it, ≥ 800 grants/s on this 2-core machine, and Keycloak's published sizing (120 per vCPU).
// Figures only: nothing here passes or fails. BENCH_RUN_SECONDS bounds each run (default 5).
import { randomBytes } from 'node:crypto';
import { API_AUDIENCE, OAUTH_PATHS } from '@anybank/contracts';
import {
  serviceClientSecret,
  SERVICE_CLIENT_ID,
} from '../apps/server/src/modules/identity/oauth/oauth.clients';
import { benchDatabaseKinds, startBenchServer } from './support/bench-server';
import { load, type LoadFigures } from './support/cannon';
import { machine, percentOf, table, verdict, writeResult } from './support/report';

const SECONDS = Number(process.env.BENCH_RUN_SECONDS ?? 5);
const CONNECTIONS = [1, 8, 32, 64];
const DISCOVERY_PATH = '/.well-known/openid-configuration';
const TARGET_PER_SECOND = 800;
const TARGET_RATIO_TO_DISCOVERY = 0.7;
const KEYCLOAK_PER_VCPU = 120;

const signingSecret = randomBytes(32).toString('hex');
const credentials = Buffer.from(
  `${SERVICE_CLIENT_ID}:${serviceClientSecret({ signingSecret })}`,
).toString('base64');
const grantRequest = new URLSearchParams({
  grant_type: 'client_credentials',
  resource: API_AUDIENCE,
}).toString();

const before = await machine();
const runs: { database: string; grants: LoadFigures; discovery: LoadFigures }[] = [];
for (const kind of benchDatabaseKinds()) {
  const server = await startBenchServer(kind, { env: { SIGNING_SECRET: signingSecret } });
  try {
    const probe = await fetch(new URL(OAUTH_PATHS.token, server.origin), {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: grantRequest,
    });
    const token = (await probe.json()) as { access_token?: string };
    if (!token.access_token) throw new Error(`the token endpoint answered ${probe.status}`);

    for (const connections of CONNECTIONS) {
      const bounds = { connections, amount: 1_000_000, maxSeconds: SECONDS };
      const grants = await load({
        ...bounds,
        url: `${server.origin}${OAUTH_PATHS.token}`,
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: grantRequest,
      });
      const discovery = await load({ ...bounds, url: `${server.origin}${DISCOVERY_PATH}` });
      runs.push({ database: kind, grants, discovery });
    }
  } finally {
    await server.stopAndInspect();
  }
}

const after = await machine();
const best = runs.reduce((top, run) => (run.grants.perSecond > top.grants.perSecond ? run : top));
const keycloak = KEYCLOAK_PER_VCPU * before.nproc;
console.log(
  `\nClient-credentials grants (${SERVICE_CLIENT_ID}, JWT access token) beside the discovery document of the same server, ≤ ${SECONDS} s per run:\n`,
);
console.log(
  table(
    [
      'database',
      'connections',
      'grants/s',
      'p50 ms',
      'p99 ms',
      'other answers',
      'discovery/s',
      'grants / discovery',
    ],
    runs.map(({ database, grants, discovery }) => [
      database,
      grants.connections,
      grants.perSecond,
      grants.p50Ms,
      grants.p99Ms,
      grants.unexpected,
      discovery.perSecond,
      percentOf(grants.perSecond, discovery.perSecond),
    ]),
  ),
);
console.log(
  `\nSaturated: ${best.grants.perSecond} grants/s (${best.database}, ${best.grants.connections} connections): ` +
    `${percentOf(best.grants.perSecond, best.discovery.perSecond)} of discovery, target ≥ ${TARGET_RATIO_TO_DISCOVERY * 100} % ${verdict(best.grants.perSecond / best.discovery.perSecond >= TARGET_RATIO_TO_DISCOVERY)}; ` +
    `target ${TARGET_PER_SECOND}/s ${verdict(best.grants.perSecond >= TARGET_PER_SECOND)}; ` +
    `${percentOf(best.grants.perSecond, keycloak)} of Keycloak's sizing for ${before.nproc} vCPUs (${keycloak}/s).`,
);
await writeResult('client-credentials', {
  targets: {
    ratioToDiscovery: TARGET_RATIO_TO_DISCOVERY,
    grantsPerSecond: TARGET_PER_SECOND,
    keycloakPerVcpu: KEYCLOAK_PER_VCPU,
  },
  saturated: {
    database: best.database,
    connections: best.grants.connections,
    grantsPerSecond: best.grants.perSecond,
    p99Ms: best.grants.p99Ms,
    discoveryPerSecond: best.discovery.perSecond,
    ratioToDiscovery: Number((best.grants.perSecond / best.discovery.perSecond).toFixed(3)),
    reached:
      best.grants.perSecond / best.discovery.perSecond >= TARGET_RATIO_TO_DISCOVERY &&
      best.grants.perSecond >= TARGET_PER_SECOND,
  },
  runs,
  machine: { ...before, loadAverageAtEnd: after.loadAverage },
});
