import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeHash, codeHashKey } from '../../src/common/offline-codes.ts';
import type { TOfflineSnapshot, TOfflineSyncResult } from '../../src/common/schemas/checkin-offline.ts';
import type { TCheckinStats } from '../../src/common/schemas/checkin.responses.ts';
import { checkin_devices, checkins } from '../../src/server/db/schema/checkins.ts';
import { event_rsvps, rsvp_pins } from '../../src/server/db/schema/rsvps.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';

import { cookiesFrom, createTestApp } from '../support/app.ts';

// docs/product.md#offline-door, docs/decisions/0035-offline-door.md
const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t);
const door = await signedInUser(t);
const event = await createEvent(t, owner, { title: 'Basement Night', max_attendees: 500 });
expect(
  (await t.request(`/api/events/${event.id}/hosts`, { method: 'POST', json: { email: door.email, role: 'door' }, cookie: owner.cookie }))
    .status,
).toBe(201);

let n = 0;
const nonce = () => `off-${Date.now()}-${n++}`;

async function guest(guests = 1) {
  const res = await postRsvp(t, event.id, rsvpInput({ guest_count: guests }));
  const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, res.body.rsvp.id));
  const [pin] = await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, row!.id));
  return { row: row!, token: row!.qr_code_data!, pin: pin!.pin };
}

const prepare = async (cookie: string, json: Record<string, unknown> = {}) => {
  const res = await t.request(`/api/checkin/${event.id}/offline`, { method: 'POST', json, cookie });
  return { status: res.status, body: (await res.json()) as TOfflineSnapshot };
};
const sync = async (cookie: string, deviceId: string, scans: Record<string, unknown>[]) => {
  const res = await t.request(`/api/checkin/${event.id}/offline/${deviceId}/sync`, { method: 'POST', json: { scans }, cookie });
  return { status: res.status, body: (await res.json()) as TOfflineSyncResult & { error?: { code: string } } };
};
const entry = (json: Record<string, unknown>) => ({ nonce: nonce(), kind: 'entry', scanned_at: new Date().toISOString(), ...json });

