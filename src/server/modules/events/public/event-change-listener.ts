import pg from 'pg';
import type { Logger } from '../../../logger.ts';

/** The channel the events table's trigger notifies (payload: the event id) on every UPDATE or DELETE. */
export const EVENT_CHANGED_CHANNEL = 'turnout_event_changed';

const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 5_000;

export type ListenerHooks = {
  /** An event changed in some process (including this one). */
  onChange: (eventId: string) => void;
  /** Connected (again): notifications may have been missed while down, so start afresh. */
  onConnected: () => void;
  /** Disconnected: until onConnected, nothing heard means nothing. */
  onDisconnected: () => void;
};

/**
 * One dedicated connection that LISTENs for event changes and reconnects with backoff when it drops.
 * It stops for good on stop() (shutdown, before the pool closes) or once the pool it was made from is ended.
 */
export class EventChangeListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private backoff = BACKOFF_MIN_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
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
    const client = new pg.Client({ ...this.pool.options, keepAlive: true });
    this.client = client;
    client.on('notification', (msg) => {
      if (msg.channel === EVENT_CHANGED_CHANNEL && msg.payload) this.hooks.onChange(msg.payload);
    });
    client.on('error', (err) => this.down(client, err));
    client.on('end', () => this.down(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANGED_CHANNEL}`);
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
    this.log.warn({ err, retryMs: this.backoff }, 'event change listener lost its connection; public event cache off until it reconnects');
    this.timer = setTimeout(() => void this.connect(), this.backoff);
    this.timer.unref();
    this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
  }
}
