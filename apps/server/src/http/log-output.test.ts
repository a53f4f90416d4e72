import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logOutputFor } from './log-output';

describe('where the log lines go', () => {
  /** A terminal, or not, whose output the test reads. */
  function screen(isTTY: boolean) {
    const written: string[] = [];
    const stream = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          written.push(chunk.toString());
          done();
        },
      }),
      { isTTY },
    );
    return { stream, text: () => written.join('') };
  }

  it('keeps JSON lines when stdout is not a terminal', () => {
    expect(logOutputFor(screen(false).stream)).toBeUndefined();
  });

  it('writes one readable line a person can read on a terminal, not JSON', async () => {
    const terminal = screen(true);
    pino({ level: 'info' }, logOutputFor(terminal.stream)).info({ port: 8080 }, 'listening');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = terminal.text();
    expect(line).toContain('listening');
    expect(line).toContain('8080');
    expect(line.trim().split('\n')).toHaveLength(1);
    expect(() => JSON.parse(line) as unknown).toThrow();
  });

  it('says a request as method, path, status and time', async () => {
    const terminal = screen(true);
    pino({ level: 'info' }, logOutputFor(terminal.stream)).info(
      {
        req: { method: 'GET', url: '/api/balances', remotePort: 51234 },
        res: { statusCode: 200 },
        responseTime: 12.4,
      },
      'request completed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(terminal.text()).toContain('GET /api/balances 200 in 12 ms');
    expect(terminal.text()).not.toContain('remotePort');
  });
});
