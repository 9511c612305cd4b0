import { asc, eq } from 'drizzle-orm';
import { SAMPLE_EVENT_CONTENT as S } from '../../../common/sample-event.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { events } from '../../db/schema/events.ts';
import type { Logger } from '../../logger.ts';
import { uploadImage } from '../media/upload-image.ts';
import { sampleHeroPng } from './sample-hero.ts';

// Not a cache: the seeding in flight per database, removed when it settles (weak keys).
const running = new WeakMap<Db, Promise<boolean>>();

export type EnsureSampleEventOptions = { db: Db; log: Logger };

/**
 * The /sample landing page's event (docs/product.md#sample-event: 2025-05-03 17:00–23:00 at UTC−5), seeded once and
 * idempotently (slug unique, ON CONFLICT DO NOTHING). It belongs to the first admin, so its RSVPs
 * show up in their admin like any event's. Before an admin exists there is nobody to own it: returns
 * false (two small reads; the next visit tries again). Concurrent callers share one attempt.
 */
export function ensureSampleEvent({ db, log }: EnsureSampleEventOptions): Promise<boolean> {
  const inFlight = running.get(db);
  if (inFlight) return inFlight;
  const attempt = seed(db, log).finally(() => running.delete(db));
  running.set(db, attempt);
  return attempt;
}

async function seed(db: Db, log: Logger): Promise<boolean> {
  const [existing] = await db.select({ id: events.id }).from(events).where(eq(events.slug, S.slug)).limit(1);
  if (existing) return true;
  const [admin] = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).orderBy(asc(user.createdAt)).limit(1);
  if (!admin) return false;
  const image = await uploadImage({ db, log, bytes: await sampleHeroPng() }).catch((err) => {
    log.warn({ err }, 'sample hero image could not be made; seeding without it');
    return null;
  });
  const inserted = await db
    .insert(events)
    .values({
      slug: S.slug,
      user_id: admin.id,
      title: S.title,
      subtitle: S.subtitle,
      location: S.location,
      main_body_intro: S.main_body_intro,
      main_body_description: S.main_body_description,
      host_line: S.host_line,
      call_to_action: S.call_to_action,
      rsvp_button_text: S.rsvp_button_text,
      event_date: new Date(S.startISO),
      end_date: new Date(S.endISO),
      timezone: S.timezone,
      image_url: image?.image_url ?? null,
      preview_image_url: image?.preview_image_url ?? null,
    })
    .onConflictDoNothing({ target: events.slug })
    .returning({ id: events.id });
  if (inserted[0]) log.info({ eventId: inserted[0].id, ownerId: admin.id }, 'sample event seeded');
  return true;
}
