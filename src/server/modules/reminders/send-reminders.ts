import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { event_themes, events } from '../../db/schema/events.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { event_reminder_runs } from '../../db/schema/reminders.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { sms_messages, sms_opt_outs } from '../../db/schema/sms.ts';
import { reminderDueSql, reminderKeyPrefix } from '../../domain/reminder-schedule.ts';
import { isConnectionError } from '../../db/connection-errors.ts';
import { ticketPageUrl } from '../../domain/ticket-urls.ts';
import { formatEventWhen } from '../../emails/event-when.ts';
import type { Deps } from '../../http/context.ts';
import { startPeriodic } from '../../periodic.ts';
import { rsvpEventColumns } from '../rsvps/load-rsvp-event.ts';
import { type ReminderEvent, reminderSubject } from './reminder-email.ts';

/** How often a process looks for due reminders: a reminder goes within about this long of its time. */
export const REMINDER_POLL_MS = 30_000;
/** Guests queued per statement of a run, and the pause between two statements (the CPU's turn for others). */
const FAN_OUT_CHUNK = 1_000;
const FAN_OUT_PAUSE_MS = 10;
/** Events one run fans out; the rest wait for the next run (each run is one transaction per event). */
const EVENTS_PER_RUN = 50;
/** The longest a reminder may be set before the start (REMINDER_MINUTES_MAX), with a day's slack for the local-calendar days. */
const LOOK_AHEAD = sql`interval '31 days'`;

/** Who a reminder reaches: guests going or maybe, who kept reminders on, with no unpaid checkout (docs/product.md#reminders). */
const reminded = and(
  sql`${event_rsvps.status} in ('confirmed', 'maybe')`,
  eq(event_rsvps.reminders_off, false),
  sql`(${event_rsvps.payment_status} is null or ${event_rsvps.payment_status} = 'paid')`,
);

export type ReminderRun = { eventId: string; minutesBefore: number; emails: number; texts: number };

type Due = { id: string; minutes: number[] };

/** Events with a reminder due at `now` and not done, soonest first; an event that has begun has none. */
async function dueReminders(db: Db, now: Date): Promise<Due[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db.execute<{ id: string; minutes: number[] }>(sql`
    select e.id, array_agg(m.minutes order by m.minutes) as minutes
    from ${events} e cross join lateral unnest(e.reminder_minutes) as m (minutes)
    where e.reminder_minutes <> '{}'::integer[] and e.is_active
      and e.event_date > ${at} and e.event_date <= ${at} + ${LOOK_AHEAD}
      and ${reminderDueSql(sql`e.event_date`, sql`e.timezone`, sql`m.minutes`)} <= ${at}
      and not exists (select 1 from ${event_reminder_runs} run where run.event_id = e.id and run.minutes_before = m.minutes)
    group by e.id
    order by min(e.event_date)
    limit ${EVENTS_PER_RUN}`);
  return rows.rows;
}

/** The event as its reminders show it (read inside the run, so an edit made since the scan is what goes out). */
async function reminderEvent(
  tx: DbOrTx,
  eventId: string,
  minutes: number,
  now: Date,
): Promise<{ event: ReminderEvent; dueAt: Date } | undefined> {
  const { slug: _slug, max_attendees: _max, has_payment_keys: _keys, ...columns } = rsvpEventColumns;
  const [e] = await tx
    .select({
      ...columns,
      is_active: events.is_active,
      // Still one of its reminders: the host may have changed them since the scan.
      kept: sql<boolean>`${minutes}::int = any(${events.reminder_minutes})`,
      due_at: sql<Date>`${reminderDueSql(events.event_date, events.timezone, sql`${minutes}::int`)}`.mapWith(events.event_date),
    })
    .from(events)
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    .innerJoin(user, eq(user.id, events.user_id))
    .where(eq(events.id, eventId));
  if (!e?.is_active || !e.kept || e.due_at > now || e.event_date <= now) return undefined;
  const { is_active: _active, kept: _kept, due_at, ...event } = e;
  return { dueAt: due_at, event: { ...event, event_date: e.event_date.toISOString(), end_date: e.end_date?.toISOString() ?? null } };
}

