import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeHash, codeHashKey } from '../../src/common/offline-codes.ts';
import type { TOfflineDeviceList, TOfflineSnapshot, TOfflineSyncResult } from '../../src/common/schemas/checkin-offline.ts';
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
/** Another signed-in session of `who` (another phone): a revoke by the team keeps that session from preparing again. */
const newSession = async (who: { email: string }) =>
  cookiesFrom(await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: who.email, password: TEST_PASSWORD } }));
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
    // Door 2 let the same guest in offline at 21:04, and two of the party of 3 (only 1 was left): the one left is
    // taken, and the party is reported as a conflict.
    const second = entry({ code: g.pin, count: 1, device: 'Door 2', scanned_at: '2026-12-07T21:04:00Z' });
    const partB = entry({ rsvp_id: h.row.id, count: 2, device: 'Door 2' });
    const fromB = await sync(owner.cookie, b, [second, partB]);
    expect(fromB.body.results.map((r) => [r.ok, r.reason, r.admitted])).toEqual([
      [false, 'already_checked_in', 0],
      [true, 'too_many', 1],
    ]);
    // Retried, the upload answers the same and admits nobody more.
    const again = await sync(owner.cookie, b, [second, partB]);
    expect(again.body.results.map((r) => [r.reason, r.admitted, r.replay])).toEqual([
      ['already_checked_in', 0, true],
      ['too_many', 1, true],
    ]);
    const [party] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, h.row.id));
    expect(party!.checked_in_count).toBe(3);
    expect(fromB.body.conflicts).toEqual(
      expect.arrayContaining([expect.objectContaining({ nonce: partB.nonce, rsvp_id: h.row.id, requested: 2, admitted: 1 })]),
    );
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
    const phone = await newSession(door);
    const device = (await prepare(phone)).body.device_id;
    expect((await sync(phone, device, [])).status).toBe(200);
    // A stranger cannot revoke it; the owner can.
    const stranger = await signedInUser(t);
    expect((await t.request(`/api/checkin/${event.id}/offline/${device}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`/api/checkin/${event.id}/offline/${device}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const gone = await sync(phone, device, [entry({ code: (await guest()).token, count: 1 })]);
    expect(gone.status).toBe(410);
    expect(gone.body.error?.code).toBe('gone');
    expect((await prepare(phone, { device_id: device })).status).toBe(410);
    // Nor does that session prepare another device for the event: whoever holds a lost phone cannot download the list again.
    const again = await prepare(phone);
    expect(again.status).toBe(410);
    expect(JSON.stringify(again.body)).toContain('Sign out and in again');

    // Another session of the same user is another device.
    const mine = (await prepare(door.cookie)).body.device_id;
    const otherCookie = await newSession(door);
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

describe('the device list', () => {
  const list = async (cookie: string, eventId = event.id) => {
    const res = await t.request(`/api/checkin/${eventId}/offline`, { cookie });
    return { status: res.status, text: await res.clone().text(), body: (await res.json()) as TOfflineDeviceList };
  };
  const revoke = async (cookie: string, deviceId: string, eventId = event.id) =>
    (await t.request(`/api/checkin/${eventId}/offline/${deviceId}`, { method: 'DELETE', cookie })).status;

  it('shows the owner and co-hosts every device with who and when, never its key; door staff and strangers get 404', async () => {
    const cohost = await signedInUser(t);
    const added = await t.request(`/api/events/${event.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
    expect(added.status).toBe(201);
    const doors = await prepare(door.cookie, { device: 'Door 7 · Chrome on Android' });
    const mine = await prepare(owner.cookie, { device: 'Door 8' });

    const seen = await list(owner.cookie);
    expect(seen.status).toBe(200);
    const row = seen.body.devices.find((d) => d.id === doors.body.device_id);
    expect(row).toEqual({
      id: doors.body.device_id,
      label: 'Door 7 · Chrome on Android',
      user: { name: door.email.split('@')[0], email: door.email },
      prepared_at: expect.any(String),
      last_seen_at: expect.any(String),
      revoked_at: null,
      this_device: false,
    });
    expect(seen.body.devices.find((d) => d.id === mine.body.device_id)?.this_device).toBe(true);
    expect(seen.text).not.toContain(doors.body.key);
    expect(seen.text).not.toContain('session');
    // The co-host sees the same devices; none of them is the co-host's own.
    const theirs = await list(cohost.cookie);
    expect(theirs.body.devices.map((d) => d.id).sort()).toEqual(seen.body.devices.map((d) => d.id).sort());
    expect(theirs.body.devices.some((d) => d.this_device)).toBe(false);

    expect((await list(door.cookie)).status).toBe(404);
    expect((await list((await signedInUser(t)).cookie)).status).toBe(404);
    expect((await t.request(`/api/checkin/${event.id}/offline`)).status).toBe(401);
    expect((await list(owner.cookie, 'not-an-event')).status).toBe(404);
  });

  it('lets a co-host revoke a door phone: listed as revoked, its next sync is 410; door staff revoke only their own', async () => {
    const cohost = await signedInUser(t);
    await t.request(`/api/events/${event.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
    const otherDoor = await signedInUser(t);
    await t.request(`/api/events/${event.id}/hosts`, {
      method: 'POST',
      json: { email: otherDoor.email, role: 'door' },
      cookie: owner.cookie,
    });
    const doorPhone = await newSession(door);
    const lost = (await prepare(doorPhone, { device: 'Door 2' })).body.device_id;
    const kept = (await prepare(otherDoor.cookie, { device: 'Door 3' })).body.device_id;

    // Another door phone's user may not revoke it; their own, yes.
    expect(await revoke(otherDoor.cookie, lost)).toBe(404);
    expect((await sync(doorPhone, lost, [])).status).toBe(200);
    // Their own ("Remove offline data"): the row goes, and the phone may prepare again.
    expect(await revoke(otherDoor.cookie, kept)).toBe(204);
    expect(await t.db.select().from(checkin_devices).where(eq(checkin_devices.id, kept))).toEqual([]);
    expect((await prepare(otherDoor.cookie)).status).toBe(200);

    expect(await revoke(cohost.cookie, lost)).toBe(204);
    expect(await revoke(cohost.cookie, lost)).toBe(204); // twice is fine
    const after = (await list(owner.cookie)).body.devices;
    expect(after.find((d) => d.id === lost)?.revoked_at).toEqual(expect.any(String));
    // Revoked devices come after the live ones.
    const firstRevoked = after.findIndex((d) => d.revoked_at !== null);
    expect(after.slice(firstRevoked).every((d) => d.revoked_at !== null)).toBe(true);

    const gone = await sync(doorPhone, lost, [entry({ code: (await guest()).token, count: 1 })]);
    expect(gone.status).toBe(410);
    expect(gone.body.error?.code).toBe('gone');

    // A day later the revoked device leaves the list.
    await t.db.update(checkin_devices).set({ revoked_at: sql`now() - interval '25 hours'` }).where(eq(checkin_devices.id, lost));
    expect((await list(owner.cookie)).body.devices.map((d) => d.id)).not.toContain(lost);
  });

  it("keeps another host's events and devices out of reach (404 both ways)", async () => {
    const otherHost = await signedInUser(t);
    const theirEvent = await createEvent(t, otherHost, { title: 'Elsewhere' });
    const theirDevice = (
      await (await t.request(`/api/checkin/${theirEvent.id}/offline`, { method: 'POST', json: {}, cookie: otherHost.cookie })).json()
    ).device_id as string;
    const ours = (await prepare(door.cookie)).body.device_id;

    expect((await list(owner.cookie, theirEvent.id)).status).toBe(404);
    expect((await list(otherHost.cookie)).status).toBe(404);
    // Their device named under our event, and our device under their event or ours.
    expect(await revoke(owner.cookie, theirDevice)).toBe(404);
    expect(await revoke(owner.cookie, theirDevice, theirEvent.id)).toBe(404);
    expect(await revoke(otherHost.cookie, ours)).toBe(404);
    expect(await revoke(otherHost.cookie, ours, theirEvent.id)).toBe(404);
    const rows = await t.db
      .select({ revoked: checkin_devices.revoked_at })
      .from(checkin_devices)
      .where(eq(checkin_devices.id, theirDevice));
    expect(rows[0]?.revoked).toBeNull();
    expect((await sync(door.cookie, ours, [])).status).toBe(200);
  });
});
