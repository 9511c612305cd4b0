/**
 * How an offline door device recognises a ticket without the signing key (docs/decisions/0035-offline-door.md).
 * The server hands each prepared device, instead of the QR nonces and PINs themselves, their keyed hashes:
 * HMAC-SHA256(device key, "qr:" ‖ nonce or "pin:" ‖ pin), first 16 bytes, base64url. The device hashes what it
 * scans with the same key and looks the hash up. codeHash is the definition (WebCrypto); the server's snapshot
 * computes the same with node:crypto (modules/checkin/offline-snapshot.ts), held equal by its integration test.
 */

const TOKEN = /[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}/;
const PIN = /^\d{3}\s?\d{3}$/;
export const CODE_HASH_BYTES = 16;

export type OfflineCode = { kind: 'pin' | 'qr'; value: string };

/**
 * What a scanned or typed code names offline: a 6-digit PIN ("123 456" too), or a signed token's nonce (the
 * token alone, or inside its verification URL). Null for anything else (legacy payloads need the server).
 */
export function offlineCodeOf(code: string): OfflineCode | null {
  const c = code.trim();
  if (PIN.test(c)) return { kind: 'pin', value: c.replace(/\s/g, '') };
  let text = c;
  try {
    text = decodeURIComponent(c);
  } catch {
    // not URI-encoded: as it is
  }
  const token = TOKEN.exec(text)?.[0];
  return token ? { kind: 'qr', value: token.slice(0, 22) } : null;
}

export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** The hashing key from the device key's 32 bytes (base64url); not extractable. */
export function codeHashKey(rawKey: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64Url(rawKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

const encoder = new TextEncoder();

/** A code's keyed hash as the offline guest list carries it. */
export async function codeHash(key: CryptoKey, code: OfflineCode): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${code.kind}:${code.value}`));
  return toBase64Url(new Uint8Array(mac, 0, CODE_HASH_BYTES));
}
