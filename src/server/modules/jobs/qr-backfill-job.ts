import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TQrBackfillParsed } from '../../../common/schemas/guests.ts';
import type { TJob } from '../../../common/schemas/guests.responses.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import type { JobParams } from '../../db/schema/guests.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { assignPin } from '../rsvps/assign-pin.ts';
import { rotateTicket } from '../tickets/regenerate-ticket-qr.ts';
import { type TicketConfig, ticketColumns } from '../../domain/ticket-fields.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import { eventsOpenTo, requireTwoFactorForEvent, type TwoFactorActor } from '../events/two-factor-rule.ts';
import { startJob } from '../../domain/start-job.ts';

type BackfillParams = Extract<JobParams, { kind: 'qr-backfill' }>;

/** Confirmed RSVPs of the job's events that the actor (still) manages. */
function scope(actor: Actor, p: BackfillParams) {
  return and(
    inArray(event_rsvps.event_id, p.event_ids),
    eq(event_rsvps.status, 'confirmed'),
    sql`exists (select 1 from ${events} where ${events.id} = ${event_rsvps.event_id} and ${eventAccess(actor, 'manage')})`,
  );
}
const missing = or(isNull(event_rsvps.qr_code_data), isNull(event_rsvps.qr_code_image_url));

/**
 * Backfill QR codes (docs/product.md#qr-backfill): for one event or every event the user manages, up
 * to `limit` confirmed guests are looked at; those without a QR get one (their ticket keys kept, a
 * PIN assigned), or with `force` every one is rotated as Regenerate does and e-mailed the new ticket.
 * `dryRun` counts and changes nothing. A server job: the workers run it (run-jobs.ts). The owner's
 * two-factor rule holds (ADR 0020): one paid event → 403; every event → the paid ones left out. The
 * same backfill while one runs is refused (409 naming it) and starts are limited (429): startJob.
 */
export async function createQrBackfillJob(o: {
  db: Db;
  limits: RateLimits;
  actor: TwoFactorActor;
  input: TQrBackfillParsed;
}): Promise<TJob> {
  const { db, actor, input } = o;
  let eventIds: string[];
  if (input.eventId) {
    await requireEventAccess({ db, actor, id: input.eventId, need: 'manage' });
    await requireTwoFactorForEvent(db, actor, input.eventId);
    eventIds = [input.eventId];
  } else {
    const managed = await db.select({ id: events.id }).from(events).where(eventAccess(actor, 'manage'));
    eventIds = (
      await eventsOpenTo(
        db,
        actor,
        managed.map((e) => e.id),
      )
    ).sort();
  }
  const params: BackfillParams = {
    kind: 'qr-backfill',
    event_ids: eventIds,
    limit: input.limit,
    dry_run: input.dryRun,
    force: input.force,
  };
  return startJob({
    db,
    limits: o.limits,
    actorId: actor.id,
    eventId: input.eventId ?? null,
    eventIds,
    params,
    oneAtATime: true,
    count: async (tx) => {
      if (!eventIds.length) return 0;
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(event_rsvps).where(scope(actor, params));
      return Math.min(count!.n, input.limit);
    },
  });
}

export const BACKFILL_BATCH = 50;

/** One batch of a backfill, in the caller's transaction; `done` = guests looked at so far (the limit counts them). */
export async function qrBackfillBatch(
  tx: DbOrTx,
  o: { config: TicketConfig; actor: Actor; params: BackfillParams; cursor: string | null; done: number },
): Promise<{ items: number; failed: number; last: string | null; counts: { processed: number; updated: number } }> {
  const room = Math.min(BACKFILL_BATCH, o.params.limit - o.done);
  if (room <= 0 || !o.params.event_ids.length) return { items: 0, failed: 0, last: null, counts: { processed: 0, updated: 0 } };
  const rows = await tx
    .select({
      id: event_rsvps.id,
      event_id: event_rsvps.event_id,
      ticket_secret: event_rsvps.ticket_secret,
      qr_nonce: event_rsvps.qr_nonce,
      qr_version: event_rsvps.qr_version,
      missing: sql<boolean>`${missing}`,
    })
    .from(event_rsvps)
    .where(and(scope(o.actor, o.params), o.cursor ? gt(event_rsvps.id, o.cursor) : undefined))
    .orderBy(event_rsvps.id)
    .limit(room)
    .for('update');
  let updated = 0;
  for (const r of rows) {
    if (!o.params.force && !r.missing) continue;
    updated++;
    if (o.params.dry_run) continue;
    if (o.params.force) {
      await rotateTicket(tx, { config: o.config, eventId: r.event_id, cur: r });
    } else {
      const { columns } = ticketColumns(o.config, r, true);
      await tx
        .update(event_rsvps)
        .set({ ...columns, updated_at: new Date() })
        .where(eq(event_rsvps.id, r.id));
      await assignPin(tx, { rsvpId: r.id, eventId: r.event_id });
    }
  }
  return { items: rows.length, failed: 0, last: rows.at(-1)?.id ?? null, counts: { processed: rows.length, updated } };
}
