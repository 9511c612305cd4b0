import type { CSSProperties } from 'react';
import { THEME_DEFAULT_COLORS } from '../../../common/constants.ts';
import type { TThemeColors } from '../../../common/schemas/events.ts';

/**
 * A theme's colours as CSS variables for public pages (--event-bg, --event-text, --event-accent,
 * --event-on-accent, --event-primary, --event-on-primary). Hosts pick any colours; readable text is
 * kept (WCAG AA 4.5:1) by choosing the text colour on fills and, if needed, darkening the fill.
 */

const DARK = '#1c1410';
const LIGHT = '#ffffff';

function rgb(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(c: [number, number, number]): number {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const ca = rgb(a);
  const cb = rgb(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A fill and its text colour with at least 4.5:1 contrast, keeping the fill's hue. */
export function readableFill(fill: string): { fill: string; on: string } {
  const base = rgb(fill) ?? rgb(THEME_DEFAULT_COLORS.accent)!;
  const hex = toHex(base);
  if (contrast(hex, LIGHT) >= 4.5) return { fill: hex, on: LIGHT };
  if (contrast(hex, DARK) >= 4.5) return { fill: hex, on: DARK };
  // Mid-tone: darken towards black until white text reads.
  for (let k = 0.95; k > 0; k -= 0.05) {
    const darker = toHex(base.map((v) => v * k) as [number, number, number]);
    if (contrast(darker, LIGHT) >= 4.5) return { fill: darker, on: LIGHT };
  }
  return { fill: DARK, on: LIGHT };
}

export function themeColors(colors: Partial<TThemeColors> | null | undefined): TThemeColors {
  const c = { ...THEME_DEFAULT_COLORS, ...colors };
  const bg = rgb(c.background) ? c.background : THEME_DEFAULT_COLORS.background;
  let text = rgb(c.text) ? c.text : THEME_DEFAULT_COLORS.text;
  if (contrast(bg, text) < 4.5) text = contrast(bg, DARK) >= contrast(bg, LIGHT) ? DARK : LIGHT;
  return { ...c, background: bg, text };
}

export function themeStyle(colors: Partial<TThemeColors> | null | undefined): CSSProperties {
  const c = themeColors(colors);
  const accent = readableFill(c.accent);
  const primary = readableFill(c.primary);
  return {
    '--event-bg': c.background,
    '--event-text': c.text,
    '--event-accent': accent.fill,
    '--event-on-accent': accent.on,
    '--event-primary': primary.fill,
    '--event-on-primary': primary.on,
    backgroundColor: c.background,
    color: c.text,
  } as CSSProperties;
}
