import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TCheckinStats, TCheckinVerdict, TTicketVerification } from '../../src/common/schemas/checkin.responses.ts';
import { checkins } from '../../src/server/db/schema/checkins.ts';
import { event_rsvps, rsvp_pins } from '../../src/server/db/schema/rsvps.ts';
import { createEvent } from '../factories/events.ts';
import { insertImportedRsvp, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, secondApp, TEST_ORIGIN } from '../support/app.ts';

// docs/product.md#check-in, docs/decisions/0014-check-in.md
const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t);
const door = await signedInUser(t);
const event = await createEvent(t, owner, { title: 'Door Night', max_attendees: 500 });
const other = await createEvent(t, owner, { title: 'Other Night' });
expect(
  (await t.request(`/api/events/${event.id}/hosts`, { method: 'POST', json: { email: door.email, role: 'door' }, cookie: owner.cookie }))
    .status,
).toBe(201);

let n = 0;
const nonce = () => `nonce-${Date.now()}-${n++}`;

/** A confirmed guest of `eventId` with `guests` in the party: its row, token and PIN. */
async function guest(eventId = event.id, guests = 1, status = 'confirmed') {
  const res = await postRsvp(t, eventId, rsvpInput({ guest_count: guests, status }));
  const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, res.body.rsvp.id));
  const [pin] = await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, row!.id));
  return { row: row!, token: row!.qr_code_data, pin: pin?.pin ?? null };
}

const post = async (p: string, json: unknown, cookie = door.cookie) => {
  const res = await t.request(p, { method: 'POST', json, cookie });
  return { status: res.status, body: (await res.json()) as TCheckinVerdict };
};
const redeem = (json: Record<string, unknown>, cookie?: string, eventId = event.id) =>
  post(`/api/checkin/${eventId}/redeem`, { nonce: nonce(), device: 'Door 1', ...json }, cookie);
const undo = (json: Record<string, unknown>, cookie?: string) => post(`/api/checkin/${event.id}/undo`, { nonce: nonce(), ...json }, cookie);
const stats = async (eventId = event.id) =>
  (await (await t.request(`/api/checkin/${eventId}/stats`, { cookie: door.cookie })).json()) as TCheckinStats;

