import type { TTheme } from '../../../common/schemas/events.ts';
import { event_themes } from '../../db/schema/events.ts';

export const themeColumns = {
  id: event_themes.id,
  name: event_themes.name,
  colors: event_themes.colors,
  is_default: event_themes.is_default,
};

export type ThemeRow = { id: string; name: string; colors: TTheme['colors']; is_default: boolean };

export const toTheme = (row: ThemeRow): TTheme => ({ id: row.id, name: row.name, colors: row.colors, is_default: row.is_default });

/** An event's theme as guest pages get it (joined on events.theme_id): select `eventThemeColumns`, map with eventTheme. */
export const eventThemeColumns = { theme_name: event_themes.name, theme_colors: event_themes.colors };

export const eventTheme = (row: { theme_name: string | null; theme_colors: TTheme['colors'] | null }) =>
  row.theme_name && row.theme_colors ? { name: row.theme_name, colors: row.theme_colors } : null;
