import { randomBytes } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from '../../common/html-escape.ts';

/**
 * E-mails as templates with holes: React renders an e-mail once with a marker in place of each
 * per-guest value (name, PIN, links), and `fillTemplate` puts the values in, escaped for HTML.
 * One render can then serve every guest of an event (modules/rsvps/confirmation-email.ts caches it):
 * rendering React costs far more than joining strings. Markers carry a random nonce drawn per
 * render, so no stored text (an event title, say) can pose as one.
 */

export type Rendered = { html: string; text: string };
/** Literal text and slot names, alternating: [text, slot, text, slot, …, text]. */
type Parts<K extends string> = { literals: string[]; slots: K[] };
export type Template<K extends string> = { html: Parts<K>; text: Parts<K>; size: number };

/** A whole HTML document from an e-mail component: renderToStaticMarkup is synchronous, as the builders are. */
export const renderHtml = (element: ReactElement) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

function split<K extends string>(s: string, marker: RegExp, keys: readonly K[]): Parts<K> {
  const pieces = s.split(marker); // the capture group (the slot's index) lands between the literals
  const literals: string[] = [];
  const slots: K[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) literals.push(pieces[i]!);
    else slots.push(keys[Number(pieces[i])]!);
  }
  return { literals, slots };
}

/** Renders `render` once with a marker for each of `keys` and cuts the output at the markers. */
export function compileTemplate<K extends string>(keys: readonly K[], render: (slot: Record<K, string>) => Rendered): Template<K> {
  const nonce = randomBytes(9).toString('hex');
  const slot = Object.fromEntries(keys.map((k, i) => [k, `slot${nonce}x${i}x`])) as Record<K, string>;
  const out = render(slot);
  const marker = new RegExp(`slot${nonce}x(\\d+)x`, 'g');
  return { html: split(out.html, marker, keys), text: split(out.text, marker, keys), size: out.html.length + out.text.length };
}

function join<K extends string>(parts: Parts<K>, values: Record<K, string>, encode: (s: string) => string): string {
  let out = parts.literals[0]!;
  for (let i = 0; i < parts.slots.length; i++) out += encode(values[parts.slots[i]!]) + parts.literals[i + 1]!;
  return out;
}

/** The e-mail of one guest: HTML with the values escaped, text with them as they are. */
export function fillTemplate<K extends string>(t: Template<K>, values: Record<K, string>): Rendered {
  return { html: join(t.html, values, escapeHtml), text: join(t.text, values, (s) => s) };
}
