import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Stopping without dropping anyone: `drain()` stops accepting connections, lets every request
 * in flight finish with its normal answer (closing its connection afterwards), and resolves once
 * the last connection is gone.
 *
 * Fastify's own close is not enough on its own: from the moment it starts, it answers 503 to
 * any request it has not begun, including the in-process calls a request makes to finish its
 * work (a transfer waiting for the phone polls the OAuth server's token endpoint that way).
 * Draining first, and closing Fastify only once nothing is in flight, keeps those working.
 */
export function drainableServer(server: Server): { drain(): Promise<void> } {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const closeAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };
  // First listener: the header must be set before Fastify can answer.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) closeAfterAnswer(response);
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  return {
    drain() {
      draining = true;
      for (const response of inFlight) {
        // A stream of server-sent events ("Behind the scenes") never finishes by itself: it
        // ends now, and the browser's EventSource reconnects, to another instance if need be.
        if (String(response.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
          response.end();
        } else {
          closeAfterAnswer(response);
        }
      }
      return new Promise<void>((resolve) => {
        // Stops listening and closes idle keep-alive connections at once; the callback comes
        // when the busy ones have answered and closed.
        server.close(() => resolve());
      });
    },
  };
}
