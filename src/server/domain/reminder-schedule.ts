import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { event_reminder_runs } from '../db/schema/reminders.ts';

/**
 * When a reminder `minutes` before an event's start goes (docs/product.md#reminders), in SQL: its whole days
 * on the event's local calendar, so "1 day before" a 7 PM party is 7 PM the day before across a
 * daylight-saving change (23 or 25 hours), and the rest in real time ("2 hours before" is 120 minutes).
 */
export const reminderDueSql = (start: SQL | typeof events.event_date, timezone: SQL | typeof events.timezone, minutes: SQL) =>
  sql`(((${start} at time zone ${timezone}) - make_interval(days => ${minutes} / 1440)) at time zone ${timezone} - make_interval(mins => ${minutes} % 1440))`;

/** ISO text as the API writes dates ('…T…Z'), of a timestamptz expression. */
const isoSql = (t: SQL) => sql`to_char(${t} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The event's reminders as hosts see them (TReminder[], latest first): when each goes and what became of it.
 * A column of the event's own row, so it comes back from an UPDATE … RETURNING as well.
 */
export const remindersColumn = sql<
  { minutes_before: number; due_at: string; status: 'pending' | 'sent' | 'skipped'; emails: number; texts: number }[]
>`coalesce((select json_agg(json_build_object(
    'minutes_before', m.minutes,
    'due_at', ${isoSql(reminderDueSql(events.event_date, events.timezone, sql`m.minutes`))},
    'status', coalesce(run.status, 'pending'),
    'emails', coalesce(run.emails, 0),
    'texts', coalesce(run.texts, 0)) order by m.minutes desc)
  from unnest(${events.reminder_minutes}) as m (minutes)
  left join ${event_reminder_runs} run on run.event_id = ${events.id} and run.minutes_before = m.minutes), '[]'::json)`;

/**
 * Reminders set while already due are not sent (a "1 day before" added 5 hours before the start would
 * arrive as a surprise): `added` of this event whose time has passed are recorded as skipped. Called in
 * the transaction that stores them, after the event row is written.
 */
export async function skipPassedReminders(tx: DbOrTx, eventId: string, added: number[], now: Date = new Date()): Promise<void> {
  if (added.length === 0) return;
  await tx.execute(sql`
    insert into ${event_reminder_runs} (event_id, minutes_before, status)
    select ${events.id}, m.minutes, 'skipped'
    from ${events}, unnest(${sql.param(added)}::int[]) as m (minutes)
    where ${events.id} = ${eventId} and ${reminderDueSql(events.event_date, events.timezone, sql`m.minutes`)} <= ${now.toISOString()}::timestamptz
    on conflict do nothing`);
}
