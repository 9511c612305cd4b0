import { codeHashKey, fromBase64Url } from '../../../../common/offline-codes.ts';

/**
 * The device's keys (docs/decisions/0035-offline-door.md), from the 32 bytes the server handed out when it
 * prepared the device: AES-GCM for what is kept in IndexedDB, HMAC for code hashes. Both are imported
 * non-extractable, so page script can use them but never read them out; IndexedDB keeps them as they are.
 */
export type DeviceKeys = { aes: CryptoKey; hmac: CryptoKey };

export async function importDeviceKeys(raw: string): Promise<DeviceKeys> {
  const aes = await crypto.subtle.importKey('raw', fromBase64Url(raw), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
  return { aes, hmac: await codeHashKey(raw) };
}

/** A value encrypted with AES-GCM under a fresh 96-bit IV. */
export type Sealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(JSON.stringify(value)));
  return { iv, data };
}

export async function unseal<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data);
  return JSON.parse(decoder.decode(plain)) as T;
}