describe('admitting at the door', () => {
  it('a valid ticket checks in its whole party once; the next scan says when, by whom and on which device', async () => {
    const g = await guest(event.id, 2);
    const first = await redeem({ code: `${TEST_ORIGIN}/ticket-verification/${g.token}` });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ok: true,
      reason: null,
      admitted: 2,
      replay: false,
      event: { id: event.id, title: 'Door Night' },
      guest: { rsvp_id: g.row.id, name: g.row.name, guest_count: 2, checked_in_count: 2, code_prefix: g.token!.slice(0, 16) },
    });
    expect(JSON.stringify(first.body)).not.toContain(g.row.email!);
    const again = await redeem({ code: g.token });
    expect(again.body).toMatchObject({ ok: false, reason: 'already_checked_in', admitted: 0 });
    expect(again.body.guest!.last_checkin).toMatchObject({ device: 'Door 1', by: expect.any(String) });
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, g.row.id));
    expect(row).toMatchObject({ attended: true, checked_in_count: 2 });
    expect(row!.checked_in_at).toBeInstanceOf(Date);
  });

  it('50 simultaneous redeems of one ticket admit it exactly once; the rest are told it is already in', async () => {
    const g = await guest(event.id, 1);
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem({ code: g.token })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.ok)).toHaveLength(1);
    expect(results.filter((r) => r.body.reason === 'already_checked_in')).toHaveLength(49);
    const log = await t.db.select().from(checkins).where(eq(checkins.rsvp_id, g.row.id));
    expect(log).toHaveLength(50);
    expect(log.filter((l) => l.reason === null)).toHaveLength(1);
  });

  it('parts of a party admitted at once from search (Admit 1, Admit all n) never pass its size, each counted once', async () => {
    const g = await guest(event.id, 3);
    // Ten devices press "Admit 1" together: exactly three succeed.
    const ones = await Promise.all(Array.from({ length: 10 }, () => redeem({ rsvp_id: g.row.id, count: 1 })));
    expect(ones.filter((r) => r.body.ok)).toHaveLength(3);
    expect(ones.filter((r) => !r.body.ok).every((r) => r.body.reason === 'already_checked_in')).toBe(true);

    // Mixed sizes on a party of 5: whatever the order, the admissions add up to the counter, at most 5.
    const p = await guest(event.id, 5);
    const mixed = await Promise.all([2, 2, 2, 2, 1, 1, 1, 1, 3, 5].map((count) => redeem({ rsvp_id: p.row.id, count })));
    expect(mixed.every((r) => r.status === 200)).toBe(true);
    const admitted = mixed.filter((r) => r.body.ok).reduce((sum, r) => sum + r.body.admitted, 0);
    const refused = mixed.filter((r) => !r.body.ok).map((r) => r.body.reason);
    expect(refused.every((reason) => reason === 'too_many' || reason === 'already_checked_in')).toBe(true);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, p.row.id));
    expect(row!.checked_in_count).toBe(admitted);
    expect(admitted).toBeLessThanOrEqual(5);
    const log = await t.db.select().from(checkins).where(eq(checkins.rsvp_id, p.row.id));
    expect(log).toHaveLength(10);
    expect(log.reduce((sum, l) => sum + l.admitted, 0)).toBe(admitted);
    // The rest of the party, then nothing more.
    if (admitted < 5) expect((await redeem({ rsvp_id: p.row.id, count: 5 - admitted })).body).toMatchObject({ ok: true });
    expect((await redeem({ rsvp_id: p.row.id, count: 1 })).body).toMatchObject({ ok: false, reason: 'already_checked_in' });
  });

  it('a retry with the same nonce answers the original verdict and changes nothing', async () => {
    const g = await guest(event.id, 3);
    // Scanned a minute ago by a device that was offline: the log keeps scan time and receive time apart.
    const scannedAt = new Date(Date.now() - 60_000).toISOString();
    const body = { code: g.pin, nonce: 'retry-nonce-0001', count: 1, scanned_at: scannedAt };
    const first = await post(`/api/checkin/${event.id}/redeem`, body);
    const second = await post(`/api/checkin/${event.id}/redeem`, body);
    expect(first.body).toMatchObject({ ok: true, admitted: 1, replay: false });
    expect(second.body).toMatchObject({ ok: true, admitted: 1, replay: true, guest: { checked_in_count: 1 } });
    const [log] = await t.db
      .select()
      .from(checkins)
      .where(and(eq(checkins.rsvp_id, g.row.id), eq(checkins.nonce, 'retry-nonce-0001')));
    expect(log!.scanned_at.toISOString()).toBe(scannedAt);
    expect(log!.received_at.getTime()).toBeGreaterThan(log!.scanned_at.getTime() + 50_000);
  });

  it('parties arrive in parts: 3 of 5, then the rest; undo per admission; too many is refused', async () => {
    const g = await guest(event.id, 5);
    expect((await redeem({ code: g.pin, count: 3 })).body).toMatchObject({ ok: true, admitted: 3, guest: { checked_in_count: 3 } });
    expect((await redeem({ code: g.pin, count: 3 })).body).toMatchObject({ ok: false, reason: 'too_many' });
    expect((await redeem({ rsvp_id: g.row.id })).body).toMatchObject({ ok: true, admitted: 2, guest: { checked_in_count: 5 } });
    expect((await undo({ rsvp_id: g.row.id, count: 2 })).body).toMatchObject({ ok: true, admitted: -2, guest: { checked_in_count: 3 } });
    expect((await undo({ rsvp_id: g.row.id })).body).toMatchObject({
      ok: true,
      admitted: -3,
      guest: { checked_in_count: 0, checked_in_at: null },
    });
    expect((await undo({ rsvp_id: g.row.id })).body).toMatchObject({ ok: false, reason: 'not_checked_in' });
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, g.row.id));
    expect(row).toMatchObject({ attended: false, checked_in_count: 0, checked_in_at: null });
  });

  it('refuses with a reason: forged, another event, maybe, legacy payloads only for imported tickets', async () => {
    const g = await guest(event.id);
    const forged = `${g.token!.slice(0, -2)}${g.token!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect((await redeem({ code: forged })).body).toMatchObject({ ok: false, reason: 'invalid', guest: null });
    expect((await redeem({ code: 'hello' })).body).toMatchObject({ ok: false, reason: 'invalid' });
    expect((await redeem({ code: '000000' })).body.reason).toBe('invalid');
    const foreign = await guest(other.id);
    expect((await redeem({ code: foreign.token })).body).toMatchObject({ ok: false, reason: 'other_event', guest: null });
    // A PIN is looked up within the selected event only.
    expect((await redeem({ code: foreign.pin })).body.reason).toBe('invalid');
    const maybe = await guest(event.id, 1, 'maybe');
    expect((await redeem({ rsvp_id: maybe.row.id })).body).toMatchObject({ ok: false, reason: 'not_confirmed' });
    const imported = await insertImportedRsvp(t, event.id);
    const legacy = encodeURIComponent(JSON.stringify({ verification_code: imported.id, user_name: 'whoever' }));
    expect((await redeem({ code: legacy })).body).toMatchObject({ ok: true, admitted: 1 });
    expect((await redeem({ code: JSON.stringify({ verification_code: g.row.id }) })).body.reason).toBe('invalid');
  });

  it('a legacy ticket whose QR is a URL with double-encoded JSON as its last segment: the page and the door read it', async () => {
    const imported = await insertImportedRsvp(t, event.id);
    const twice = encodeURIComponent(encodeURIComponent(JSON.stringify({ verification_code: imported.id, user_name: 'whoever' })));
    const url = `https://events.example.com/ticket-verification/${twice}`;
    const page = await t.request('/api/ticket-verification', {
      method: 'POST',
      json: { code: url, event_id: event.id },
      cookie: door.cookie,
    });
    expect(await page.json()).toMatchObject({ access: 'team', valid: true, verdict: { guest: { rsvp_id: imported.id } } });
    expect((await redeem({ code: url })).body).toMatchObject({ ok: true, admitted: 1, guest: { rsvp_id: imported.id } });
    // The same payload names no RSVP of another event.
    const elsewhere = await t.request(`/api/checkin/${other.id}/redeem`, {
      method: 'POST',
      json: { code: url, nonce: nonce() },
      cookie: owner.cookie,
    });
    expect((await elsewhere.json()).reason).toBe('other_event');
  });

  it('admits what the verify route calls admissible: a paid event\'s "Yes" still at the checkout is not in, a paid one is', async () => {
    const cases = [
      { status: 'confirmed', payment_status: 'pending', reason: 'not_confirmed' },
      { status: 'confirmed', payment_status: 'paid', reason: null },
      { status: 'maybe', payment_status: 'paid', reason: null },
      { status: 'declined', payment_status: null, reason: 'not_confirmed' },
    ] as const;
    for (const c of cases) {
      const row = await insertImportedRsvp(t, event.id, { status: c.status, payment_status: c.payment_status });
      const verified = await post(`/api/checkin/${event.id}/verify`, { code: JSON.stringify({ verification_code: row.id }) });
      const redeemed = await redeem({ rsvp_id: row.id });
      const page = await t.request('/api/ticket-verification', {
        method: 'POST',
        json: { code: JSON.stringify({ verification_code: row.id }) },
      });
      expect({ verify: verified.body.reason, redeem: redeemed.body.reason, page: (await page.json()).valid }, JSON.stringify(c)).toEqual({
        verify: c.reason,
        redeem: c.reason,
        page: c.reason === null,
      });
    }
  });

  it('bad input is a 400 naming the field; nothing is logged', async () => {
    const before = (await t.db.select().from(checkins)).length;
    for (const [json, field] of [
      [{ nonce: nonce() }, 'code'],
      [{ code: 'x', rsvp_id: '00000000-0000-4000-8000-000000000000', nonce: nonce() }, 'code'],
      [{ code: 'x', nonce: 'short' }, 'nonce'],
      [{ code: 'x', nonce: nonce(), count: 0 }, 'count'],
      [{ code: 'x', nonce: nonce(), scanned_at: 'yesterday' }, 'scanned_at'],
      [{ code: 'x\u0000', nonce: nonce() }, 'code'],
    ] as const) {
      const res = await t.request(`/api/checkin/${event.id}/redeem`, { method: 'POST', json, cookie: door.cookie });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty(field);
    }
    expect((await t.db.select().from(checkins)).length).toBe(before);
  });
});

