import { describe, expect, it } from 'vitest';
import { isRefusedAddress, resolveAllowed } from './ssrf.ts';

describe('isRefusedAddress (docs/decisions/0030-webhooks.md)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('resolves IP literals without DNS, refusing private ones only when asked', async () => {
    await expect(resolveAllowed('[::1]', false)).rejects.toThrow(/private, local or reserved/);
    await expect(resolveAllowed('[::1]', true)).resolves.toEqual([{ address: '::1', family: 6 }]);
    await expect(resolveAllowed('8.8.8.8', false)).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
    await expect(resolveAllowed('localhost', false)).rejects.toThrow(/private, local or reserved/);
  });
});
