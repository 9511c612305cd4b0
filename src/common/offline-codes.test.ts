import { describe, expect, it } from 'vitest';
import { codeHash, codeHashKey, offlineCodeOf } from './offline-codes.ts';

const token = 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';

describe('what a code names offline', () => {
  it('reads a PIN, a token and a token inside its verification URL; nothing else', () => {
    expect(offlineCodeOf(' 123 456 ')).toEqual({ kind: 'pin', value: '123456' });
    expect(offlineCodeOf(token)).toEqual({ kind: 'qr', value: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(offlineCodeOf(`https://door.example/ticket-verification/${token}`)).toEqual({ kind: 'qr', value: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(offlineCodeOf('{"verificationCode":"x"}')).toBeNull();
    expect(offlineCodeOf('12345')).toBeNull();
  });

  it('hashes under the device key: another key, another hash', async () => {
    const a = await codeHashKey('a'.repeat(43));
    const b = await codeHashKey('b'.repeat(43));
    const pin = { kind: 'pin', value: '123456' } as const;
    expect(await codeHash(a, pin)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await codeHash(a, pin)).not.toBe(await codeHash(b, pin));
    expect(await codeHash(a, pin)).not.toBe(await codeHash(a, { kind: 'qr', value: '123456' }));
  });
});
