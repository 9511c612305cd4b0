import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { TTheme } from '../../../common/schemas/events.ts';
import type { Db } from '../../db/client.ts';
import { event_themes, events } from '../../db/schema/events.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';
import { themeColumns, toTheme } from './theme-row.ts';

export type ListThemesOptions = { db: Db; actor: Actor };

/**
 * Default themes first, then the user's own and those used by events they manage (a co-host sees
 * the theme the owner picked); each group by name.
 */
export async function listThemes({ db, actor }: ListThemesOptions): Promise<TTheme[]> {
  const usedByMine = db.select({ id: events.theme_id }).from(events).where(eventAccess(actor, 'manage'));
  const rows = await db
    .select(themeColumns)
    .from(event_themes)
    .where(or(eq(event_themes.is_default, true), eq(event_themes.created_by, actor.id), sql`${event_themes.id} in (${usedByMine})`))
    .orderBy(desc(event_themes.is_default), asc(event_themes.name), asc(event_themes.created_at));
  return rows.map(toTheme);
}
