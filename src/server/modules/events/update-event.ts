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
import { type Actor, managedBy } from './event-access.ts';
import { isReservedSlug, SLUG_CONSTRAINT, slugTaken, THEME_CONSTRAINT, unknownTheme } from './event-errors.ts';
import { eventColumns } from './event-values.ts';
import { forgetPublicEvent } from './public/public-event-cache.ts';
import { attachCustomTheme } from './theme-from-colors.ts';
import { throwIfIssues } from './validation-issues.ts';

export type UpdateEventOptions = { db: Db; log: Logger; encryptionKey: Buffer; actor: Actor; id: string; input: TEventPatchParsed };

const given = <T>(next: T | undefined, stored: T): T => (next === undefined ? stored : next);

/**
 * Applies the given fields. The paid-event rules are checked against the stored event merged with
 * the changes (an omitted secret key keeps the stored one; null clears it). Public pages see the
 * change at once: this process forgets its cached copy, the others hear the database's NOTIFY.
 */
export async function updateEvent({ db, log, encryptionKey, actor, id, input }: UpdateEventOptions): Promise<TEventAdmin> {
  if (!isUuid(id)) throw notFound(MSG.eventNotFound);
  const where = and(eq(events.id, id), managedBy(actor));

  const updated = await db
    .transaction(async (tx) => {
      const [cur] = await tx
        .select({
          slug: events.slug,
          event_date: events.event_date,
          end_date: events.end_date,
          is_paid_event: events.is_paid_event,
          ticket_price: events.ticket_price,
          stripe_publishable_key: events.stripe_publishable_key,
          has_secret: sql<boolean>`${events.stripe_secret_key_enc} is not null`,
        })
        .from(events)
        .where(where)
        .for('update');
      if (!cur) throw notFound(MSG.eventNotFound);

      throwIfIssues(
        eventRuleIssues(
          {
            event_date: given(input.event_date, cur.event_date.toISOString()),
            end_date: given(input.end_date, cur.end_date?.toISOString() ?? null),
            is_paid_event: given(input.is_paid_event, cur.is_paid_event),
            ticket_price: given(input.ticket_price, cur.ticket_price === null ? null : Number(cur.ticket_price)),
            stripe_publishable_key: given(input.stripe_publishable_key, cur.stripe_publishable_key),
            stripe_secret_key: input.stripe_secret_key,
            has_stored_secret_key: input.stripe_secret_key === undefined && cur.has_secret,
          },
          { checkSecretKey: true },
        ),
      );
      if (input.slug && input.slug !== cur.slug && isReservedSlug(input.slug)) throw slugTaken();

      const [row] = await tx
        .update(events)
        .set({ ...eventColumns(input, { eventId: id, encryptionKey }), updated_at: new Date() })
        .where(where)
        .returning(adminEventColumns(actor));
      return toAdminEvent(row!);
    })
    .catch((err) => {
      if (isUniqueViolation(err, SLUG_CONSTRAINT)) throw slugTaken();
      if (isForeignKeyViolation(err, THEME_CONSTRAINT)) throw unknownTheme();
      throw err;
    });

  const event = await attachCustomTheme({ db, log, userId: actor.id, event: updated, colors: input.custom_colors });
  forgetPublicEvent(db, id);
  log.info({ eventId: id, fields: Object.keys(input) }, 'event updated');
  return event;
}