describe('preparing a device', () => {
  it('hands the guest list with keyed hashes of QR nonces and PINs, never the codes themselves', async () => {
    const g = await guest(2);
    const { status, body } = await prepare(door.cookie, { device: 'Door 1' });
    expect(status).toBe(200);
    expect(body.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mine = body.guests.find((x) => x.rsvp_id === g.row.id)!;
    expect(mine).toMatchObject({ name: g.row.name, guest_count: 2, checked_in_count: 0, admissible: true });
    const key = await codeHashKey(body.key);
    expect(mine.qr).toBe(await codeHash(key, { kind: 'qr', value: g.row.qr_nonce }));
    expect(mine.pin).toBe(await codeHash(key, { kind: 'pin', value: g.pin }));
    const text = JSON.stringify(body);
    expect(text).not.toContain(g.row.qr_nonce);
    expect(text).not.toContain(g.token);
    expect(text).not.toContain(`"${g.pin}"`);
    // Refreshing keeps the device and its key; another device gets another key.
    const again = await prepare(door.cookie, { device_id: body.device_id });
    expect(again.body).toMatchObject({ device_id: body.device_id, key: body.key });
    expect((await prepare(door.cookie)).body.key).not.toBe(body.key);
  });

  it('is refused to strangers (404) and to bad input (400 with the field)', async () => {
    const stranger = await signedInUser(t);
    expect((await prepare(stranger.cookie)).status).toBe(404);
    const bad = await prepare(door.cookie, { device_id: 'nope' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('device_id');
  });
});

describe('syncing queued scans', () => {
  it('admits each scan once, in order, and reports a guest let in on two devices to both', async () => {
    const a = (await prepare(door.cookie, { device: 'Door 1' })).body.device_id;
    const b = (await prepare(owner.cookie, { device: 'Door 2' })).body.device_id;
    const g = await guest(1);
    const h = await guest(3);
    const first = entry({ code: g.token, count: 1, device: 'Door 1', scanned_at: '2026-12-07T21:03:00Z' });
    const partA = entry({ rsvp_id: h.row.id, count: 2, device: 'Door 1' });
    const fromA = await sync(door.cookie, a, [first, partA]);
    expect(fromA.status).toBe(200);
    expect(fromA.body.results.map((r) => [r.ok, r.admitted])).toEqual([
      [true, 1],
      [true, 2],
    ]);
    expect(fromA.body.conflicts).toEqual([]);
    // The same upload again (a retry after a lost answer) admits nobody twice.
    const retry = await sync(door.cookie, a, [first, partA]);
    expect(retry.body.results.map((r) => [r.replay, r.admitted])).toEqual([
      [true, 1],
      [true, 2],
    ]);
    // Door 2 let the same guest in offline at 21:04, and two of the party of 3 (only 1 was left).
    const second = entry({ code: g.pin, count: 1, device: 'Door 2', scanned_at: '2026-12-07T21:04:00Z' });
    const fromB = await sync(owner.cookie, b, [second, entry({ rsvp_id: h.row.id, count: 2, device: 'Door 2' })]);
    expect(fromB.body.results.map((r) => [r.ok, r.reason])).toEqual([
      [false, 'already_checked_in'],
      [false, 'too_many'],
    ]);
    expect(fromB.body.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nonce: second.nonce, rsvp_id: g.row.id, other_device: 'Door 1', other_at: '2026-12-07T21:03:00.000Z' }),
      ]),
    );
    // Door 1 hears of it on its next contact (an empty upload).
    const later = await sync(door.cookie, a, []);
    expect(later.body.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nonce: first.nonce, rsvp_id: g.row.id, other_device: 'Door 2', other_at: '2026-12-07T21:04:00.000Z' }),
      ]),
    );
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, g.row.id));
    expect(row!.checked_in_count).toBe(1);
    const stats = (await (await t.request(`/api/checkin/${event.id}/stats`, { cookie: owner.cookie })).json()) as TCheckinStats;
    expect(stats.guests.checked_in).toBeGreaterThanOrEqual(3);
  });

  it("answers 410 to a revoked device, to another session's device and after signing out", async () => {
    const device = (await prepare(door.cookie)).body.device_id;
    expect((await sync(door.cookie, device, [])).status).toBe(200);
    // A stranger cannot revoke it; the owner can.
    const stranger = await signedInUser(t);
    expect((await t.request(`/api/checkin/${event.id}/offline/${device}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`/api/checkin/${event.id}/offline/${device}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const gone = await sync(door.cookie, device, [entry({ code: (await guest()).token, count: 1 })]);
    expect(gone.status).toBe(410);
    expect(gone.body.error?.code).toBe('gone');
    expect((await prepare(door.cookie, { device_id: device })).status).toBe(410);

    // Another session of the same user is another device.
    const mine = (await prepare(door.cookie)).body.device_id;
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: door.email, password: TEST_PASSWORD } });
    const otherCookie = cookiesFrom(signIn);
    expect((await sync(otherCookie, mine, [])).status).toBe(410);

    // Signing out deletes that session's devices: their next contact is 410.
    const theirs = (await prepare(otherCookie)).body.device_id;
    expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie: otherCookie })).status).toBe(200);
    expect(await t.db.select().from(checkin_devices).where(eq(checkin_devices.id, theirs))).toEqual([]);
    expect((await sync(door.cookie, mine, [])).status).toBe(200);
  });

  it('a scan whose online answer was lost and that was queued with its nonce is recorded once, with no conflict', async () => {
    const device = (await prepare(door.cookie, { device: 'Door 1' })).body.device_id;
    const g = await guest(1);
    const s = entry({ code: g.token, count: 1, device: 'Door 1' });
    // The server got the online request; the phone, seeing no answer in time, judged and queued it itself.
    const online = await t.request(`/api/checkin/${event.id}/redeem`, {
      method: 'POST',
      json: { code: g.token, nonce: s.nonce, scanned_at: s.scanned_at, device: 'Door 1' },
      cookie: door.cookie,
    });
    expect(online.status).toBe(200);
    const synced = await sync(door.cookie, device, [s]);
    expect(synced.body.results.map((r) => [r.replay, r.admitted])).toEqual([[true, 1]]);
    expect(synced.body.conflicts.filter((c) => c.rsvp_id === g.row.id)).toEqual([]);
    expect(await t.db.select().from(checkins).where(eq(checkins.nonce, s.nonce))).toHaveLength(1);
  });

  it('refuses a scan time no door can have seen with 400 and the field, on sync and on redeem', async () => {
    const device = (await prepare(door.cookie)).body.device_id;
    const g = await guest(1);
    for (const scanned_at of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00']) {
      const bad = await sync(door.cookie, device, [entry({ code: g.token, count: 1, scanned_at })]);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('scanned_at');
      const redeem = await t.request(`/api/checkin/${event.id}/redeem`, {
        method: 'POST',
        json: { code: g.token, nonce: nonce(), scanned_at },
        cookie: door.cookie,
      });
      expect(redeem.status).toBe(400);
      expect(JSON.stringify(await redeem.json())).toContain('scanned_at');
    }
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, g.row.id));
    expect(row!.checked_in_count).toBe(0);
  });

  it('keeps scans the server refused out of the count and logs each once', async () => {
    const device = (await prepare(door.cookie)).body.device_id;
    const g = await guest(1);
    const s = entry({ code: g.token, count: 1 });
    await sync(door.cookie, device, [s]);
    await sync(door.cookie, device, [s]);
    const rows = await t.db.select().from(checkins).where(eq(checkins.nonce, s.nonce));
    expect(rows).toHaveLength(1);
  });
});