describe('stats and search', () => {
  it('count guests and RSVPs of confirmed answers: total, checked in, pending', async () => {
    const e = await createEvent(t, owner, { title: 'Counted' });
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: door.email, role: 'door' }, cookie: owner.cookie });
    const a = await guest(e.id, 4);
    await guest(e.id, 1);
    await guest(e.id, 2, 'maybe');
    expect(await stats(e.id)).toEqual({
      event_id: e.id,
      guests: { total: 5, checked_in: 0, pending: 5 },
      rsvps: { total: 2, checked_in: 0, pending: 2 },
    });
    await redeem({ code: a.pin, count: 3 }, door.cookie, e.id);
    expect(await stats(e.id)).toMatchObject({ guests: { total: 5, checked_in: 3, pending: 2 }, rsvps: { checked_in: 1, pending: 1 } });
  });

  it('finds by name, e-mail, phone or PIN, shows no e-mail, and leaves maybes out', async () => {
    const e = await createEvent(t, owner, { title: 'Searched' });
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: door.email, role: 'door' }, cookie: owner.cookie });
    const res = await postRsvp(t, e.id, rsvpInput({ name: 'Grace Hopper', email: 'grace@navy.example', phone: '+1 415 555 0123' }));
    await postRsvp(t, e.id, rsvpInput({ name: 'Grace Maybe', status: 'maybe' }));
    const [pin] = await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, res.body.rsvp.id));
    const search = async (q: string) =>
      (await (await t.request(`/api/checkin/${e.id}/search?q=${encodeURIComponent(q)}`, { cookie: door.cookie })).json()) as {
        guests: { name: string; pin: string }[];
      };
    for (const q of ['grace', 'navy.example', '415 555', pin!.pin])
      expect((await search(q)).guests.map((g) => g.name)).toEqual(['Grace Hopper']);
    expect((await search('')).guests).toEqual([]);
    expect(JSON.stringify(await search('grace'))).not.toContain('navy.example');
  });

  it('count and find exactly whom a scan admits: a paid "Maybe" is in, a "Yes" still at the checkout is not', async () => {
    const e = await createEvent(t, owner, { title: 'Paid door' });
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: door.email, role: 'door' }, cookie: owner.cookie });
    await insertImportedRsvp(t, e.id, { name: 'Pat Checkout', status: 'confirmed', payment_status: 'pending', guest_count: 3 });
    await insertImportedRsvp(t, e.id, { name: 'Pam Paid', status: 'maybe', payment_status: 'paid', guest_count: 2 });
    await insertImportedRsvp(t, e.id, { name: 'Pia Comped', status: 'confirmed', payment_status: null });
    expect(await stats(e.id)).toMatchObject({ guests: { total: 3, pending: 3 }, rsvps: { total: 2 } });
    const res = await t.request(`/api/checkin/${e.id}/search?q=p`, { cookie: door.cookie });
    expect(((await res.json()) as { guests: { name: string }[] }).guests.map((g) => g.name)).toEqual(['Pam Paid', 'Pia Comped']);
  });
});

