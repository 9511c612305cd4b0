import { randomInt } from 'node:crypto';

/**
 * The backup codes' letters (docs/product.md#two-factor-sign-in): lower case and digits without the ones
 * read as others on paper or in a font — no 0/o, 1/l/i — so a code copied by hand is typed right.
 */
export const BACKUP_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const HALF = 5;

/** One set of backup codes, `xxxxx-xxxxx` (31^10 ≈ 2^49.5 each), drawn without bias from the OS's CSPRNG. */
export function generateBackupCodes(amount = 10): string[] {
  const half = () => Array.from({ length: HALF }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join('');
  return Array.from({ length: amount }, () => `${half()}-${half()}`);
}
