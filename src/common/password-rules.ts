import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

/** Passwords too common to accept (a short list of the most used ones that pass the length rule). */
const COMMON = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'letmein1',
  'admin123',
  'welcome1',
  'sunshine',
  'football',
  'baseball',
  'princess',
  'turnout1',
  'turnout123',
]);

/**
 * Why a new account password is weak, one reason a line (docs/product.md#account): empty when it is
 * accepted. The forms show these reasons as the user types; the server refuses with the first one.
 */
export function weakPasswordReasons(password: string, email?: string): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN) reasons.push(`Use at least ${PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX) reasons.push(`Use at most ${PASSWORD_MAX} characters.`);
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) reasons.push('This password is too common.');
  else if (password.length > 0 && new Set(password).size < 4) reasons.push('Use at least 4 different characters.');
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 3 && lower.includes(local)) reasons.push('Do not use your e-mail address in the password.');
  return reasons;
}
