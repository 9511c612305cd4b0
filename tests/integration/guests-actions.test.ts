import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUEST_LIST_MSG } from '../../src/common/messages.ts';
import { ZGuestDetailAnswer, ZShortLink } from '../../src/common/schemas/guests.responses.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps, rsvp_pins } from '../../src/server/db/schema/rsvps.ts';
import { verifyTicket } from '../../src/server/modules/tickets/verify-ticket.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { mailOf } from '../support/outbox-mail.ts';

const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);
const cohost = await signedInUser(t);
const stranger = await signedInUser(t);

async function newEvent(max_attendees: number | null = null) {
  const e = await createEvent(t, owner, { max_attendees });
  await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
  return e;
}
async function guest(eventId: string, overrides: Record<string, unknown> = {}) {
  const res = await postRsvp(t, eventId, rsvpInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.rsvp.id as string;
}
const url = (eventId: string, rsvpId: string, tail = '') => `/api/events/${eventId}/rsvps/${rsvpId}${tail}`;
async function detail(eventId: string, rsvpId: string, who = owner) {
  const res = await t.request(url(eventId, rsvpId), { cookie: who.cookie });
  expect(res.status).toBe(200);
  return ZGuestDetailAnswer.parse(await res.json()).rsvp;
}
async function seats(eventId: string) {
  const [e] = await t.db.select({ taken: events.seats_taken }).from(events).where(eq(events.id, eventId));
  const [s] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${event_rsvps.guest_count}), 0)::int` })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.status, 'confirmed')));
  expect(e!.taken, 'the seat counter equals the confirmed party sizes').toBe(s!.sum);
  return e!.taken;
}
const mails = (pattern: string) =>
  t.db.select({ key: outbox.idempotency_key, payload: outbox.payload }).from(outbox).where(like(outbox.idempotency_key, pattern));
const patch = (eventId: string, rsvpId: string, json: unknown, who = owner) =>
  t.request(url(eventId, rsvpId), { method: 'PATCH', json, cookie: who.cookie });

describe('RSVP detail', () => {
  it('shows the row, QR images, ticket and verification links; a maybe has none', async () => {
    const e = await newEvent();
    const id = await guest(e.id, { name: 'Grace Hopper', phone: '+14155550100', guest_count: 2, notes: 'Vegetarian' });
    const d = await detail(e.id, id, cohost);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id));
    expect(d).toMatchObject({
      id,
      name: 'Grace Hopper',
      phone: '+14155550100',
      status: 'confirmed',
      guest_count: 2,
      notes: 'Vegetarian',
      has_ticket: true,
      qr_png_url: `/qr/${row!.ticket_secret}.png?v=1`,
      ticket_url: `${TEST_ORIGIN}/ticket/${row!.ticket_secret}`,
      verification_url: `${TEST_ORIGIN}/ticket-verification/${row!.qr_code_data}`,
      short_url: null,
    });
    expect(d.pin).toMatch(/^\d{6}$/);
    const maybe = await detail(e.id, await guest(e.id, { status: 'maybe' }));
    expect(maybe).toMatchObject({ has_ticket: false, qr_png_url: null, ticket_url: null, pin: null });
  });

  it('404 for another event’s RSVP, an unknown or malformed id, and for someone else', async () => {
    const e = await newEvent();
    const other = await newEvent();
    const id = await guest(other.id);
    for (const path of [url(e.id, id), url(e.id, crypto.randomUUID()), url(e.id, 'nope')]) {
      expect((await t.request(path, { cookie: owner.cookie })).status, path).toBe(404);
    }
    expect((await t.request(url(other.id, id), { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe('staff change an RSVP: status and party size, capacity holds', () => {
  it('moves the seat counter, e-mails the guest the new answer, rotates the QR when leaving confirmed', async () => {
    const e = await newEvent(10);
    const id = await guest(e.id, { guest_count: 2 });
    expect(await seats(e.id)).toBe(2);
    const up = await patch(e.id, id, { guest_count: 5 }, cohost);
    expect(up.status).toBe(200);
    const body = ZGuestDetailAnswer.parse(await up.json());
    expect(body).toMatchObject({ rsvp: { guest_count: 5, status: 'confirmed' }, email_queued: true });
    expect(await seats(e.id)).toBe(5);
    const [mail] = await mails(`rsvp:${id}:confirmed:2`);
    expect(mailOf(mail!.payload).text).toContain('Guests: 5');

    const before = (await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!;
    const down = await patch(e.id, id, { status: 'declined' });
    expect((await down.json()).rsvp).toMatchObject({ status: 'declined', has_ticket: false, pin: expect.any(String) });
    expect(await seats(e.id)).toBe(0);
    expect(await verifyTicket({ db: t.db, signingKey: t.env.TICKET_SIGNING_KEY, token: before.qr_code_data! })).toBeNull();
    expect(await mails(`rsvp:${id}:declined:3`)).toHaveLength(1);
    // The same answer again changes and sends nothing.
    const same = await patch(e.id, id, { status: 'declined' });
    expect((await same.json()).email_queued).toBe(false);
  });

  it('refuses more seats than are left with 409 and changes nothing', async () => {
    const e = await newEvent(4);
    const a = await guest(e.id, { guest_count: 3 });
    const b = await guest(e.id, { status: 'maybe', guest_count: 2 });
    const full = await patch(e.id, b, { status: 'confirmed' });
    expect(full.status).toBe(409);
    expect((await full.json()).error.code).toBe('capacity_exceeded');
    expect((await patch(e.id, a, { guest_count: 5 })).status).toBe(409);
    expect(await seats(e.id)).toBe(3);
    expect((await detail(e.id, b)).status).toBe('maybe');
    expect((await patch(e.id, b, { status: 'confirmed', guest_count: 1 })).status).toBe(200);
    expect(await seats(e.id)).toBe(4);
  });

  it('concurrent changes keep the counter exact and never oversell', async () => {
    const e = await newEvent(12);
    const ids = await Promise.all(Array.from({ length: 8 }, () => guest(e.id, { status: 'maybe', guest_count: 2 })));
    const res = await Promise.all(ids.map((id) => patch(e.id, id, { status: 'confirmed' })));
    expect(res.filter((r) => r.status === 200)).toHaveLength(6);
    expect(res.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await seats(e.id)).toBe(12);
  });

  it('answers 400 naming the field for bad input', async () => {
    const e = await newEvent();
    const id = await guest(e.id);
    for (const [json, field] of [
      [{}, 'status'],
      [{ status: 'yes' }, 'status'],
      [{ guest_count: 11 }, 'guest_count'],
      [{ guest_count: '2' }, 'guest_count'],
    ] as const) {
      const res = await patch(e.id, id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toEqual([field]);
    }
  });

  it('delete frees the seats and the PIN', async () => {
    const e = await newEvent(5);
    const id = await guest(e.id, { guest_count: 4 });
    expect(await seats(e.id)).toBe(4);
    expect((await t.request(url(e.id, id), { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(url(e.id, id), { method: 'DELETE', cookie: cohost.cookie })).status).toBe(204);
    expect(await seats(e.id)).toBe(0);
    expect(await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, id))).toHaveLength(0);
    expect((await t.request(url(e.id, id), { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 5 }))).status).toBe(201);
  });
});

describe('regenerate and e-mail the ticket', () => {
  it('regenerate queues the new ticket to the guest; the old token and page stop working', async () => {
    const e = await newEvent();
    const id = await guest(e.id, { email: 'rotate-me@example.com' });
    const old = (await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!;
    const res = await t.request(url(e.id, id, '/regenerate-qr'), { method: 'POST', cookie: cohost.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    // No SMTP here: the e-mail is kept in the dev mailbox, and the answer says so (the screen must not say "on its way").
    expect(body).toMatchObject({ email_queued: true, email_delivery: 'dev_mailbox' });
    const [mail] = await mails(`ticket:${id}:v2`);
    const payload = mailOf(mail!.payload);
    expect(payload.to).toBe('rotate-me@example.com');
    expect(payload.text).toContain(`Your ticket: ${body.ticket_url}`);
    expect(payload.attachments?.some((a) => a.filename === 'ticket-qr.png')).toBe(true);
    expect(await verifyTicket({ db: t.db, signingKey: t.env.TICKET_SIGNING_KEY, token: old.qr_code_data! })).toBeNull();
    expect((await t.request(`/api/public/tickets/${old.ticket_secret}`)).status).toBe(404);
  });

  it('Email QR queues the current ticket once a minute; no ticket → 409 with the spec text', async () => {
    const e = await newEvent();
    const id = await guest(e.id);
    const send = () => t.request(url(e.id, id, '/send-ticket'), { method: 'POST', cookie: owner.cookie });
    const first = await send();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ queued: true, email_delivery: 'dev_mailbox' });
    // Within the minute: nothing new is queued, and the answer says so (the screen must not say "Sent").
    expect(await (await send()).json()).toMatchObject({ queued: false, email_delivery: 'dev_mailbox' });
    expect(await mails(`ticket-send:${id}:%`)).toHaveLength(1);
    const maybe = await guest(e.id, { status: 'maybe' });
    const refused = await t.request(url(e.id, maybe, '/send-ticket'), { method: 'POST', cookie: owner.cookie });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(GUEST_LIST_MSG.noQrCodeText);
    expect((await t.request(url(e.id, id, '/send-ticket'), { method: 'POST', cookie: stranger.cookie })).status).toBe(404);
  });
});

describe('short links', () => {
  it('one per RSVP and ticket: idempotent, ≥ 7 base62 characters, 302 to the ticket page', async () => {
    const e = await newEvent();
    const id = await guest(e.id);
    const make = (who = owner) =>
      t.request(url(e.id, id, '/short-link'), { method: 'POST', json: { target: 'ticket' }, cookie: who.cookie });
    const first = await make();
    expect(first.status).toBe(201);
    const link = ZShortLink.parse(await first.json());
    expect(link.code).toMatch(/^[0-9A-Za-z]{7,}$/);
    expect(link.short_url).toBe(`${TEST_ORIGIN}/s/${link.code}`);
    const again = await make(cohost);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(link);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id));
    const open = await t.request(`/s/${link.code}`);
    expect(open.status).toBe(302);
    expect(open.headers.get('location')).toBe(`${TEST_ORIGIN}/ticket/${row!.ticket_secret}`);
    expect((await detail(e.id, id)).short_url).toBe(link.short_url);
  });

  it('a rotated ticket’s old link answers the 404 page; the next POST makes a new code', async () => {
    const e = await newEvent();
    const id = await guest(e.id);
    const make = () => t.request(url(e.id, id, '/short-link'), { method: 'POST', json: { target: 'ticket' }, cookie: owner.cookie });
    const old = await (await make()).json();
    await t.request(url(e.id, id, '/regenerate-qr'), { method: 'POST', cookie: owner.cookie });
    const stale = await t.request(`/s/${old.code}`);
    expect(stale.status).toBe(404);
    expect(stale.headers.get('content-type')).toContain('text/html');
    expect((await detail(e.id, id)).short_url).toBeNull();
    const fresh = await make();
    expect(fresh.status).toBe(201);
    const link = await fresh.json();
    expect(link.code).not.toBe(old.code);
    expect((await t.request(`/s/${link.code}`)).status).toBe(302);
  });

  it('unknown codes answer the 404 page; a guest without a ticket has no link; bad target 400', async () => {
    for (const code of ['ZZZZZZZZ', 'x', 'abc-def%21']) {
      const res = await t.request(`/s/${code}`);
      expect(res.status, code).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
    const e = await newEvent();
    const maybe = await guest(e.id, { status: 'maybe' });
    const res = await t.request(url(e.id, maybe, '/short-link'), { method: 'POST', json: { target: 'ticket' }, cookie: owner.cookie });
    expect(res.status).toBe(409);
    const bad = await t.request(url(e.id, maybe, '/short-link'), { method: 'POST', json: { target: 'page' }, cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(['target']);
  });
});
