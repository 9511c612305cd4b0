import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventEndsAt } from '../../domain/event-ends.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import { MANAGE_LINK_WINDOW_SEC } from './answer-known-email.ts';
import { buildFindTicketEmail } from './manage-link-email.ts';

/** At most this many answers in one "find your ticket" e-mail (the soonest events first). */
const MAX_ANSWERS = 20;
/** The answer takes at least this long, found or not, so its timing tells nothing either. */
export const FIND_TICKET_MIN_MS = 250;

/**
 * "Find your ticket" (docs/product.md#not-found-page): e-mails the manage links of the address's answers to active events
 * that have not ended. The caller answers the same whatever happens here; nothing is sent when the
 * address has no such answer, and at most one e-mail per address per window.
 */
export async function findTickets(opts: { db: Db; baseUrl: string; email: string; now?: number }): Promise<void> {
  const now = opts.now ?? Date.now();
  const rows = await opts.db
    .select({
      manage_secret: event_rsvps.manage_secret,
      name: event_rsvps.name,
      status: event_rsvps.status,
      guest_count: event_rsvps.guest_count,
      title: events.title,
      event_date: events.event_date,
      timezone: events.timezone,
    })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(and(eq(event_rsvps.email, opts.email), eq(events.is_active, true), gt(eventEndsAt, new Date(now))))
    .orderBy(events.event_date, desc(event_rsvps.created_at))
    .limit(MAX_ANSWERS);
  if (!rows.length) return;
  const payload = buildFindTicketEmail({
    baseUrl: opts.baseUrl,
    to: opts.email,
    answers: rows.map((r) => ({
      event: { title: r.title, event_date: r.event_date, timezone: r.timezone },
      rsvp: { name: r.name, status: r.status, guest_count: r.guest_count },
      manageSecret: r.manage_secret,
    })),
  });
  await enqueueEmail(opts.db, `find-ticket:${opts.email}:${Math.floor(now / (MANAGE_LINK_WINDOW_SEC * 1000))}`, payload);
}
