import { SLUG_MAX_LENGTH, SLUG_SUFFIX_LENGTH } from './constants.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Room for the title part of a generated slug: the whole, less '-' and the suffix. */
const BASE_MAX = SLUG_MAX_LENGTH - 1 - SLUG_SUFFIX_LENGTH;

/**
 * docs/product.md#event-rules: lower-cased, non-alphanumerics dropped (hyphens too), spaces → single hyphens.
 * 'Rock-n-Roll Night!' → 'rocknroll-night'.
 */
export function slugBase(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** At most `max` characters, cut at a word (hyphen) where one falls in the second half. */
function cut(base: string, max: number): string {
  if (base.length <= max) return base;
  const head = base.slice(0, max);
  if (base[max] === '-') return head; // the cut falls between two words
  const lastHyphen = head.lastIndexOf('-');
  return (lastHyphen > max / 2 ? head.slice(0, lastHyphen) : head).replace(/-+$/, '');
}

/** slugBase (cut to fit SLUG_MAX_LENGTH) plus a random 6-character suffix: 'Summer Party!' → 'summer-party-x7k2q9'. */
export function generateSlug(title: string, random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = random(SLUG_SUFFIX_LENGTH);
  let suffix = '';
  for (const b of bytes) suffix += ALPHABET[b % ALPHABET.length];
  const base = cut(slugBase(title), BASE_MAX);
  return base ? `${base}-${suffix}` : suffix;
}