describe('who may check in', () => {
  it('door staff check in their event only, and see no admin, guest list or export', async () => {
    const g = await guest(other.id);
    expect((await redeem({ code: g.token }, door.cookie, other.id)).status).toBe(404);
    const events = (await (await t.request('/api/checkin/events', { cookie: door.cookie })).json()) as {
      events: { id: string; role: string }[];
    };
    expect(events.events.filter((e) => e.id === event.id)).toEqual([expect.objectContaining({ role: 'door' })]);
    expect(events.events.some((e) => e.id === other.id)).toBe(false);
    const admin = (await (await t.request('/api/events', { cookie: door.cookie })).json()) as { events: { id: string }[] };
    expect(admin.events.some((e) => e.id === event.id)).toBe(false);
    for (const p of [
      `/api/events/${event.id}`,
      `/api/events/${event.id}/rsvps`,
      `/api/events/${event.id}/rsvps.csv`,
      `/api/events/${event.id}/hosts`,
    ]) {
      expect((await t.request(p, { cookie: door.cookie })).status, p).toBe(404);
    }
  });

  it('a door member removed from the team is refused at their very next scan (team access is never cached)', async () => {
    const volunteer = await signedInUser(t);
    const e = await createEvent(t, owner, { title: 'Removed' });
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: volunteer.email, role: 'door' }, cookie: owner.cookie });
    const a = await guest(e.id, 1);
    const b = await guest(e.id, 1);
    // The first scan reads (and caches) the volunteer's session.
    expect((await redeem({ code: a.pin }, volunteer.cookie, e.id)).body).toMatchObject({ ok: true, admitted: 1 });
    const removed = await t.request(`/api/events/${e.id}/hosts/${volunteer.email}`, { method: 'DELETE', cookie: owner.cookie });
    expect(removed.status).toBe(204);
    const refused = await redeem({ code: b.pin }, volunteer.cookie, e.id);
    expect(refused.status).toBe(404);
    expect((await t.request(`/api/checkin/${e.id}/stats`, { cookie: volunteer.cookie })).status).toBe(404);
    expect((await undo({ rsvp_id: a.row.id }, volunteer.cookie)).status).toBe(404);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, b.row.id));
    expect(row!.checked_in_count).toBe(0);
    expect(await t.db.select().from(checkins).where(eq(checkins.rsvp_id, b.row.id))).toHaveLength(0);
  });

  it('signing out ends check-in access at once, though the session was just used', async () => {
    const volunteer = await signedInUser(t);
    await t.request(`/api/events/${event.id}/hosts`, {
      method: 'POST',
      json: { email: volunteer.email, role: 'door' },
      cookie: owner.cookie,
    });
    expect((await t.request(`/api/checkin/${event.id}/stats`, { cookie: volunteer.cookie })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie: volunteer.cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await t.request(`/api/checkin/${event.id}/stats`, { cookie: volunteer.cookie })).status).toBe(401);
    const g = await guest(event.id, 1);
    expect((await redeem({ code: g.pin }, volunteer.cookie)).status).toBe(401);
  });

  it('the owner makes a co-host door staff and back; a co-host may not', async () => {
    const cohost = await signedInUser(t);
    const e = await createEvent(t, owner);
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
    expect((await t.request(`/api/events/${e.id}`, { cookie: cohost.cookie })).status).toBe(200);
    const demote = await t.request(`/api/events/${e.id}/hosts/${cohost.email}`, {
      method: 'PATCH',
      json: { role: 'door' },
      cookie: owner.cookie,
    });
    expect(demote.status).toBe(200);
    expect((await demote.json()).host).toMatchObject({ email: cohost.email, role: 'door' });
    expect((await t.request(`/api/events/${e.id}`, { cookie: cohost.cookie })).status).toBe(404);
    expect((await t.request(`/api/checkin/${e.id}/stats`, { cookie: cohost.cookie })).status).toBe(200);
    const bad = await t.request(`/api/events/${e.id}/hosts/${cohost.email}`, {
      method: 'PATCH',
      json: { role: 'owner' },
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
  });
});

