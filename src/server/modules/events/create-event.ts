import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { eventRuleIssues, type TEventAdmin, type TEventInputParsed } from '../../../common/schemas/events.ts';
import { generateSlug } from '../../../common/slug.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import type { Logger } from '../../logger.ts';
import { adminEventColumns, toAdminEvent } from './admin-event.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import { isReservedSlug, SLUG_CONSTRAINT, slugTaken, THEME_CONSTRAINT, unknownTheme } from './event-errors.ts';
import { eventColumns } from '../../domain/event-values.ts';
import { rethrowRemovedAccount, stripeAccountColumns } from '../../domain/event-stripe-account.ts';
import { skipPassedReminders } from '../../domain/reminder-schedule.ts';
import { themeFromColors } from './theme-from-colors.ts';
import { throwIfIssues } from './validation-issues.ts';

export type CreateEventOptions = {
  db: Db;
  log: Logger;
  encryptionKey: Buffer;
  /** PAYMENTS_PROVIDER is stripe (domain/event-stripe-account.ts). */
  liveStripe: boolean;
  actor: Actor;
  input: TEventInputParsed;
};

const GENERATED_SLUG_ATTEMPTS = 5;

/**
 * A new event owned by the actor. A given slug must be free (409); an empty one is generated. A
 * custom-colours theme is created in the same transaction: a refused insert leaves no theme behind.
 * Its reminders are the given ones or 1 day and 2 hours before; those already due are skipped.
 */
export async function createEvent({ db, log, encryptionKey, liveStripe, actor, input }: CreateEventOptions): Promise<TEventAdmin> {
  throwIfIssues(eventRuleIssues(input, { checkSecretKey: true }));
  if (input.slug && isReservedSlug(input.slug)) throw slugTaken();

  const id = randomUUID();
  const values = {
    ...eventColumns(input, { eventId: id, encryptionKey }),
    ...(await stripeAccountColumns({
      db,
      encryptionKey,
      liveStripe,
      actorId: actor.id,
      eventId: id,
      use: input.use_host_stripe_account,
      stored: null,
    })),
    id,
    user_id: actor.id,
    title: input.title,
    event_date: new Date(input.event_date),
    theme_id: input.theme_id ?? null,
  };

  for (let attempt = 1; ; attempt++) {
    const slug = input.slug ?? generateSlug(input.title);
    try {
      const row = await db.transaction(async (tx) => {
        const themeId = await themeFromColors({ tx, log, userId: actor.id, name: input.title, colors: input.custom_colors });
        await tx.insert(events).values({ ...values, slug, ...(themeId ? { theme_id: themeId } : {}) });
        // Reminders already due at the start (an event 5 hours away keeps "2 hours before" only).
        await skipPassedReminders(tx, id, input.reminder_minutes);
        const [inserted] = await tx.select(adminEventColumns(actor)).from(events).where(eq(events.id, id));
        return inserted!;
      });
      log.info({ eventId: id, slug }, 'event created');
      return toAdminEvent(row);
    } catch (err) {
      if (isUniqueViolation(err, SLUG_CONSTRAINT)) {
        if (input.slug || attempt >= GENERATED_SLUG_ATTEMPTS) throw slugTaken();
        continue;
      }
      if (isForeignKeyViolation(err, THEME_CONSTRAINT)) throw unknownTheme();
      rethrowRemovedAccount(err);
    }
  }
}
