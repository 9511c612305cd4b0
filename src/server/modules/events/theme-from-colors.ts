import { THEME_DEFAULT_COLORS } from '../../../common/constants.ts';
import type { TEventPatchParsed } from '../../../common/schemas/events.ts';
import type { Tx } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { createTheme } from '../themes/create-theme.ts';

export type ThemeFromColorsOptions = {
  /** The event write's transaction: the theme exists only if the event is saved, and listeners hear one change. */
  tx: Tx;
  log: Logger;
  userId: string;
  /** The event's title after this save: the theme's name. */
  name: string;
  colors: TEventPatchParsed['custom_colors'];
};

/**
 * The custom-colours switch (docs/product.md#event-rules): with a background or text colour set, a
 * theme named after the event (defaults for the rest) is created for the event to use. Call it inside
 * the event's insert or update transaction and write the returned id with the event row. A failure
 * to create the theme is logged and ignored (its savepoint is rolled back; the event saves without
 * it); a failure to save the event leaves no theme. Undefined when no theme is to be used.
 */
export async function themeFromColors({ tx, log, userId, name, colors }: ThemeFromColorsOptions): Promise<string | undefined> {
  if (!colors || (!colors.background && !colors.text)) return undefined;
  try {
    const theme = await tx.transaction((savepoint) =>
      createTheme({
        db: savepoint,
        userId,
        name,
        colors: {
          ...THEME_DEFAULT_COLORS,
          background: colors.background ?? THEME_DEFAULT_COLORS.background,
          text: colors.text ?? THEME_DEFAULT_COLORS.text,
          accent: colors.accent ?? THEME_DEFAULT_COLORS.accent,
        },
      }),
    );
    return theme.id;
  } catch (err) {
    log.warn({ err }, 'custom colour theme could not be created; the event is saved with its other theme');
    return undefined;
  }
}
