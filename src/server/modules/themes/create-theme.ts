import type { TTheme, TThemeColors } from '../../../common/schemas/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_themes } from '../../db/schema/events.ts';
import { themeColumns, toTheme } from './theme-row.ts';

export type CreateThemeOptions = { db: DbOrTx; userId: string | null; name: string; colors: TThemeColors };

/** A new (never default) theme, remembered as created by the user. */
export async function createTheme({ db, userId, name, colors }: CreateThemeOptions): Promise<TTheme> {
  const [row] = await db
    .insert(event_themes)
    .values({ name: name.trim().slice(0, 80), colors, is_default: false, created_by: userId })
    .returning(themeColumns);
  return toTheme(row!);
}
