import { and, gt, inArray, type SQL } from 'drizzle-orm';
import type { TSendTicketsParsed } from '../../../common/schemas/guests.ts';
import type { TJob } from '../../../common/schemas/guests.responses.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobParams } from '../../db/schema/guests.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { queueGuestEmail } from '../rsvps/queue-answer-email.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import { countRsvps, startJob } from '../../domain/start-job.ts';

type SendParams = Extract<JobParams, { kind: 'send-tickets' }>;

/** The RSVPs a send-tickets job goes through: the selection (or the filter) within the event the actor manages. */
function targets(actor: Actor, eventId: string, p: SendParams): SQL {
  return and(guestWhere(actor, eventId, p.filter ?? {}), p.ids ? inArray(event_rsvps.id, p.ids) : undefined) as SQL;
}

/**
 * E-mail the ticket to a selection of guests (docs/product.md#guest-list): a server job, so a long
 * list goes on after the page is closed and its progress survives a reload. Counts the guests now;
 * the workers send (run-jobs.ts). Owner or co-host only (404); the same job while one runs is refused
 * (409 naming it) and starts are limited (429): startJob.
 */
export async function createSendTicketsJob(o: {
  db: Db;
  limits: RateLimits;
  actor: Actor;
  eventId: string;
  input: TSendTicketsParsed;
}): Promise<TJob> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const ids = o.input.ids && [...new Set(o.input.ids)].sort();
  const params: SendParams = { kind: 'send-tickets', ...(ids ? { ids } : { filter: o.input.filter }) };
  return startJob({
    db: o.db,
    limits: o.limits,
    actorId: o.actor.id,
    eventId: o.eventId,
    eventIds: [o.eventId],
    params,
    oneAtATime: true,
    count: (tx) => countRsvps(tx, targets(o.actor, o.eventId, params)),
  });
}

export const SEND_BATCH = 100;

/**
 * One batch of a send-tickets job, in the caller's transaction: the next RSVPs after `cursor` (id
 * order), each confirmed guest with a ticket and an e-mail queued its ticket under the key
 * job:{job}:{rsvp}, so a batch retried after a crash queues nothing twice. Others count as skipped.
 */
export async function sendTicketsBatch(
  tx: DbOrTx,
  o: { config: TicketConfig; jobId: string; actor: Actor; eventId: string; params: SendParams; cursor: string | null },
): Promise<{ items: number; failed: number; last: string | null; counts: { queued: number; skipped: number } }> {
  const rows = await tx
    .select({ id: event_rsvps.id })
    .from(event_rsvps)
    .where(and(targets(o.actor, o.eventId, o.params), o.cursor ? gt(event_rsvps.id, o.cursor) : undefined))
    .orderBy(event_rsvps.id)
    .limit(SEND_BATCH);
  let queued = 0;
  let skipped = 0;
  for (const r of rows) {
    const mail = await queueGuestEmail(tx, { config: o.config, rsvpId: r.id, key: `job:${o.jobId}:${r.id}`, ticketOnly: true });
    if ('skipped' in mail) skipped++;
    else queued++;
  }
  return { items: rows.length, failed: skipped, last: rows.at(-1)?.id ?? null, counts: { queued, skipped } };
}
