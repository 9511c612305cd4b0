import { and, asc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { absoluteUrl } from '../../../common/hrefs.ts';
import { normalizeEmail } from '../../../common/schemas/email.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { event_hosts, events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { answersShownSql } from '../../domain/rsvp-answers.ts';
import type { Deps } from '../../http/context.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import { startPeriodic } from '../../periodic.ts';
import { type NewRsvp, rsvpNotificationEmail } from './rsvp-notification-email.ts';

/** How often the loop looks for news ('each' hosts hear of an answer within about this long). */
export const NOTIFY_POLL_MS = 60_000;
/** Answers younger than this wait for the next run: an RSVP's created_at is its transaction's start, it commits a moment later. */
export const NOTIFY_LAG_MS = 5_000;
export const DIGEST_EVERY_MS = 24 * 60 * 60_000;
/** Answers listed in one e-mail; the rest are counted ("and 12 more"). */
export const NOTIFY_LIST_MAX = 50;
const EVENTS_PER_RUN = 200;

/** The owner and the co-hosts who have an account (docs/product.md#rsvp-notifications). */
async function recipients(tx: DbOrTx, eventId: string, ownerId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(user)
    .where(
      or(
        eq(user.id, ownerId),
        sql`${user.id} in (select ${event_hosts.user_id} from ${event_hosts} where ${event_hosts.event_id} = ${eventId})`,
      ),
    );
  return [...new Set(rows.map((r) => normalizeEmail(r.email)))];
}

/**
 * New-RSVP e-mails to hosts (docs/product.md#rsvp-notifications), read from the RSVPs themselves so the
 * RSVP path does no extra work: for each event with notify_rsvps 'each' (every run) or 'digest' (once
 * a day), the answers created since events.rsvps_notified_until go to the owner and co-hosts with
 * accounts in one e-mail each, through the outbox, keyed by event, window and recipient (a retried run
 * queues nothing twice); the cursor moves in the same transaction. Returns the e-mails queued.
 */
export async function notifyNewRsvps(deps: { db: Db; env: Deps['env'] }, now = new Date()): Promise<number> {
  const upto = new Date(now.getTime() - NOTIFY_LAG_MS);
  const dayAgo = new Date(now.getTime() - DIGEST_EVERY_MS);
  const due = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        ne(events.notify_rsvps, 'off'),
        or(
          and(eq(events.notify_rsvps, 'each'), lt(events.rsvps_notified_until, upto)),
          and(eq(events.notify_rsvps, 'digest'), lt(events.rsvps_notified_until, dayAgo)),
        ),
      ),
    )
    .orderBy(asc(events.rsvps_notified_until))
    .limit(EVENTS_PER_RUN);
  let queued = 0;
  for (const { id } of due) {
    queued += await deps.db.transaction(async (tx) => {
      const [e] = await tx
        .select({
          id: events.id,
          title: events.title,
          user_id: events.user_id,
          mode: events.notify_rsvps,
          from: events.rsvps_notified_until,
        })
        .from(events)
        .where(eq(events.id, id))
        .for('update', { skipLocked: true });
      if (!e || e.mode === 'off' || e.from >= upto) return 0;
      if (e.mode === 'digest' && e.from >= dayAgo) return 0;
      const window = and(eq(event_rsvps.event_id, e.id), gte(event_rsvps.created_at, e.from), lt(event_rsvps.created_at, upto));
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(event_rsvps).where(window);
      if (count!.n === 0) {
        // 'each' keeps its window open (no write per idle event per run); a digest's day is over either way.
        if (e.mode === 'digest') await tx.update(events).set({ rsvps_notified_until: upto }).where(eq(events.id, e.id));
        return 0;
      }
      const list: NewRsvp[] = await tx
        .select({
          name: event_rsvps.name,
          status: event_rsvps.status,
          guest_count: event_rsvps.guest_count,
          created_at: event_rsvps.created_at,
          answers: answersShownSql,
        })
        .from(event_rsvps)
        .where(window)
        .orderBy(asc(event_rsvps.created_at))
        .limit(NOTIFY_LIST_MAX);
      let n = 0;
      for (const to of await recipients(tx, e.id, e.user_id)) {
        const payload = rsvpNotificationEmail({
          to,
          event: { id: e.id, title: e.title },
          digest: e.mode === 'digest',
          rsvps: list,
          total: count!.n,
          listUrl: absoluteUrl(deps.env.PUBLIC_BASE_URL, `/auth/admin?tab=guest-list&event=${e.id}`),
        });
        if (await enqueueEmail(tx, `rsvp-notify:${e.id}:${e.from.toISOString()}:${to}`, payload)) n++;
      }
      await tx.update(events).set({ rsvps_notified_until: upto }).where(eq(events.id, e.id));
      return n;
    });
  }
  return queued;
}

export type RsvpNotifier = { stop: () => Promise<void> };

/** Runs notifyNewRsvps every NOTIFY_POLL_MS until stop(). */
export function startRsvpNotifier(deps: Pick<Deps, 'db' | 'env' | 'log'>, everyMs = NOTIFY_POLL_MS): RsvpNotifier {
  const log = deps.log.child({ module: 'rsvp-notify' });
  return startPeriodic({
    log,
    everyMs,
    failed: 'new-RSVP notification run failed; retrying on the next one',
    run: async () => {
      const queued = await notifyNewRsvps(deps);
      if (queued) log.info({ queued }, 'new-RSVP e-mails queued');
    },
  });
}
