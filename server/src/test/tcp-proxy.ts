import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A small TCP proxy on a port of its own, passing every connection to 127.0.0.1:`target`: in the failover tests it
 * stands for the one service address a Kubernetes operator (CloudNativePG's `-rw` service) or Patroni (through
 * HAProxy or a virtual IP) gives the application, which follows whichever server is the primary. `point(port)`
 * moves it to another server and cuts the connections it carried, as a failover does; `cut()` only cuts them.
 * A connection to a target that does not answer is closed at once (the application sees the connection refused).
 */
export class TcpProxy {
  private server: Server;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  /** Connections passed on since the start (each new one the application opened). */
  connections = 0;
  port = 0;

  constructor(private target: number) {
    this.server = createServer((client) => {
      this.connections++;
      const upstream = connect(this.target, '127.0.0.1');
      const pair = { client, upstream };
      this.pairs.add(pair);
      const close = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      for (const socket of [client, upstream]) {
        socket.on('error', close);
        socket.on('close', close);
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The PostgreSQL URL of `database` through the proxy. */
  url(database: string, user = 'postgres', password = 'postgres'): string {
    return `postgresql://${user}:${password}@127.0.0.1:${this.port}/${database}`;
  }

  /** `url` (a database on the target's server) reached through the proxy instead. */
  through(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  /** Cuts every connection it carries now (both sides see it closed). */
  cut(): void {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  /** New connections go to `port` from now on; the ones it carried are cut. */
  point(port: number): void {
    this.target = port;
    this.cut();
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
