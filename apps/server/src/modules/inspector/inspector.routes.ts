import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  INSPECTOR_EVENTS_PATH,
  INSPECTOR_PATH,
  inspectorOpenedSchema,
  type InspectorEntry,
  type InspectorOpened,
} from '@anybank/contracts';
import type { Config } from '../../config';
import { DomainError } from '../../domain-error';
import { onPanelEvent, runWatchedBy } from '../audit';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../http/xsrf';
import { INSPECTOR_COOKIE, inspectorIdOf, isBrowserNavigation } from './inspector.rules';
import { REPLAYED_ENTRIES, type InspectorService } from './inspector.service';
import { journeysOf } from './journeys.rules';
import { RATE_LIMIT_REFUSALS } from '../../http/rate-limits';

/** How often an open stream looks for events other instances wrote (this one wakes it). */
const POLL_MS = 2_000;
/**
 * How long after a wake-up it reads: the event's transaction has committed by then, and the
 * other events of the same step (a sign-in step writes two to four) come in the same read.
 */
const WAKE_DELAY_MS = 300;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/** The panel cookie's attributes: the same whether a route or a browser's first page sets it. */
export function panelCookie(config: Pick<Config, 'publicUrl' | 'basePath'>) {
  return {
    path: `${config.basePath}/`,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
    // The panel's token: no script of the page reads it, and the log keeps only its hash.
    httpOnly: true,
    // Signed with the server's cookie secret: only a panel this bank opened is one.
    signed: true,
  };
}

/**
 * "Behind the scenes" (a demo tool: registered only while DEMO_TOOLS=on, so the
 * routes answer 404 otherwise). Opening gives this browser a panel cookie; the events stream
 * (server-sent events) then carries what requests with that cookie caused, and nothing else.
 */