/**
 * One reminder of one event, in one transaction: the run row first (its primary key lets one process through;
 * another that gets here waits for that commit and finds the row taken), then every reminded guest's e-mail
 * and the going guests' SMS as INSERT … SELECTs into the outbox, a chunk of guests at a time, keyed per guest
 * and reminder (and its due time: a new start is a new reminder).
 */
async function runReminder(
  db: Db,
  o: { eventId: string; send: number; skip: number[]; now: Date; baseUrl: string },
): Promise<ReminderRun | undefined> {
  return db.transaction(async (tx) => {
    const found = await reminderEvent(tx, o.eventId, o.send, o.now);
    if (!found) return undefined;
    const { event, dueAt } = found;
    // Earlier reminders that fell due together with this one (the app was down) are not sent: this one goes instead.
    const runs = [
      { event_id: o.eventId, minutes_before: o.send, status: 'sent' as const },
      ...o.skip.map((m) => ({ event_id: o.eventId, minutes_before: m, status: 'skipped' as const })),
    ];
    const taken = await tx
      .insert(event_reminder_runs)
      .values(runs)
      .onConflictDoNothing()
      .returning({ minutes: event_reminder_runs.minutes_before, status: event_reminder_runs.status });
    if (!taken.some((r) => r.status === 'sent')) return undefined;

    const key = reminderKeyPrefix('email', o.eventId, o.send, dueAt);
    const base = JSON.stringify({ baseUrl: o.baseUrl, event });
    // Never delivered once the event has begun, whatever retries the outbox makes (deliver-claimed.ts).
    const notAfter = event.event_date;
    const smsKey = reminderKeyPrefix('sms', o.eventId, o.send, dueAt);
    const r = event_rsvps;
    // In chunks, with a breath between them: one statement over 10,000 guests held both cores for most of a
    // second, and the RSVPs to other events queued behind it. One transaction still: the run goes once or not at all.
    const ids = (
      await tx
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.event_id, o.eventId), reminded))
        .orderBy(r.id)
    ).map((g) => g.id);
    const run = { emails: 0, texts: 0 };
    for (let i = 0; i < ids.length; i += FAN_OUT_CHUNK) {
      if (i > 0) await sleep(FAN_OUT_PAUSE_MS);
      const chunk = sql.param(ids.slice(i, i + FAN_OUT_CHUNK));
      // The supersede key is the confirmations' (rsvps/confirmation-email.ts), for the e-mail and the SMS: an answer
      // changed or cancelled after this run outranks its guest's reminder while it waits, so a guest who just said no is not reminded.
      const emails = await tx.execute(sql`
        insert into ${outbox} (channel, idempotency_key, payload, supersede_key, supersede_rank)
        select 'email', ${key} || ${r.id}, jsonb_build_object(
            'to', ${r.email},
            'not_after', ${notAfter}::text,
            'subject', case when ${r.status} = 'confirmed' then ${reminderSubject(event.title, 'going')}::text else ${reminderSubject(event.title, 'maybe')}::text end,
            'reminder', ${base}::jsonb || jsonb_build_object(
              'going', ${r.status} = 'confirmed', 'name', ${r.name}, 'guests', ${r.guest_count},
              'ticketSecret', ${r.ticket_secret}, 'manageSecret', ${r.manage_secret})),
          'rsvp:' || ${r.id}, ${r.revision}
        from ${r}
        where ${r.event_id} = ${o.eventId} and ${r.id} = any(${chunk}::uuid[]) and ${r.email} is not null and ${reminded}
        on conflict (idempotency_key) do nothing`);

      const texts = await tx.execute(sql`
        with targets as (
          select ${r.id} as id, ${r.phone} as phone, ${r.ticket_secret} as ticket_secret, ${r.revision} as revision from ${r}
          where ${r.event_id} = ${o.eventId} and ${r.id} = any(${chunk}::uuid[]) and ${r.status} = 'confirmed' and ${r.phone} is not null and ${reminded}
            and not exists (select 1 from ${sms_opt_outs} where ${sms_opt_outs.phone} = ${r.phone})
        ), queued as (
          insert into ${outbox} (channel, idempotency_key, payload, supersede_key, supersede_rank)
          select 'sms', ${smsKey} || t.id,
            jsonb_build_object('to', t.phone, 'not_after', ${notAfter}::text, 'body', ${smsText(event)}::text || ${ticketPageUrl(o.baseUrl, '')}::text || t.ticket_secret),
            'rsvp:' || t.id, t.revision
          from targets t
          on conflict (idempotency_key) do nothing
          returning id, idempotency_key
        )
        insert into ${sms_messages} (event_id, rsvp_id, "to", outbox_id)
        select ${o.eventId}, t.id, t.phone, q.id from queued q join targets t on q.idempotency_key = ${smsKey} || t.id`);
      // A number that replied STOP gets no text; its guest's message history says why, as for a host's bulk SMS.
      await tx.execute(sql`
        insert into ${sms_messages} (event_id, rsvp_id, "to", skipped)
        select ${o.eventId}, ${r.id}, ${r.phone}, 'opted-out' from ${r}
        where ${r.event_id} = ${o.eventId} and ${r.id} = any(${chunk}::uuid[]) and ${r.status} = 'confirmed' and ${r.phone} is not null and ${reminded}
          and exists (select 1 from ${sms_opt_outs} where ${sms_opt_outs.phone} = ${r.phone})`);
      run.emails += emails.rowCount ?? 0;
      run.texts += texts.rowCount ?? 0;
    }
    await tx
      .update(event_reminder_runs)
      .set(run)
      .where(and(eq(event_reminder_runs.event_id, o.eventId), eq(event_reminder_runs.minutes_before, o.send)));
    return { eventId: o.eventId, minutesBefore: o.send, ...run };
  });
}

