import type { DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';

/**
 * Where the server's log lines go. On a terminal (`npm start` in a presenter's window) a person
 * reads them: pino-pretty's one readable line each, coloured, with the time of day. Anywhere
 * else (a file, a pipe, a supervisor, a log collector) they stay pino's JSON, one object a line,
 * which machines read (main.ts asks; tests and workers with a pipe get JSON).
 */
export function logOutputFor(
  stdout: NodeJS.WritableStream & { isTTY?: boolean },
): DestinationStream | undefined {
  if (!stdout.isTTY) return undefined;
  return pinoPretty({
    destination: stdout,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: readableMessage,
  });
}

/** A request's line as a person reads it ("GET /api/balances 200 in 12 ms"), else the message. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = typeof log[messageKey] === 'string' ? log[messageKey] : '';
  const { req, res, responseTime } = log as {
    req?: { method?: string; url?: string };
    res?: { statusCode?: number };
    responseTime?: number;
  };
  if (!req?.method || !req.url) return message;
  const status = res?.statusCode ? ` ${res.statusCode}` : '';
  const time = typeof responseTime === 'number' ? ` in ${Math.round(responseTime)} ms` : '';
  return `${req.method} ${req.url}${status}${time}${message === 'request completed' ? '' : ` — ${message}`}`;
}
