import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import { eventRuleIssues, type TEventAdmin, type TEventPatchParsed } from '../../../common/schemas/events.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { adminEventColumns, toAdminEvent } from './admin-event.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { type Actor, eventAccess, ownerOnly, paymentNeedsSession, roleOf } from '../../domain/event-access.ts';
import { demoSlugFixed, isReservedSlug, SLUG_CONSTRAINT, slugTaken, THEME_CONSTRAINT, unknownTheme } from './event-errors.ts';
import { eventColumns } from '../../domain/event-values.ts';
import { rethrowRemovedAccount, stripeAccountColumns } from '../../domain/event-stripe-account.ts';
import { dropQueuedReminders, rescheduleReminders, skipPassedReminders } from '../../domain/reminder-schedule.ts';
import { paymentChanges } from './payment-changes.ts';
import type { PublicEventCache } from './public/public-event-cache.ts';
import { themeFromColors } from './theme-from-colors.ts';
import { throwIfIssues } from './validation-issues.ts';

export type UpdateEventOptions = {
  db: Db;
  log: Logger;
  /** The app's (deps.caches.publicEvents): forgets its copy at once. */
  publicEvents: PublicEventCache;
  encryptionKey: Buffer;
  /** PAYMENTS_PROVIDER is stripe: open payments pin the event's Stripe keys (domain/event-stripe-account.ts). */
  liveStripe: boolean;
  actor: Actor;
  /** The request authenticated with an API key: payment settings stay as they are. */
  viaApiKey?: boolean;
  id: string;
  input: TEventPatchParsed;
};

const given = <T>(next: T | undefined, stored: T): T => (next === undefined ? stored : next);

/**
 * Applies the given fields. The paid-event rules are checked against the stored event merged with
 * the changes (an omitted secret key, or the masked hint the client was shown, keeps the stored one;
 * null clears it). Owner and co-hosts edit content; only the owner changes the payment settings
 * (ADR 0011): a co-host's edit that would change one is refused with 403, one that carries them
 * unchanged passes. A custom-colours theme is created in the same transaction and written with the
 * event row: one change, one NOTIFY. Public pages see the change at once: this app forgets its
 * cached copy, other processes hear the database's NOTIFY.
 */
export async function updateEvent({
  db,
  log,
  publicEvents,
  encryptionKey,
  liveStripe,
  actor,
  viaApiKey,
  id,
  input,
}: UpdateEventOptions): Promise<TEventAdmin> {
  if (!isUuid(id)) throw notFound(MSG.eventNotFound);

  const updated = await db
    .transaction(async (tx) => {
      const [cur] = await tx
        .select({
          title: events.title,
          slug: events.slug,
          event_date: events.event_date,
          end_date: events.end_date,
          is_paid_event: events.is_paid_event,
          ticket_price: events.ticket_price,
          currency: events.currency,
          stripe_publishable_key: events.stripe_publishable_key,
          stripe_secret_key_hint: events.stripe_secret_key_hint,
          has_secret: sql<boolean>`${events.stripe_secret_key_enc} is not null`,
          has_webhook_secret: sql<boolean>`${events.stripe_webhook_secret_enc} is not null`,
          stripe_account_id: events.stripe_account_id,
          stripe_secret_key_enc: events.stripe_secret_key_enc,
          guest_refunds_allowed: events.guest_refunds_allowed,
          reminder_minutes: events.reminder_minutes,
          max_attendees: events.max_attendees,
          waitlist_offer_hours: events.waitlist_offer_hours,
          timezone: events.timezone,
          is_active: events.is_active,
          role: roleOf(actor),
        })
        .from(events)
        .where(and(eq(events.id, id), eventAccess(actor, 'manage')))
        .for('update');
      if (!cur) throw notFound(MSG.eventNotFound);

      const keepsSecret = input.stripe_secret_key != null && input.stripe_secret_key === cur.stripe_secret_key_hint;
      const patch: TEventPatchParsed = keepsSecret ? { ...input, stripe_secret_key: undefined } : input;
      const payment = paymentChanges(patch, cur);
      if (payment.length && cur.role !== 'owner') throw ownerOnly('payment', payment);
      if (payment.length && viaApiKey) throw paymentNeedsSession(payment);

      throwIfIssues(
        eventRuleIssues(
          {
            event_date: given(patch.event_date, cur.event_date.toISOString()),
            end_date: given(patch.end_date, cur.end_date?.toISOString() ?? null),
            is_paid_event: given(patch.is_paid_event, cur.is_paid_event),
            ticket_price: given(patch.ticket_price, cur.ticket_price === null ? null : Number(cur.ticket_price)),
            stripe_publishable_key: given(patch.stripe_publishable_key, cur.stripe_publishable_key),
            stripe_secret_key: patch.stripe_secret_key,
            has_stored_secret_key: patch.stripe_secret_key === undefined && cur.has_secret,
            use_host_stripe_account: given(patch.use_host_stripe_account, cur.stripe_account_id !== null),
            max_attendees: given(patch.max_attendees, cur.max_attendees),
            waitlist_offer_hours: given(patch.waitlist_offer_hours, cur.waitlist_offer_hours),
          },
          { checkSecretKey: true },
        ),
      );
      if (patch.slug && patch.slug !== cur.slug && isReservedSlug(patch.slug)) throw slugTaken();
      // The demo is known by its address (common/sample-event.ts): moving it would make it count as a real event.
      if (patch.slug !== undefined && patch.slug !== cur.slug && isReservedSlug(cur.slug)) throw demoSlugFixed();

      const account = await stripeAccountColumns({
        db: tx,
        encryptionKey,
        liveStripe,
        actorId: actor.id,
        eventId: id,
        use: patch.use_host_stripe_account,
        newOwnSecretKey: patch.stripe_secret_key ?? undefined,
        stored: cur,
      });
      const themeId = await themeFromColors({ tx, log, userId: actor.id, name: patch.title ?? cur.title, colors: patch.custom_colors });
      const [row] = await tx
        .update(events)
        .set({
          ...eventColumns(patch, { eventId: id, encryptionKey }),
          ...account,
          ...(themeId ? { theme_id: themeId } : {}),
          updated_at: new Date(),
        })
        .where(and(eq(events.id, id), eventAccess(actor, payment.length ? 'owner' : 'manage')))
        .returning(adminEventColumns(actor));
      const moved =
        (patch.event_date !== undefined && Date.parse(patch.event_date) !== cur.event_date.getTime()) ||
        (patch.timezone !== undefined && patch.timezone !== cur.timezone);
      // Guests' reminders (reminder-schedule.ts): they follow a new start; an event switched off sends none of those queued.
      if (moved) await rescheduleReminders(tx, id);
      else if (patch.is_active === false && cur.is_active) await dropQueuedReminders(tx, id);
      if (!patch.reminder_minutes && !moved) return toAdminEvent(row!);
      // A reminder added when its time has passed is not sent.
      await skipPassedReminders(
        tx,
        id,
        (patch.reminder_minutes ?? []).filter((m) => !cur.reminder_minutes.includes(m)),
      );
      const [reread] = await tx.select(adminEventColumns(actor)).from(events).where(eq(events.id, id));
      return toAdminEvent(reread!);
    })
    .catch((err) => {
      if (isUniqueViolation(err, SLUG_CONSTRAINT)) throw slugTaken();
      if (isForeignKeyViolation(err, THEME_CONSTRAINT)) throw unknownTheme();
      rethrowRemovedAccount(err);
    });

  publicEvents.invalidate(id);
  log.info({ eventId: id, fields: Object.keys(input) }, 'event updated');
  return updated;
}
