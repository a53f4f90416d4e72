import { createServer, request, type Server } from 'node:http';
import { freePort } from './browser-session';

/**
 * A load balancer in front of several instances: one public origin (the one every instance is
 * configured with), each request passed on unchanged to the instance the test picks.
 */
export class LoadBalancer {
  private target = 0;
  /** How many requests each instance received. */
  readonly served: number[];
  private constructor(
    private readonly server: Server,
    readonly origin: string,
    private readonly ports: number[],
  ) {
    this.served = ports.map(() => 0);
  }

  /**
   * `connectionPerRequest`: each request reaches its instance on a new connection, as behind a
   * balancer that keeps none open (the workers of one process then take turns: cluster.ts).
   */
  static async start(
    ports: number[],
    options: { connectionPerRequest?: boolean } = {},
  ): Promise<LoadBalancer> {
    const port = await freePort();
    const server = createServer();
    const balancer = new LoadBalancer(server, `http://localhost:${port}`, ports);
    server.on('request', (incoming, outgoing) => {
      const target = balancer.target;
      balancer.served[target] = (balancer.served[target] ?? 0) + 1;
      const upstream = request(
        {
          host: '127.0.0.1',
          port: ports[target],
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
          ...(options.connectionPerRequest ? { agent: false } : {}),
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => {
        outgoing.writeHead(502);
        outgoing.end();
      });
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return balancer;
  }

  /** Sends the next requests to instance `index` (0, 1…). */
  to(index: number): this {
    if (index < 0 || index >= this.ports.length) throw new Error(`no instance ${index}`);
    this.target = index;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
