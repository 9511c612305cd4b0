import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { outbox } from '../db/schema/outbox.ts';
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
 * arrive as a surprise): those of `which` (minutes, or all the event's) whose time has passed and that have
 * no run yet are recorded as skipped. Called in the transaction that stores them, after the event row is written.
 */
export async function skipPassedReminders(tx: DbOrTx, eventId: string, which: number[] | 'all', now: Date = new Date()): Promise<void> {
  if (which !== 'all' && which.length === 0) return;
  const minutes = which === 'all' ? sql`${events.reminder_minutes}` : sql`${sql.param(which)}::int[]`;
  await tx.execute(sql`
    insert into ${event_reminder_runs} (event_id, minutes_before, status)
    select ${events.id}, m.minutes, 'skipped'
    from ${events}, unnest(${minutes}) as m (minutes)
    where ${events.id} = ${eventId} and ${reminderDueSql(events.event_date, events.timezone, sql`m.minutes`)} <= ${now.toISOString()}::timestamptz
    on conflict do nothing`);
}

/**
 * The outbox keys of an event's reminders, e-mail ('reminder:') and SMS ('reminder-sms:') alike:
 * {prefix}{event}:{minutes}:{due, epoch seconds}:{rsvp}. The due time is part of the key, so a reminder
 * made pending again by a new start goes again; for one start it goes once.
 */
export const reminderKeyPrefix = (channel: 'email' | 'sms', eventId: string, minutes: number, due: Date) =>
  `${channel === 'email' ? 'reminder' : 'reminder-sms'}:${eventId}:${minutes}:${Math.round(due.getTime() / 1000)}:`;

/**
 * An event's reminders still waiting in the outbox are dropped ('superseded'): they show a start that is no
 * longer the event's, or an event that is off or gone. One already on its way is not stopped. The due
 * index holds only waiting rows, so this reads those, not the outbox's history.
 */
export async function dropQueuedReminders(tx: DbOrTx, eventId: string): Promise<number> {
  const dropped = await tx.execute(sql`
    update ${outbox} set status = 'superseded', last_error = 'The event changed before this reminder went out; not sent.'
    where ${outbox.status} = 'pending' and ${outbox.idempotency_key} like ${`reminder%:${eventId}:%`}`);
  return dropped.rowCount ?? 0;
}

/**
 * After the event's start or time zone changed: the reminders queued for the old start are dropped, those
 * whose new time is still ahead are pending again (sent or skipped before), and those whose new time has
 * passed without them are skipped, as when they are set late.
 */
export async function rescheduleReminders(tx: DbOrTx, eventId: string, now: Date = new Date()): Promise<void> {
  await dropQueuedReminders(tx, eventId);
  await tx.execute(sql`
    delete from ${event_reminder_runs} run using ${events}
    where run.event_id = ${eventId} and ${events.id} = ${eventId}
      and ${reminderDueSql(events.event_date, events.timezone, sql`run.minutes_before`)} > ${now.toISOString()}::timestamptz`);
  await skipPassedReminders(tx, eventId, 'all', now);
}
