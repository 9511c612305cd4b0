import { SLUG_SUFFIX_LENGTH } from './constants.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** SPEC §5: lower-cased, non-alphanumerics dropped, spaces → single hyphens. */
export function slugBase(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** slugBase plus a random 6-character suffix: 'Summer Party!' → 'summer-party-x7k2q9'. */
export function generateSlug(title: string, random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = random(SLUG_SUFFIX_LENGTH);
  let suffix = '';
  for (const b of bytes) suffix += ALPHABET[b % ALPHABET.length];
  const base = slugBase(title);
  return base ? `${base}-${suffix}` : suffix;
}
