import { and, eq, type SQL, sql } from 'drizzle-orm';
import { manageRsvpHref } from '../../../common/hrefs.ts';
import { MSG } from '../../../common/messages.ts';
import type { TManagedRsvp } from '../../../common/schemas/rsvps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_themes, events } from '../../db/schema/events.ts';
import { eventCoreColumns } from '../../domain/event-columns.ts';
import { eventTheme, eventThemeColumns } from '../themes/theme-row.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import { ticketPagePath } from '../../domain/ticket-urls.ts';
import { isManageSecret } from './rsvp-answer.ts';
import { formQuestionsSql } from '../../domain/form-questions.ts';
import { answerValuesSql } from '../../domain/rsvp-answers.ts';

/** A guest's answer as read; the routes add how this server delivers e-mail. */
export type ManagedRsvpRow = Omit<TManagedRsvp, 'email_delivery'>;

/** A paid event's answer that went to the checkout and is not paid: no ticket yet (a staff-added guest has no payment status). */
const awaitingPayment = (paidEvent: boolean, paymentStatus: string | null) =>
  paidEvent && paymentStatus !== null && paymentStatus !== 'paid';

async function readManaged(db: DbOrTx, where: SQL): Promise<ManagedRsvpRow | null> {
  const [row] = await db
    .select({
      name: event_rsvps.name,
      email: event_rsvps.email,
      phone: event_rsvps.phone,
      notes: event_rsvps.notes,
      guest_count: event_rsvps.guest_count,
      status: event_rsvps.status,
      payment_status: event_rsvps.payment_status,
      payment_amount: event_rsvps.payment_amount,
      payment_currency: event_rsvps.payment_currency,
      ticket_secret: event_rsvps.ticket_secret,
      manage_secret: event_rsvps.manage_secret,
      reminders_off: event_rsvps.reminders_off,
      has_reminders: sql<boolean>`${events.reminder_minutes} <> '{}'::integer[]`,
      updated_at: event_rsvps.updated_at,
      answers: answerValuesSql,
      questions: formQuestionsSql,
      event: { ...eventCoreColumns, seats_taken: events.seats_taken, guest_refunds_allowed: events.guest_refunds_allowed },
      ...eventThemeColumns,
    })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    .where(and(where, eq(events.is_active, true)))
    .limit(1);
  if (!row?.email) return null; // legacy answers (no e-mail) have no manage page
  const { seats_taken, ...event } = row.event;
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    guest_count: row.guest_count,
    status: row.status,
    payment_status: row.payment_status,
    payment_amount: row.payment_amount,
    payment_currency: row.payment_currency,
    // A paid event's 'yes' is a ticket once paid (docs/product.md#payments).
    ticket_url:
      row.status === 'confirmed' && !awaitingPayment(event.is_paid_event, row.payment_status) ? ticketPagePath(row.ticket_secret) : null,
    manage_url: manageRsvpHref(row.manage_secret),
    reminders: row.has_reminders ? (row.reminders_off ? 'off' : 'on') : null,
    updated_at: row.updated_at.toISOString(),
    answers: row.answers,
    questions: row.questions,
    event: {
      ...event,
      event_date: event.event_date.toISOString(),
      end_date: event.end_date?.toISOString() ?? null,
      ticket_price: event.ticket_price === null ? null : Number(event.ticket_price),
      seats_left: event.max_attendees === null ? null : Math.max(0, event.max_attendees - seats_taken),
      theme: eventTheme(row),
    },
  };
}

/**
 * The answer a manage secret controls (docs/product.md#manage-page), with what its page shows of the
 * event. 404 "link no longer valid" for an unknown, rotated or malformed secret, or an inactive event.
 */
export async function getManagedRsvp(db: DbOrTx, manageSecret: string): Promise<ManagedRsvpRow> {
  if (!isManageSecret(manageSecret)) throw notFound(MSG.manageLinkInvalid);
  const found = await readManaged(db, eq(event_rsvps.manage_secret, manageSecret));
  if (!found) throw notFound(MSG.manageLinkInvalid);
  return found;
}

/** This browser's answer to one event (its cookie holds the manage secret); null when the secret is stale or for another event. */
export async function findRememberedRsvp(db: DbOrTx, eventId: string, manageSecret: string): Promise<ManagedRsvpRow | null> {
  if (!isManageSecret(manageSecret)) return null;
  return readManaged(db, and(eq(event_rsvps.manage_secret, manageSecret), eq(event_rsvps.event_id, eventId)) as SQL);
}
