import { sql } from 'drizzle-orm';
import { DASHBOARD_PERIOD_DAYS } from '../../../common/constants.ts';
import { SAMPLE_EVENT_CONTENT } from '../../../common/sample-event.ts';
import type { TDashboardSummary } from '../../../common/schemas/guests.responses.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';

/**
 * The dashboard tiles' totals over the last DASHBOARD_PERIOD_DAYS days, for the events the user owns
 * or co-hosts (docs/product.md#dashboard), in one query: upcoming events; RSVPs received and the guests
 * they bring; guests checked in during the period and confirmed guests still to check in (events
 * starting in the period or later). The seeded demo event is never counted (common/sample-event.ts isDemoEvent).
 */
export async function getDashboardSummary({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  now?: Date;
}): Promise<TDashboardSummary> {
  const from = new Date(now.getTime() - DASHBOARD_PERIOD_DAYS * 86_400_000);
  const res = await db.execute<{
    upcoming: number;
    rsvps_received: number;
    guests_going: number;
    checked_in: number;
    pending: number;
  }>(sql`
    WITH managed AS (
      SELECT ${events.id} AS id, ${events.event_date} AS event_date, ${events.is_active} AS is_active
      FROM ${events} WHERE ${eventAccess(actor, 'manage')} AND ${events.slug} IS DISTINCT FROM ${SAMPLE_EVENT_CONTENT.slug}
    )
    SELECT
      (SELECT count(*) FROM managed WHERE is_active AND event_date >= ${now})::int AS upcoming,
      count(r.id) FILTER (WHERE r.created_at >= ${from})::int AS rsvps_received,
      coalesce(sum(r.guest_count) FILTER (WHERE r.created_at >= ${from} AND r.status = 'confirmed'), 0)::int AS guests_going,
      coalesce(sum(r.guest_count) FILTER (WHERE r.checked_in_at >= ${from}), 0)::int AS checked_in,
      coalesce(sum(r.guest_count) FILTER (WHERE r.status = 'confirmed' AND NOT r.attended AND m.event_date >= ${from}), 0)::int AS pending
    FROM managed m
    LEFT JOIN ${event_rsvps} r ON r.event_id = m.id AND (r.created_at >= ${from} OR r.checked_in_at >= ${from} OR m.event_date >= ${from})`);
  const row = res.rows[0]!;
  return {
    period: { days: DASHBOARD_PERIOD_DAYS, from: from.toISOString(), to: now.toISOString() },
    events: { upcoming: row.upcoming, rsvps_received: row.rsvps_received, guests_going: row.guests_going },
    check_in: { checked_in: row.checked_in, pending: row.pending },
  };
}
