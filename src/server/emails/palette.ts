import { THEME_DEFAULT_COLORS } from '../../common/constants.ts';
import type { ThemeColors } from '../db/schema/events.ts';

/**
 * The e-mail's colours from the event's theme (docs/product.md#e-mails): the page background and
 * text, the accent on buttons and links. Readable whatever the host picked (WCAG AA, 4.5:1): the
 * text colour flips to dark or light when it would not read on the background, a button's label is
 * white or dark, and an accent too light for either is darkened. Only #rrggbb values reach the HTML.
 */
export type EmailPalette = {
  background: string;
  text: string;
  /** Secondary text: the text colour, a little lighter or darker. */
  muted: string;
  /** The content card: white, or the background when the theme is dark. */
  card: string;
  border: string;
  accent: string;
  onAccent: string;
  /** Links on the card. */
  link: string;
};

const DARK = '#1c1410';
const LIGHT = '#ffffff';
type Rgb = [number, number, number];

function rgb(hex: string | null | undefined): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec((hex ?? '').trim());
  if (!m) return null;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance(c: Rgb): number {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const mix = (a: Rgb, b: Rgb, k: number): Rgb => a.map((v, i) => v + (b[i]! - v) * k) as Rgb;

/** A colour that reads on `ground`, keeping its hue: darkened (or lightened) step by step. */
function readableOn(color: Rgb, ground: Rgb): Rgb {
  const toward = luminance(ground) > 0.4 ? rgb(DARK)! : rgb(LIGHT)!;
  for (let k = 0; k <= 1; k += 0.05) {
    const c = mix(color, toward, k);
    if (contrast(c, ground) >= 4.5) return c;
  }
  return toward;
}

export function emailPalette(colors: ThemeColors | null | undefined): EmailPalette {
  const bg = rgb(colors?.background) ?? rgb(THEME_DEFAULT_COLORS.background)!;
  const dark = luminance(bg) < 0.2;
  const card = dark ? bg : rgb(LIGHT)!;
  const text = readableOn(rgb(colors?.text) ?? rgb(THEME_DEFAULT_COLORS.text)!, card);
  let accent = rgb(colors?.accent) ?? rgb(THEME_DEFAULT_COLORS.accent)!;
  const light = rgb(LIGHT)!;
  const darkText = rgb(DARK)!;
  let onAccent = light;
  if (contrast(accent, light) < 4.5) {
    if (contrast(accent, darkText) >= 4.5) onAccent = darkText;
    else accent = readableOn(accent, light);
  }
  return {
    background: hex(bg),
    text: hex(text),
    muted: hex(readableOn(mix(text, card, 0.3), card)),
    card: hex(card),
    border: hex(mix(card, text, 0.15)),
    accent: hex(accent),
    onAccent: hex(onAccent),
    link: hex(readableOn(accent, card)),
  };
}