export function registerInspectorRoutes(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'publicUrl' | 'basePath'>;
    inspector: InspectorService;
    rateLimit: { max: number; timeWindow: string };
    /**
     * Whether other instances may write a panel's events (PostgreSQL): then an open stream also
     * reads every POLL_MS; on PGlite this instance's wake-ups are all there is to read.
     */
    otherInstances: boolean;
  },
) {
  const cookie = panelCookie(deps.config);

  app.post(
    INSPECTOR_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit: deps.rateLimit,
        docs: {
          summary: 'Behind the scenes: opens a panel for this browser (a demo tool)',
          tag: 'behind-the-scenes',
          caller: 'anyone',
          description:
            'Opens the panel of this browser: a browser is given its HttpOnly panel cookie at its first page load while demo tools are on (what it causes is recorded for its panel from then on), and keeps it here, so that `GET /api/dev/inspector/events` replays what it did before; a browser without one (a restarted browser, an API client) is given one now. Closing it first (`DELETE`) starts a new, empty one.',
          responses: {
            200: {
              description: 'This browser’s panel was already open.',
              schema: inspectorOpenedSchema,
            },
            201: { description: 'A new panel is open.', schema: inspectorOpenedSchema },
            403: { description: 'The X-XSRF-Header header is missing.', codes: XSRF_REFUSALS[403] },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply): Promise<InspectorOpened> => {
      // Idempotent: a second tab, or a page that lost its stream while leaving, must not swap
      // the browser's panel for an empty one halfway through what it was showing.
      if (panelOf(request)) return { panel: 'kept' };
      reply.setCookie(INSPECTOR_COOKIE, deps.inspector.open(), cookie).status(201);
      return { panel: 'opened' };
    },
  );

  app.delete(
    INSPECTOR_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        docs: {
          summary: 'Behind the scenes: closes this browser’s panel (a demo tool)',
          tag: 'behind-the-scenes',
          caller: 'anyone',
          description:
            'Clears the panel cookie, and with it what the panel would replay: the browser’s next page load starts a new, empty one.',
          responses: {
            204: 'The panel is closed.',
            403: { description: 'The X-XSRF-Header header is missing.', codes: XSRF_REFUSALS[403] },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.clearCookie(INSPECTOR_COOKIE, { path: cookie.path });
      return reply.status(204).send();
    },
  );

  /** The open streams, ended when the server stops (a stream never ends on its own). */
  const streams = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of streams) end();
    done();
  });

  app.get(
    INSPECTOR_EVENTS_PATH,
    {
      config: {
        docs: {
          summary: 'Behind the scenes: this browser’s events, live (server-sent events)',
          tag: 'behind-the-scenes',
          caller: 'anyone',
          description:
            'First the browser’s last 200 entries, then each new one, oldest first: each `entry` event is one thing the bank did for this browser (title, a sentence, the details with secrets removed; `Last-Event-ID` skips entries the page already had), and each `journey` event one journey (a sign-in, a transfer, a partner read…) with its plain sentence and its entries, sent again whole as it grows. Only the events of the panel named by this browser’s cookie.',
          responses: {
            200: { description: 'The stream.', type: 'text/event-stream' },
            409: {
              description: 'No panel is open in this browser.',
              codes: ['inspector_not_open'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const inspectorId = panelOf(request);
      if (!inspectorId) throw new DomainError('inspector_not_open');
      const resumeFrom = Number(request.headers['last-event-id']);
      // Entries already sent to this page (a reconnecting EventSource) are not sent again.
      const sentBefore = Number.isSafeInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : 0;
      let after = 0;
      /** What this stream has read, for its journeys (a journey grows as its entries come). */
      const known: InspectorEntry[] = [];
      let lastJourneyId = 0;

      reply.hijack();
      const raw = reply.raw;
      // Set one by one (not through writeHead) so that the server's drain can tell a stream.
      raw.setHeader('content-type', 'text/event-stream; charset=utf-8');
      raw.setHeader('cache-control', 'no-store');
      raw.setHeader('x-content-type-options', 'nosniff');
      raw.writeHead(200);
      raw.write('retry: 2000\n\n');
      let lastWrite = Date.now();
      let timer: NodeJS.Timeout | undefined;
      let open = true;
      const stopWaking = onPanelEvent(inspectorId, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void send(), WAKE_DELAY_MS);
      });
      const stop = () => {
        open = false;
        clearTimeout(timer);
        stopWaking();
        streams.delete(end);
      };
      const end = () => {
        stop();
        raw.end();
      };
      streams.add(end);
      raw.on('close', stop);

      // One read at a time: a wake-up during a read asks for another right after it.
      let reading = false;
      let readAgain = false;
      const send = async () => {
        if (!open) return;
        if (reading) {
          readAgain = true;
          return;
        }
        reading = true;
        clearTimeout(timer);
        try {
          // Opened, the panel replays its browser's last journeys; then it follows the new ones.
          const entries =
            after === 0
              ? await deps.inspector.lastEntries(inspectorId)
              : await deps.inspector.entriesAfter(inspectorId, after);
          for (const entry of entries) {
            if (entry.id > sentBefore) {
              raw.write(`id: ${entry.id}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`);
            }
            after = entry.id;
          }
          if (entries.length > 0) {
            known.push(...entries);
            if (known.length > 2 * REPLAYED_ENTRIES) known.splice(0, REPLAYED_ENTRIES);
            // The journeys these entries began or added to (the last one sent may have grown).
            for (const journey of journeysOf(known)) {
              if (journey.id < lastJourneyId) continue;
              raw.write(`event: journey\ndata: ${JSON.stringify(journey)}\n\n`);
              lastJourneyId = journey.id;
            }
            lastWrite = Date.now();
          }
          if (Date.now() - lastWrite >= KEEP_ALIVE_MS) {
            raw.write(': still here\n\n');
            lastWrite = Date.now();
          }
        } catch (error) {
          request.log.warn({ err: error }, 'behind the scenes: reading the panel’s events failed');
        }
        reading = false;
        // Alone on its database, a stream reads only when woken (and to keep the line alive).
        const next = readAgain ? 0 : deps.otherInstances ? POLL_MS : KEEP_ALIVE_MS;
        if (open) timer = setTimeout(() => void send(), next);
        readAgain = false;
      };
      await send();
    },
  );
}

/** The inspector id of the panel this request's signed cookie names, or null. */
function panelOf(request: FastifyRequest): string | null {
  const cookie = request.cookies[INSPECTOR_COOKIE];
  if (!cookie) return null;
  const unsigned = request.unsignCookie(cookie);
  return unsigned.valid ? inspectorIdOf(unsigned.value ?? undefined) : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The open "Behind the scenes" panel of the browser asking, if any. */
    inspectorId: string | null;
  }
}

/**
 * Every browser is watched from its first page (ADR 0021), so that a panel opened late replays
 * what the browser did before: a page load (a navigation) that carries no panel cookie is given
 * one, and is served as caused by it already. Calls that are no navigation (an API client, a
 * script, a benchmark) are never given one. Every request carrying a panel's cookie is served
 * as caused by that browser (audit/inspector-context.ts): entered when the request arrives,
 * before the OAuth server's middleware, and again once the body is read (a body's stream events
 * lose the context). Registered after the cookie parser and only while demo tools are on.
 */
export function watchBrowsers(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'publicUrl' | 'basePath'>; inspector: InspectorService },
) {
  const cookie = panelCookie(deps.config);
  // Signed here, by the server's cookie secret, as `signed: true` does on Fastify's path.
  const serialized = { ...cookie, signed: undefined };
  /** A new panel for this browser, its cookie on the answer; its inspector id. */
  const watchFromNow = (reply: FastifyReply): string | null => {
    const token = deps.inspector.open();
    reply.setCookie(INSPECTOR_COOKIE, token, cookie);
    // The OAuth server answers on the raw response, past Fastify's cookie writer: the cookie is
    // set there too. A Fastify answer's own headers replace this one, this cookie among them.
    reply.raw.appendHeader(
      'set-cookie',
      app.serializeCookie(INSPECTOR_COOKIE, app.signCookie(token), serialized),
    );
    return inspectorIdOf(token);
  };
  app.decorateRequest('inspectorId', null);
  const enter = (request: FastifyRequest, done: () => void) => {
    if (request.inspectorId) runWatchedBy(request.inspectorId, done);
    else done();
  };
  app.addHook('onRequest', (request, reply, done) => {
    request.inspectorId =
      panelOf(request) ??
      (request.method === 'GET' && isBrowserNavigation(request.headers)
        ? watchFromNow(reply)
        : null);
    enter(request, done);
  });
  app.addHook('preValidation', (request, _reply, done) => enter(request, done));
}
