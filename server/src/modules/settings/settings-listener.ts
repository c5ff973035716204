import pg from 'pg';
import type { Logger } from 'pino';

export const SETTINGS_CHANNEL = 'settings_changed';

/**
 * One LISTEN connection per instance on the `settings_changed` channel: every committed settings change (the
 * NOTIFY is sent inside the changing transaction, so only a commit delivers it) drops that section from this
 * instance's cache. When the connection drops, `healthy` turns false (the cache then checks versions, see
 * SettingsService) and it reconnects with backoff; after a reconnect the whole cache is dropped, since
 * notifications may have been missed meanwhile.
 */
export class SettingsListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  healthy = false;
  /** Unique per instance, so an operator (or a test) can find this connection in pg_stat_activity. */
  readonly applicationName = `gemeentewinkel-settings-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

  constructor(
    private readonly databaseUrl: string,
    private readonly handlers: { onChange: (section: string) => void; onReconnect: () => void },
    private readonly log: Logger,
    private readonly reconnectDelayMs: number = 1000,
  ) {}

  async start(): Promise<void> {
    await this.connect(true);
  }

  private async connect(first: boolean): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: this.applicationName,
      // A LISTEN connection is idle by nature: keepalive notices a server that vanished without closing it.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel !== SETTINGS_CHANNEL || !message.payload) return;
      try {
        const { section } = JSON.parse(message.payload) as { section?: string };
        if (section) this.handlers.onChange(section);
      } catch {
        this.handlers.onReconnect();
      }
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.healthy = false;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.log.warn({ err: error }, 'settings listener lost its connection; reconnecting');
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${SETTINGS_CHANNEL}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      this.healthy = true;
      this.failures = 0;
      // Whatever changed while nobody listened: read it again.
      if (!first) this.handlers.onReconnect();
    } catch (error) {
      client.end().catch(() => undefined);
      if (first) throw error;
      this.log.warn({ err: error }, 'settings listener could not reconnect');
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    const delay = Math.min(30_000, this.reconnectDelayMs * 2 ** Math.min(this.failures++, 5));
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect(false);
    }, delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.healthy = false;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