/** An SMS reminder up to the ticket link: "Reminder: Summer party · Saturday, July 18, 2030 · 5:00 PM CDT · 12 Main St. Your ticket: ". */
function smsText(e: ReminderEvent): string {
  const title = e.title.length > 60 ? `${e.title.slice(0, 59)}…` : e.title;
  const when = formatEventWhen(new Date(e.event_date), e.end_date === null ? null : new Date(e.end_date), e.timezone);
  const where = e.location ? ` · ${e.location.length > 60 ? `${e.location.slice(0, 59)}…` : e.location}` : '';
  return `Reminder: ${title} · ${when}${where}. Your ticket: `;
}

/**
 * Queues the reminders due at `now` (docs/product.md#reminders): per event, the latest of its due reminders
 * (the smallest lead) goes, earlier ones due with it are skipped. Exactly once per guest and reminder,
 * whatever the number of processes; none once the event has begun. Returns what it queued.
 */
export async function sendDueReminders(
  deps: { db: Db; env: Pick<Deps['env'], 'PUBLIC_BASE_URL'>; log: Deps['log'] },
  now = new Date(),
): Promise<ReminderRun[]> {
  const done: ReminderRun[] = [];
  for (const due of await dueReminders(deps.db, now)) {
    const [send, ...skip] = due.minutes;
    try {
      const run = await runReminder(deps.db, { eventId: due.id, send: send!, skip, now, baseUrl: deps.env.PUBLIC_BASE_URL });
      if (run) done.push(run);
    } catch (err) {
      // A lost database fails every event alike: the loop logs it once and retries. Anything else is this event's
      // (its run rolled back, retried next time) and holds up no other event's reminders.
      if (isConnectionError(err)) throw err;
      deps.log.warn({ err, eventId: due.id, minutesBefore: send }, 'reminder run failed; retrying on the next run');
    }
  }
  return done;
}

/** Runs sendDueReminders every REMINDER_POLL_MS until stop(). */
export function startReminderSender(deps: Pick<Deps, 'db' | 'env' | 'log'>, everyMs = REMINDER_POLL_MS) {
  const log = deps.log.child({ module: 'reminders' });
  return startPeriodic({
    log,
    everyMs,
    failed: 'reminder run failed; retrying on the next one',
    run: async () => {
      for (const r of await sendDueReminders(deps)) log.info(r, 'reminder queued');
    },
  });
}