describe('the public verification page', () => {
  it('anyone learns only whether the ticket is valid and for which event; the team gets the verdict; no PINs', async () => {
    const g = await guest(event.id);
    const ask = async (json: unknown, cookie = '') =>
      (await (await t.request('/api/ticket-verification', { method: 'POST', json, cookie })).json()) as TTicketVerification;
    const anon = await ask({ code: g.token });
    expect(anon).toEqual({ access: 'public', valid: true, event: { id: event.id, title: 'Door Night', image_url: null }, verdict: null });
    expect(JSON.stringify(anon)).not.toContain(g.row.name);
    const stranger = await signedInUser(t);
    expect((await ask({ code: g.token }, stranger.cookie)).access).toBe('public');
    const team = await ask({ code: `/ticket-verification/${g.token}` }, door.cookie);
    expect(team).toMatchObject({ access: 'team', valid: true, verdict: { ok: true, guest: { name: g.row.name, checked_in_count: 0 } } });
    expect((await ask({ code: g.token, event_id: other.id }, owner.cookie)).verdict).toMatchObject({ ok: false, reason: 'other_event' });
    // With an event selected, anyone else is told a ticket of another event is not valid there.
    expect(await ask({ code: g.token, event_id: other.id })).toEqual({ access: 'public', valid: false, event: null, verdict: null });
    expect((await ask({ code: g.token, event_id: event.id })).valid).toBe(true);
    expect(await ask({ code: g.pin })).toEqual({ access: 'public', valid: false, event: null, verdict: null });
    expect(await ask({ code: 'garbage' })).toEqual({ access: 'public', valid: false, event: null, verdict: null });
  });
});

