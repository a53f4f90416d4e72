// Counts what a server asks of PostgreSQL, on the wire: a TCP proxy between the server and the
// database that reads PostgreSQL's message framing (a type byte and a 32-bit length) both ways
// and passes every byte on unchanged. The benchmark prints statements and commits per sign-in
// (README "Performance"). Counting here needs no hook in the server and no extension in the
// database (pg_stat_statements would need a server restart with a preloaded library).
import net from 'node:net';

export interface WireCounts {
  /** Statements run: each Execute of the extended protocol, each simple Query. */
  statements: number;
  /**
   * Transactions ended (committed or rolled back): each time the database is ready for a query
   * outside a transaction again after running something. An autocommit statement is one, an
   * explicit BEGIN … COMMIT is one; PostgreSQL's own `xact_commit` counts alike.
   */
  transactions: number;
  /**
   * Of those, the ones that changed rows (an INSERT, UPDATE or DELETE that reported one row or
   * more): each such commit waits for the write-ahead log to reach the disk.
   */
  writingTransactions: number;
}

/** Splits one direction's bytes into messages and calls `onMessage` with each one's type. */
function messageReader(
  hasStartup: boolean,
  onMessage: (type: number, body: Buffer) => void,
): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  // The client's first message (startup, or an SSL or cancel request) has no type byte.
  let untypedFirst = hasStartup;
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      const header = untypedFirst ? 4 : 5;
      if (pending.length < header) return;
      const length = pending.readUInt32BE(header - 4);
      const size = length + header - 4;
      if (pending.length < size) return;
      if (untypedFirst) {
        // An SSL request (80877103) is answered with one byte and followed by the real startup.
        if (length === 8 && pending.readUInt32BE(4) === 80877103) untypedFirst = true;
        else untypedFirst = false;
      } else {
        onMessage(pending[0] ?? 0, pending.subarray(5, size));
      }
      pending = pending.subarray(size);
    }
  };
}

const EXECUTE = 'E'.charCodeAt(0);
const QUERY = 'Q'.charCodeAt(0);
const READY_FOR_QUERY = 'Z'.charCodeAt(0);
const IDLE = 'I'.charCodeAt(0);
const COMMAND_COMPLETE = 'C'.charCodeAt(0);

/** Whether a CommandComplete's tag ("INSERT 0 2", "UPDATE 1", "DELETE 0", "SELECT 3") changed rows. */
function changedRows(body: Buffer): boolean {
  const tag = body.toString('utf8', 0, Math.max(0, body.indexOf(0)));
  const [command, ...numbers] = tag.split(' ');
  return (
    ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command ?? '') && Number(numbers.at(-1)) > 0
  );
}

/**
 * Listens on a free port of 127.0.0.1 and forwards every connection to `target` (a PostgreSQL
 * URL's host and port), counting as it goes. `url(databaseUrl)` gives the URL that reaches the
 * same database through the counter.
 */
export async function startWireCounter(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const counts: WireCounts = { statements: 0, transactions: 0, writingTransactions: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const database = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(database);
    // Per connection: whether it has run something since it was last idle.
    let ranSomething = false;
    let wroteSomething = false;
    const fromClient = messageReader(true, (type) => {
      if (type === EXECUTE || type === QUERY) {
        counts.statements += 1;
        ranSomething = true;
      }
    });
    const fromDatabase = messageReader(false, (type, body) => {
      if (type === COMMAND_COMPLETE && changedRows(body)) wroteSomething = true;
      if (type === READY_FOR_QUERY && body[0] === IDLE && ranSomething) {
        counts.transactions += 1;
        if (wroteSomething) counts.writingTransactions += 1;
        ranSomething = false;
        wroteSomething = false;
      }
    });
    client.on('data', (chunk: Buffer) => {
      fromClient(chunk);
      database.write(chunk);
    });
    database.on('data', (chunk: Buffer) => {
      fromDatabase(chunk);
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      database.destroy();
      sockets.delete(client);
      sockets.delete(database);
    };
    client.on('close', close).on('error', close);
    database.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    /** `databaseUrl`, through the counter. */
    url: (): string => {
      const through = new URL(databaseUrl);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    /** The counts so far (a copy). */
    counts: (): WireCounts => ({ ...counts }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
