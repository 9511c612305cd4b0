import { describe, expect, it } from 'vitest';
import { ago, connectionWord, deviceName, deviceTimes, freshnessLine } from './freshness.ts';

const now = Date.parse('2026-12-07T21:10:00Z');

describe('freshness of the offline guest list', () => {
  it('says how old the list is in words', () => {
    expect(ago('2026-12-07T21:09:30Z', now)).toBe('just now');
    expect(ago('2026-12-07T21:08:00Z', now)).toBe('2 min ago');
    expect(ago('2026-12-07T18:00:00Z', now)).toBe('3 h ago');
    expect(ago('2026-12-04T21:00:00Z', now)).toBe('3 days ago');
    expect(freshnessLine('2026-12-07T21:08:00Z', 312, now)).toBe('Guest list from 2 min ago · 312 guests');
    expect(freshnessLine('2026-12-07T21:08:00Z', 1, now)).toBe('Guest list from 2 min ago · 1 guest');
  });

  it('states online, offline with what waits, and syncing', () => {
    expect(connectionWord({ online: true, syncing: false, queued: 0 })).toMatchObject({ tone: 'ok', word: 'Online' });
    expect(connectionWord({ online: false, syncing: false, queued: 3 })).toMatchObject({
      tone: 'off',
      detail: '3 scans to send · checking on this device',
    });
    expect(connectionWord({ online: true, syncing: true, queued: 1 })).toMatchObject({ tone: 'sync', detail: '1 scan to send' });
  });
});

describe('a device prepared for offline, as the device list says it', () => {
  const device = {
    id: '00000000-0000-4000-8000-000000000001',
    label: 'Door 2 · Chrome on Android',
    user: { name: 'Ana', email: 'ana@example.com' },
    prepared_at: '2026-12-07T19:05:00Z',
    last_seen_at: '2026-12-07T21:07:00Z',
    revoked_at: null,
    this_device: false,
  };

  it('is called by its label’s first part, or Unnamed device', () => {
    expect(deviceName(device)).toBe('Door 2');
    expect(deviceName({ label: 'Bar' })).toBe('Bar');
    expect(deviceName({ label: null })).toBe('Unnamed device');
  });

  it('says when it was prepared and last seen, or that it is revoked', () => {
    expect(deviceTimes(device, now)).toBe('Prepared 2 h ago · last seen 3 min ago');
    expect(deviceTimes({ ...device, revoked_at: '2026-12-07T21:05:00Z' }, now)).toBe(
      'Revoked 5 min ago · its data is wiped when it next connects',
    );
  });
});
