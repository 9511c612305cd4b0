import { describe, expect, it } from 'vitest';
import { ZRedeem } from '../../../common/schemas/checkin.ts';
import { defaultDeviceLabel, describeBrowser, newNonce } from './device.ts';

describe('scan metadata', () => {
  it('makes a fresh nonce the redeem API accepts, every time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newNonce()).not.toBe(a);
    expect(
      ZRedeem.safeParse({ code: '123456', nonce: a, scanned_at: new Date().toISOString(), device: defaultDeviceLabel('') }).success,
    ).toBe(true);
  });

  it('names the browser and system of the device', () => {
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeBrowser(android)).toBe('Chrome on Android');
    expect(describeBrowser(iphone)).toBe('Safari on iOS');
    expect(defaultDeviceLabel(android)).toBe('Door 1 · Chrome on Android');
    expect(describeBrowser('')).toBe('Browser');
  });
});
