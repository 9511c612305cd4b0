import { eq } from 'drizzle-orm';
import { THEME_DEFAULT_COLORS } from '../../../common/constants.ts';
import type { TEventAdmin, TEventPatchParsed } from '../../../common/schemas/events.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import type { Logger } from '../../logger.ts';
import { createTheme } from '../themes/create-theme.ts';

export type AttachCustomThemeOptions = {
  db: Db;
  log: Logger;
  userId: string;
  event: TEventAdmin;
  colors: TEventPatchParsed['custom_colors'];
};

/**
 * SPEC §5: with the custom-colours switch on and a background or text colour set, a theme named after
 * the event is created (spec defaults for the rest) and the event uses it. Runs after the event was
 * saved; a failure is logged and ignored (the event is returned as saved).
 */
export async function attachCustomTheme({ db, log, userId, event, colors }: AttachCustomThemeOptions): Promise<TEventAdmin> {
  if (!colors || (!colors.background && !colors.text)) return event;
  try {
    const theme = await createTheme({
      db,
      userId,
      name: event.title,
      colors: {
        ...THEME_DEFAULT_COLORS,
        background: colors.background ?? THEME_DEFAULT_COLORS.background,
        text: colors.text ?? THEME_DEFAULT_COLORS.text,
        accent: colors.accent ?? THEME_DEFAULT_COLORS.accent,
      },
    });
    const [row] = await db
      .update(events)
      .set({ theme_id: theme.id })
      .where(eq(events.id, event.id))
      .returning({ updated_at: events.updated_at });
    return row ? { ...event, theme_id: theme.id } : event;
  } catch (err) {
    log.warn({ err, eventId: event.id }, 'custom colour theme could not be created; the event keeps its theme');
    return event;
  }
}