describe('live stream', () => {
  /** Reads server-sent `stats` events from a streaming response. */
  function reader(res: Response) {
    const r = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    return async (): Promise<TCheckinStats> => {
      for (;;) {
        const i = buf.indexOf('\n\n');
        if (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = block.split('\n').find((l) => l.startsWith('data:'));
          if (block.includes('event: stats') && data) return JSON.parse(data.slice(5)) as TCheckinStats;
          continue;
        }
        const { value, done } = await r.read();
        if (done) throw new Error('stream ended');
        buf += dec.decode(value, { stream: true });
      }
    };
  }

  it('a check-in in another process reaches this stream (LISTEN/NOTIFY): the stream has no polling to fall back on', async () => {
    const second = secondApp(t);
    const controller = new AbortController();
    const res = await t.app.request(`${TEST_ORIGIN}/api/checkin/${event.id}/stream`, {
      headers: { cookie: door.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const next = reader(res);
    const before = await next();
    const g = await guest(event.id, 2);
    const scan = await second.app.request(`${TEST_ORIGIN}/api/checkin/${event.id}/redeem`, {
      method: 'POST',
      headers: { cookie: door.cookie, 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ code: g.token, nonce: nonce() }),
    });
    expect(scan.status).toBe(200);
    let now = await next();
    // Each app has its own hub, so only PostgreSQL's NOTIFY can carry the second app's check-in here;
    // the stream sends stats only on a hub message (pings carry none); the test's own timeout bounds the wait.
    while (now.guests.checked_in < before.guests.checked_in + 2) now = await next();
    controller.abort();
  });

  it('needs the event team: 401 signed out, 404 for a stranger', async () => {
    expect((await t.request(`/api/checkin/${event.id}/stream`)).status).toBe(401);
    const stranger = await signedInUser(t);
    expect((await t.request(`/api/checkin/${event.id}/stream`, { cookie: stranger.cookie })).status).toBe(404);
  });
});
