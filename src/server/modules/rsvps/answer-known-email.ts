import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';
import { buildManageLinkEmail } from './manage-link-email.ts';
import { alreadyAnsweredResult, type RsvpOutcome } from './rsvp-answer.ts';

/** A known e-mail gets its manage link at most once per RSVP in this many seconds, however often the form is sent. */
export const MANAGE_LINK_WINDOW_SEC = 10 * 60;

/** The outbox key of a manage-link e-mail: one per RSVP and window (a repeat inside the window is a no-op). */
export const manageLinkKey = (rsvpId: string, now: number) =>
  `rsvp:${rsvpId}:manage-link:${Math.floor(now / (MANAGE_LINK_WINDOW_SEC * 1000))}`;

/**
 * The RSVP form sent with an e-mail that already answered this event: nothing changes and the answer
 * reveals nothing of that RSVP; its manage link is e-mailed to that address, which only its owner
 * reads (docs/decisions/0012-answers-belong-to-the-email.md). Null when the e-mail has no RSVP here
 * (deleted meanwhile: the caller inserts again).
 */
export async function answerKnownEmail(opts: { db: Db; baseUrl: string; event: RsvpEvent; email: string }): Promise<RsvpOutcome | null> {
  const { db, event, email } = opts;
  const [row] = await db
    .select({
      id: event_rsvps.id,
      name: event_rsvps.name,
      status: event_rsvps.status,
      guest_count: event_rsvps.guest_count,
      manage_secret: event_rsvps.manage_secret,
    })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, event.id), eq(event_rsvps.email, email)))
    .limit(1);
  if (!row) return null;
  const payload = buildManageLinkEmail({
    baseUrl: opts.baseUrl,
    to: email,
    answer: { event, rsvp: row, manageSecret: row.manage_secret },
  });
  const queued = await enqueueEmail(db, manageLinkKey(row.id, Date.now()), payload);
  return alreadyAnsweredResult(queued);
}
