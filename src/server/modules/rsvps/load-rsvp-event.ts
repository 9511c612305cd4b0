import { and, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { BoundedCache } from '../../../common/bounded-cache.ts';
import { MSG } from '../../../common/messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { EmailEvent } from '../../emails/confirmation-view.ts';
import { user } from '../../db/schema/auth.ts';
import { displayNameSql } from '../../domain/display-name.ts';
import { event_themes, events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { TFormQuestion } from '../../../common/schemas/questions.ts';
import { formQuestionsSql } from '../../domain/form-questions.ts';
import { type FormTicketType, formTicketTypesSql } from '../../domain/ticket-types-sql.ts';
import type { Charges } from '../../../common/pricing.ts';
import { eventChargesColumns } from '../../domain/event-charges.ts';

/** What an RSVP needs to know of its event: what its e-mails show, plus capacity and payment; never the payment secret. */
export type RsvpEvent = EmailEvent & {
  slug: string;
  max_attendees: number | null;
  has_payment_keys: boolean;
};

/** An event and its RSVP form's questions (docs/product.md#custom-questions), read and cached together. */
export type RsvpForm = { event: RsvpEvent; questions: TFormQuestion[]; ticketTypes: FormTicketType[]; charges: Charges };

/**
 * Found events are reused for a moment: during an RSVP rush every request needs the same row (capacity
 * is still checked on the live row by the seat UPDATE). An edit or a delete must not be answered from
 * the old row, or a 'Yes' could be confirmed free on an event just made paid: entries are trusted only
 * while the public event cache's LISTEN connection is up (the same guarantee as the cached page), and
 * every invalidation it hears or is told of drops this event's entry too (app-caches.ts). Misses are
 * never cached.
 */
export const EVENT_TTL_MS = 2_000;

/** How the cache hears of edits: the public event cache's listener (events/public/public-event-cache.ts). */
export type EventChangeFeed = { listen: () => void; live: () => boolean };

/** Found events by id: the app's (deps.caches.rsvpEvents). */
export class RsvpEventCache {
  private readonly entries = new BoundedCache<string, RsvpForm>({ maxEntries: 1_000, ttlMs: EVENT_TTL_MS });
  /** Ticks on every drop: a read that began before one is not stored (edits are rare; one clock will do). */
  private clock = 0;

  constructor(private readonly feed: EventChangeFeed) {}

  get(id: string): RsvpForm | undefined {
    this.feed.listen();
    return this.feed.live() ? this.entries.get(id) : undefined;
  }

  /** Call before the database read whose result you will set(). */
  ticket(): number {
    return this.clock;
  }

  set(id: string, event: RsvpForm, ticket: number) {
    if (ticket === this.clock && this.feed.live()) this.entries.set(id, event);
  }

  /** The event changed or is gone (this app's edit, or another process's NOTIFY). */
  drop(id: string) {
    this.clock++;
    this.entries.delete(id);
  }

  clear() {
    this.clock++;
    this.entries.clear();
  }
}

export type LoadRsvpEventOptions = { db: DbOrTx; cache: RsvpEventCache; eventId: string };

/** An active event by id, else 404 'Event not found' (also for malformed ids). */
export async function loadRsvpEvent(opts: LoadRsvpEventOptions): Promise<RsvpEvent> {
  return (await loadRsvpForm(opts)).event;
}

/** An active event and its form's questions, as loadRsvpEvent (one cache entry, one read). */
export async function loadRsvpForm({ db, cache, eventId }: LoadRsvpEventOptions): Promise<RsvpForm> {
  if (!isUuid(eventId)) throw notFound(MSG.eventNotFound);
  const hit = cache.get(eventId);
  if (hit) return hit;
  const ticket = cache.ticket();
  const form = await readEvent(db, eventId);
  cache.set(eventId, form, ticket);
  return form;
}

/** The columns of RsvpEvent: from events, joined to its theme (left) and its owner (inner). */
export const rsvpEventColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  subtitle: events.subtitle,
  image_url: events.image_url,
  theme_colors: event_themes.colors,
  host_name: displayNameSql,
  event_date: events.event_date,
  end_date: events.end_date,
  timezone: events.timezone,
  location: events.location,
  max_attendees: events.max_attendees,
  is_paid_event: events.is_paid_event,
  // The host's Stripe account (ADR 0027; it always holds both keys), else the event's own.
  has_payment_keys: sql<boolean>`(${events.stripe_account_id} IS NOT NULL OR (${events.stripe_publishable_key} IS NOT NULL AND ${events.stripe_secret_key_enc} IS NOT NULL))`,
};

/** One RSVP's `columns` and its event as `event` (RsvpEvent), by RSVP id; undefined when there is none. */
export async function readRsvpWithEvent<C extends SelectedFields>(db: DbOrTx, rsvpId: string, columns: C) {
  const [row] = await db
    .select({ ...columns, event: rsvpEventColumns })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    .innerJoin(user, eq(user.id, events.user_id))
    .where(eq(event_rsvps.id, rsvpId))
    .limit(1);
  return row;
}

async function readEvent(db: DbOrTx, eventId: string): Promise<RsvpForm> {
  const [row] = await db
    .select({ ...rsvpEventColumns, questions: formQuestionsSql, ticketTypes: formTicketTypesSql, charges: eventChargesColumns })
    .from(events)
    .leftJoin(event_themes, eq(event_themes.id, events.theme_id))
    .innerJoin(user, eq(user.id, events.user_id))
    .where(and(eq(events.id, eventId), eq(events.is_active, true)))
    .limit(1);
  if (!row) throw notFound(MSG.eventNotFound);
  const { questions, ticketTypes, charges, ...event } = row;
  return { event, questions, ticketTypes, charges };
}
