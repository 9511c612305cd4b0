import { eq, sql } from 'drizzle-orm';
import type { TCheckinStats } from '../../common/schemas/checkin.responses.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { PgListener } from '../db/pg-listener.ts';
import { user } from '../db/schema/auth.ts';
import type { Logger } from '../logger.ts';
import type { Actor } from './event-access.ts';

/**
 * Notified on commit, from any process: by every admission or undo (payload: the event id), when
 * someone leaves an event's team (`team:{eventId}`) and when an account is deactivated
 * (`account:{userId}`).
 */
export const CHECKIN_CHANNEL = 'turnout_checkin';
const TEAM = 'team:';
const ACCOUNT = 'account:';

/**
 * In the transaction that takes someone off the event's team: on its commit, every process re-checks
 * who watches that event's live stream, and a stream whose user is no longer on the team ends.
 */
export async function announceTeamChange(tx: DbOrTx, eventId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CHECKIN_CHANNEL}, ${TEAM + eventId})`);
}

/** In the transaction that deactivates an account: on its commit, its live streams end in every process. */
export async function announceAccountDeactivated(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CHECKIN_CHANNEL}, ${ACCOUNT + userId})`);
}

/** A burst of scans sends one update per event at most this often, and one NOTIFY per event from this process. */
const COALESCE_MS = 50;

type Subscriber = (stats: TCheckinStats) => void;
/** Who watches (a signed-in team member) and how their stream is ended when they may no longer. */
export type Watcher = { actor: Actor; end: () => void };
type Entry = { fn: Subscriber; watcher?: Watcher };

/**
 * The live check-in stream of one app (docs/decisions/0014-check-in.md): the devices watching an event
 * subscribe here; a LISTEN connection (started with the first subscriber) hears every check-in of any
 * process, and the hub reads that event's stats once per burst and pushes them to its subscribers.
 * A subscriber's stream ends as soon as its user leaves the event's team or is deactivated (issue 29).
 * close() ends the connection and drops the subscribers.
 */
export class CheckinHub {
  private readonly subscribers = new Map<string, Set<Entry>>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Events this process changed since its last NOTIFY (sent every COALESCE_MS). */
  private readonly toAnnounce = new Set<string>();
  private announcer: NodeJS.Timeout | undefined;
  private listener: PgListener | undefined;
  private closed = false;

  /**
   * `stats` reads one event's figures, `mayWatch` rejects when the actor is no longer on the event's
   * check-in team (modules/checkin's checkinStats and teamEvent, given by app.ts).
   */
  constructor(
    private readonly opts: {
      db: Db;
      log: Logger;
      stats: (db: Db, eventId: string) => Promise<TCheckinStats>;
      mayWatch: (db: Db, actor: Actor, eventId: string) => Promise<unknown>;
      closing?: AbortSignal;
    },
  ) {}

  /** Aborted when the app's shutdown begins: the streams end so the server's drain is not held by them. */
  get closing(): AbortSignal | undefined {
    return this.opts.closing;
  }

  /**
   * Calls `fn` with the event's stats after every change; returns the unsubscribe. With `watcher`, its
   * access is checked again once subscribed (a removal committed since the caller's check was announced
   * before this subscription could hear it) and whenever the team changes: `end` is called when it fails.
   */
  subscribe(eventId: string, fn: Subscriber, watcher?: Watcher): () => void {
    this.listen();
    let set = this.subscribers.get(eventId);
    if (!set) {
      set = new Set();
      this.subscribers.set(eventId, set);
    }
    const entry: Entry = { fn, watcher };
    set.add(entry);
    if (watcher) void this.recheck(eventId, [entry]);
    return () => {
      set.delete(entry);
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
        onChange: (payload) => this.heard(payload),
        // Reconnected: changes may have been missed meanwhile, so everyone gets fresh figures and is checked again.
        onConnected: () => {
          for (const [id, set] of this.subscribers) {
            this.changed(id);
            void this.recheck(id, [...set]);
          }
        },
        onDisconnected: () => {},
      },
      this.opts.log,
    );
    this.listener.start();
  }

  private heard(payload: string) {
    if (payload.startsWith(TEAM)) {
      const eventId = payload.slice(TEAM.length);
      void this.recheck(eventId, [...(this.subscribers.get(eventId) ?? [])]);
    } else if (payload.startsWith(ACCOUNT)) {
      const userId = payload.slice(ACCOUNT.length);
      for (const set of this.subscribers.values()) for (const e of set) if (e.watcher?.actor.id === userId) e.watcher.end();
    } else this.changed(payload);
  }

  /** Ends the streams of `entries` whose user is deactivated or no longer on the event's team (or cannot be checked). */
  private async recheck(eventId: string, entries: Entry[]) {
    await Promise.all(
      entries.map(async ({ watcher }) => {
        if (!watcher) return;
        try {
          const [row] = await this.opts.db.select({ off: user.deactivatedAt }).from(user).where(eq(user.id, watcher.actor.id));
          if (!row || row.off) return watcher.end();
          await this.opts.mayWatch(this.opts.db, watcher.actor, eventId);
        } catch {
          watcher.end(); // off the team (404), or unknown: the device reconnects, and its access is checked then
        }
      }),
    );
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
      for (const { fn } of set) fn(stats);
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
