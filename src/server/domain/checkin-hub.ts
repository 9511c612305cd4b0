import type { TCheckinStats } from '../../common/schemas/checkin.responses.ts';
import type { Db } from '../db/client.ts';
import { PgListener } from '../db/pg-listener.ts';
import type { Logger } from '../logger.ts';

/** Notified (payload: the event id) by every admission or undo, on commit, from any process. */
export const CHECKIN_CHANNEL = 'turnout_checkin';

/** A burst of scans sends one update per event at most this often, and one NOTIFY per event from this process. */
const COALESCE_MS = 50;

type Subscriber = (stats: TCheckinStats) => void;

/**
 * The live check-in stream of one app (docs/decisions/0014-check-in.md): the devices watching an event
 * subscribe here; a LISTEN connection (started with the first subscriber) hears every check-in of any
 * process, and the hub reads that event's stats once per burst and pushes them to its subscribers.
 * close() ends the connection and drops the subscribers.
 */
export class CheckinHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Events this process changed since its last NOTIFY (sent every COALESCE_MS). */
  private readonly toAnnounce = new Set<string>();
  private announcer: NodeJS.Timeout | undefined;
  private listener: PgListener | undefined;
  private closed = false;

  /** `stats` reads one event's figures (modules/checkin/checkin-stats.ts, given by app.ts). */
  constructor(
    private readonly opts: { db: Db; log: Logger; stats: (db: Db, eventId: string) => Promise<TCheckinStats>; closing?: AbortSignal },
  ) {}

  /** Aborted when the app's shutdown begins: the streams end so the server's drain is not held by them. */
  get closing(): AbortSignal | undefined {
    return this.opts.closing;
  }

  /** Calls `fn` with the event's stats after every change; returns the unsubscribe. */
  subscribe(eventId: string, fn: Subscriber): () => void {
    this.listen();
    let set = this.subscribers.get(eventId);
    if (!set) {
      set = new Set();
      this.subscribers.set(eventId, set);
    }
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.subscribers.delete(eventId);
    };
  }

  /**
   * A scan of this process changed the event's figures (after its commit): this process's devices hear
   * it at once; the others through one NOTIFY per event and burst. Not sent inside the scan's
   * transaction: PostgreSQL commits notifying transactions one at a time (its notification queue lock),
   * each waiting for its WAL flush, which capped redeems near one flush time apart.
   */
  announce(eventId: string) {
    this.changed(eventId);
    if (this.closed) return;
    this.toAnnounce.add(eventId);
    if (this.announcer) return;
    this.announcer = setTimeout(() => {
      this.announcer = undefined;
      const ids = [...this.toAnnounce];
      this.toAnnounce.clear();
      void this.opts.db.$client
        .query('SELECT pg_notify($1, id) FROM unnest($2::text[]) AS id', [CHECKIN_CHANNEL, ids])
        .catch((err) => this.opts.log.warn({ err }, 'check-in NOTIFY failed; other processes catch up at their next change'));
    }, COALESCE_MS);
    this.announcer.unref();
  }

  /** Devices watching, over all events (tests, metrics). */
  get size() {
    let n = 0;
    for (const s of this.subscribers.values()) n += s.size;
    return n;
  }

  private listen() {
    if (this.listener || this.closed) return;
    this.listener = new PgListener(
      CHECKIN_CHANNEL,
      this.opts.db.$client,
      {
        onChange: (eventId) => this.changed(eventId),
        // Reconnected: changes may have been missed meanwhile, so everyone gets fresh figures.
        onConnected: () => {
          for (const id of this.subscribers.keys()) this.changed(id);
        },
        onDisconnected: () => {},
      },
      this.opts.log,
    );
    this.listener.start();
  }

  private changed(eventId: string) {
    if (!this.subscribers.has(eventId) || this.pending.has(eventId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(eventId);
      void this.push(eventId);
    }, COALESCE_MS);
    timer.unref();
    this.pending.set(eventId, timer);
  }

  private async push(eventId: string) {
    const set = this.subscribers.get(eventId);
    if (!set?.size) return;
    try {
      const stats = await this.opts.stats(this.opts.db, eventId);
      for (const fn of set) fn(stats);
    } catch (err) {
      this.opts.log.warn({ err, eventId }, 'check-in stats for the live stream failed');
    }
  }

  async close() {
    this.closed = true;
    clearTimeout(this.announcer);
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
    this.subscribers.clear();
    await this.listener?.stop();
  }
}
