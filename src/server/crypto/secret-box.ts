import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets at rest (payment keys). Output: 'v1.' + base64url(iv | tag | ciphertext).
 * `context` (e.g. the column name) is bound as associated data, so a value copied into another
 * column does not decrypt there.
 */
export function sealSecret(key: Buffer, plaintext: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plaintext, or throws when the value was tampered with or sealed under another key. */
export function openSecret(key: Buffer, sealed: string, context = ''): string {
  const [version, data] = sealed.split('.', 2);
  if (version !== VERSION || !data) throw new Error('unknown secret format');
  const raw = Buffer.from(data, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('secret too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** What may be shown of a key: its prefix and last four characters ('sk_live_…abcd'). */
export function secretHint(secret: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(secret)?.[0] ?? '';
  // Short values would give away too much of themselves: show the prefix only.
  return secret.length - prefix.length >= 12 ? `${prefix}…${secret.slice(-4)}` : `${prefix}…`;
}
