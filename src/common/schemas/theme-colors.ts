import { z } from 'zod';

/** A colour as the theme editor and the stored themes write it: #rrggbb. */
export const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #32251b.');

export const ZThemeColors = z.object({
  primary: ZHexColor,
  secondary: ZHexColor,
  accent: ZHexColor,
  background: ZHexColor,
  text: ZHexColor,
});
export type TThemeColors = z.infer<typeof ZThemeColors>;
