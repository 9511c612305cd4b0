import pg from 'pg';
import type { Logger } from '../logger.ts';
import { sessionOptions } from './client.ts';

const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 5_000;

export type ListenerHooks = {
  /** A notification on the channel, from some process (including this one). */
  onChange: (payload: string) => void;
  /** Connected (again): notifications may have been missed while down, so start afresh. */
  onConnected: () => void;
  /** Disconnected: until onConnected, nothing heard means nothing. */
  onDisconnected: () => void;
};

/**
 * One dedicated connection that LISTENs on one channel and reconnects with backoff when it drops (the
 * public event cache, the check-in stream). It stops for good on stop() (shutdown, before the pool
 * closes) or once the pool it was made from is ended.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private backoff = BACKOFF_MIN_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly channel: string,
    private readonly pool: pg.Pool,
    private readonly hooks: ListenerHooks,
    private readonly log: Logger,
  ) {}

  start() {
    void this.connect();
  }

  /** For good: no reconnect; resolves once the LISTEN connection is closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }

  private get done() {
    return this.stopped || this.pool.ending || this.pool.ended;
  }

  private async connect() {
    if (this.done) return;
    // A session of its own: the direct URL when the pool goes through a transaction-mode pooler.
    const client = new pg.Client({ ...sessionOptions(this.pool), keepAlive: true });
    this.client = client;
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload) this.hooks.onChange(msg.payload);
    });
    client.on('error', (err) => this.down(client, err));
    client.on('end', () => this.down(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      this.down(client, err);
      return;
    }
    if (this.client !== client) return;
    this.backoff = BACKOFF_MIN_MS;
    this.hooks.onConnected();
  }

  private down(client: pg.Client, err?: unknown) {
    if (this.client !== client) return;
    this.client = undefined;
    this.hooks.onDisconnected();
    client.end().catch(() => {});
    if (this.done) return;
    this.log.warn({ err, retryMs: this.backoff, channel: this.channel }, 'LISTEN connection lost; reconnecting');
    this.timer = setTimeout(() => void this.connect(), this.backoff);
    this.timer.unref();
    this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
  }
}
