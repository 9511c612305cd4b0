import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox, type QueuedEmail, type SmsPayload } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { sendableEmail } from '../../src/server/modules/outbox/sendable-email.ts';
import { runWaitlist } from '../../src/server/modules/waitlist/send-offers.ts';
import { sweepLapsedHolds } from '../../src/server/modules/payments/sweep-holds.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { cancelAnswer, manageSecretOf, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

/**
 * The waitlist (docs/product.md#waitlist): joining a full event, offers of freed seats in line order inside the
 * transaction that freed them, claims, lapses on a controllable clock (runWaitlist(deps, now)), the host's hand.
 */
const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);
const HOUR = 3_600_000;
const deps = { db: t.db, baseUrl: t.deps.env.PUBLIC_BASE_URL };

// biome-ignore lint/suspicious/noExplicitAny: test helper returns the raw JSON for assertions
type Answer = { status: number; body: any };
async function call(path: string, init: { method?: string; json?: unknown; cookie?: string } = {}): Promise<Answer> {
  const res = await t.request(path, { method: init.method ?? 'GET', json: init.json, cookie: init.cookie });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}
const join = (eventId: string, body: unknown) => call(`/api/public/events/${eventId}/waitlist`, { method: 'POST', json: body });
const place = (secret: string) => call(`/api/public/rsvps/${secret}/waitlist`);
const claim = (secret: string) => call(`/api/public/rsvps/${secret}/claim`, { method: 'POST' });

async function fullEvent(capacity: number, overrides: Record<string, unknown> = {}) {
  const e = await createEvent(t, owner, { max_attendees: capacity, waitlist_offer_hours: 24, ...overrides });
  const going: { email: string; secret: string }[] = [];
  for (let i = 0; i < capacity; i++) {
    const a = rsvpInput({ name: `Going ${i}` });
    expect((await postRsvp(t, e.id, a)).status).toBe(201);
    going.push({ email: a.email, secret: await manageSecretOf(t, e.id, a.email) });
  }
  return { e, going };
}

async function seats(eventId: string) {
  const [row] = await t.db.select({ taken: events.seats_taken, max: events.max_attendees }).from(events).where(eq(events.id, eventId));
  const [held] = await t.db
    .select({ n: sql<number>`coalesce(sum(guest_count) filter (where status in ('confirmed', 'offered')), 0)::int` })
    .from(event_rsvps)
    .where(eq(event_rsvps.event_id, eventId));
  return { taken: row!.taken, max: row!.max, held: held!.n };
}

const statusOf = async (eventId: string, email: string) =>
  (
    await t.db
      .select({ s: event_rsvps.status })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.email, email)))
  )[0]?.s;

async function offerMessages(rsvpIdLike = '%') {
  const rows = await t.db
    .select({ key: outbox.idempotency_key, channel: outbox.channel, payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.idempotency_key, `waitlist-offer%:${rsvpIdLike}`));
  return rows;
}

describe('joining the waitlist', () => {
  it('a full event takes parties in line, says where they stand, and e-mails their manage link', async () => {
    const { e } = await fullEvent(2);
    // The seats are gone: a 'yes' is refused with the capacity message, the waitlist is open.
    expect((await postRsvp(t, e.id, rsvpInput())).status).toBe(409);
    const parties = [
      rsvpInput({ name: 'Ann', guest_count: 2 }),
      rsvpInput({ name: 'Bo' }),
      rsvpInput({ name: 'Cy', phone: '+14155550111' }),
    ];
    const places: number[] = [];
    for (const p of parties) {
      const { status: _s, ...body } = p;
      const r = await join(e.id, body);
      expect(r.status).toBe(201);
      expect(r.body.rsvp.status).toBe('waitlisted');
      places.push(r.body.place);
    }
    expect(places).toEqual([1, 2, 3]);
    expect(await seats(e.id)).toEqual({ taken: 2, max: 2, held: 2 });
    const secret = await manageSecretOf(t, e.id, parties[2]!.email);
    expect((await place(secret)).body).toMatchObject({ status: 'waitlisted', place: 3, guest_count: 1, offer_until: null });
    const [mail] = await t.db.select({ payload: outbox.payload }).from(outbox).where(sql`${outbox.payload}->>'to' = ${parties[2]!.email}`);
    const sent = sendableEmail(mail!.payload as QueuedEmail);
    expect(sent.subject).toBe(`You're on the waitlist for ${e.title}`);
    expect(sent.text).toContain(`/rsvp/${secret}`);
  });

  it('the same e-mail twice: nothing changes and nothing is revealed; its manage link goes to it (ADR 0012)', async () => {
    const { e } = await fullEvent(1);
    const p = { name: 'Dee', email: `dee-${Date.now()}@example.com`, guest_count: 1 };
    expect((await join(e.id, p)).status).toBe(201);
    const again = await join(e.id, { ...p, name: 'Mallory', guest_count: 4 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      rsvp: null,
      place: null,
      offer_until: null,
      manage_url: null,
      already_answered: true,
      email_queued: true,
      email_delivery: 'dev_mailbox',
    });
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.email, p.email));
    expect([row!.name, row!.guest_count, row!.status]).toEqual(['Dee', 1, 'waitlisted']);
    // A guest who already answered yes is not put in line either.
    const going = rsvpInput();
    const other = await createEvent(t, owner, { max_attendees: 3, waitlist_offer_hours: 24 });
    expect((await postRsvp(t, other.id, going)).status).toBe(201);
    const { status: _s, ...body } = going;
    expect((await join(other.id, body)).body.already_answered).toBe(true);
    expect(await statusOf(other.id, going.email)).toBe('confirmed');
  });

  it('refuses clearly: no waitlist on the event, or a waitlist without a capacity', async () => {
    const plain = await createEvent(t, owner, { max_attendees: 1 });
    const r = await join(plain.id, { name: 'Al', email: 'al@example.com', guest_count: 1 });
    expect(r).toEqual({ status: 409, body: { error: { code: 'waitlist_closed', message: 'This event has no waitlist.' } } });
    const created = await t.request('/api/events', {
      method: 'POST',
      cookie: owner.cookie,
      json: { title: 'Open house', event_date: '2031-06-21T18:00:00.000Z', waitlist_offer_hours: 24 },
    });
    expect(created.status).toBe(400);
    expect((await created.json()).error.fields).toEqual({
      waitlist_offer_hours: 'A waitlist needs a maximum number of guests: set one, or turn the waitlist off.',
    });
    // On edit, against the stored event: removing the capacity of an event with a waitlist is refused too.
    const withList = await createEvent(t, owner, { max_attendees: 5, waitlist_offer_hours: 12 });
    const patch = await call(`/api/events/${withList.id}`, { method: 'PATCH', json: { max_attendees: null }, cookie: owner.cookie });
    expect(patch.status).toBe(400);
    expect(patch.body.error.fields.waitlist_offer_hours).toMatch(/needs a maximum number of guests/);
    const on = await call(`/api/events/${plain.id}`, { method: 'PATCH', json: { waitlist_offer_hours: 48 }, cookie: owner.cookie });
    expect(on.status).toBe(200);
    expect(on.body.event.waitlist_offer_hours).toBe(48);
    // A line is for a full event: while the party's seats are free it answers Yes instead (no unpaid hold by joining).
    const free = await join(plain.id, { name: 'Al', email: 'al@example.com', guest_count: 1 });
    expect([free.status, free.body.error.code]).toEqual([409, 'seats_available']);
    expect(await seats(plain.id)).toMatchObject({ taken: 0, held: 0 });
    const big = await join(plain.id, { name: 'Bea', email: 'bea@example.com', guest_count: 2 });
    expect([big.status, big.body.rsvp.status]).toEqual([201, 'waitlisted']);
  });
});

describe('offers', () => {
  it('a cancellation offers the seat to the first party that fits, held; the offer is announced once by e-mail and SMS', async () => {
    const { e, going } = await fullEvent(2);
    const big = { name: 'Big', email: `big-${Date.now()}@example.com`, guest_count: 2 };
    const small = { name: 'Small', email: `small-${Date.now()}@example.com`, guest_count: 1, phone: '+14155550123' };
    await join(e.id, big);
    await join(e.id, small);
    expect((await cancelAnswer(t, going[0]!.secret)).status).toBe(200);
    // One seat free: the party of 2 does not fit, the next one does; the seat is held for it, nobody else can take it.
    expect(await statusOf(e.id, big.email)).toBe('waitlisted');
    expect(await statusOf(e.id, small.email)).toBe('offered');
    expect(await seats(e.id)).toEqual({ taken: 2, max: 2, held: 2 });
    expect((await postRsvp(t, e.id, rsvpInput())).status).toBe(409);
    const smallSecret = await manageSecretOf(t, e.id, small.email);
    const p = (await place(smallSecret)).body;
    expect(p.status).toBe('offered');
    expect(Date.parse(p.offer_until) - Date.now()).toBeGreaterThan(23.9 * HOUR);

    // Announced once however many runs (or processes) get there.
    await Promise.all([runWaitlist(deps), runWaitlist(deps), runWaitlist(deps)]);
    await runWaitlist(deps);
    const [row] = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.email, small.email));
    const msgs = await offerMessages(`${row!.id}:%`);
    expect(msgs.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const mail = sendableEmail(msgs.find((m) => m.channel === 'email')!.payload as QueuedEmail);
    expect(mail.subject).toBe(`Seats are free for you at ${e.title}`);
    expect(mail.text).toContain('Claim your seats');
    expect(mail.text).toContain(`/rsvp/${smallSecret}`);
    const sms = msgs.find((m) => m.channel === 'sms')!.payload as SmsPayload;
    expect(sms.to).toBe('+14155550123');
    expect(sms.body).toContain(`/rsvp/${smallSecret}`);
  });

  it('an event switched off or over offers nothing: freed seats stay free, nothing is announced', async () => {
    const { e, going } = await fullEvent(1);
    const p = rsvpInput({ name: 'Waits' });
    expect((await join(e.id, { name: p.name, email: p.email, guest_count: 1 })).status).toBe(201);
    expect((await call(`/api/events/${e.id}`, { method: 'PATCH', json: { is_active: false }, cookie: owner.cookie })).status).toBe(200);
    // The host removes the guest who was going: the seat is free, and stays so.
    const [gone] = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.email, going[0]!.email));
    expect((await call(`/api/events/${e.id}/rsvps/${gone!.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    await runWaitlist(deps);
    expect(await statusOf(e.id, p.email)).toBe('waitlisted');
    expect(await seats(e.id)).toMatchObject({ taken: 0, held: 0 });
    // An offer made before the switch-off is not announced while the event is off.
    const on = await fullEvent(1);
    const q = rsvpInput({ name: 'Offered' });
    expect((await join(on.e.id, { name: q.name, email: q.email, guest_count: 1 })).status).toBe(201);
    await cancelAnswer(t, on.going[0]!.secret);
    expect(await statusOf(on.e.id, q.email)).toBe('offered');
    expect((await call(`/api/events/${on.e.id}`, { method: 'PATCH', json: { is_active: false }, cookie: owner.cookie })).status).toBe(200);
    await runWaitlist(deps);
    const [row] = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.email, q.email));
    expect(await offerMessages(row!.id)).toEqual([]);
  });

  it('a claim gives the ticket; claiming twice in parallel takes the seats once; no one else can claim', async () => {
    const { e, going } = await fullEvent(1);
    const a = { name: 'Ann', email: `ann-${Date.now()}@example.com`, guest_count: 1 };
    const b = { name: 'Bea', email: `bea-${Date.now()}@example.com`, guest_count: 1 };
    await join(e.id, a);
    await join(e.id, b);
    const bSecret = await manageSecretOf(t, e.id, b.email);
    // Not offered (second in line): its own link claims nothing; a made-up one finds nothing.
    expect((await claim(bSecret)).body.error.code).toBe('offer_unavailable');
    expect((await claim('A'.repeat(24))).status).toBe(404);
    await cancelAnswer(t, going[0]!.secret);
    expect((await claim(bSecret)).body.error.code).toBe('offer_unavailable');
    const aSecret = await manageSecretOf(t, e.id, a.email);
    const [one, two] = await Promise.all([claim(aSecret), claim(aSecret)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.ticket_url).toMatch(/^\/ticket\//);
    expect(two.body.ticket_url).toBe(one.body.ticket_url);
    expect(await statusOf(e.id, a.email)).toBe('confirmed');
    expect(await seats(e.id)).toEqual({ taken: 1, max: 1, held: 1 });
    const [row] = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.email, a.email));
    const tickets = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.idempotency_key, `rsvp:${row!.id}:confirmed:%`));
    expect(tickets).toHaveLength(1);
    // The claimed answer has a ticket like any other yes.
    expect((await t.request(`/api/public/tickets/${one.body.ticket_url.split('/').pop()}`)).status).toBe(200);
  });

  it('an unclaimed offer lapses at its time and passes to the next party; the lapsed link claims nothing', async () => {
    const { e, going } = await fullEvent(1, { waitlist_offer_hours: 2 });
    const a = { name: 'Ann', email: `ann2-${Date.now()}@example.com`, guest_count: 1 };
    const b = { name: 'Bea', email: `bea2-${Date.now()}@example.com`, guest_count: 1 };
    await join(e.id, a);
    await join(e.id, b);
    await cancelAnswer(t, going[0]!.secret);
    const aSecret = await manageSecretOf(t, e.id, a.email);
    const until = Date.parse((await place(aSecret)).body.offer_until);
    expect(until - Date.now()).toBeLessThanOrEqual(2 * HOUR);
    // Not a minute early.
    expect((await runWaitlist(deps, new Date(until - 60_000))).lapsed).toBe(0);
    expect(await statusOf(e.id, a.email)).toBe('offered');
    // Past its time but before the sweep: the claim is refused all the same.
    await t.db
      .update(event_rsvps)
      .set({ offer_until: new Date(Date.now() - 1000) })
      .where(eq(event_rsvps.email, a.email));
    expect((await claim(aSecret)).body.error).toEqual({
      code: 'offer_unavailable',
      message: 'This offer has run out, and the seats went to the next party on the waitlist.',
    });
    expect((await runWaitlist(deps)).lapsed).toBe(1);
    expect(await statusOf(e.id, a.email)).toBe('declined');
    expect(await statusOf(e.id, b.email)).toBe('offered');
    expect(await seats(e.id)).toEqual({ taken: 1, max: 1, held: 1 });
    expect((await claim(aSecret)).body.error.code).toBe('offer_unavailable');
    expect((await claim(await manageSecretOf(t, e.id, b.email))).status).toBe(200);
  });

  it('a raised capacity offers several parties in line order; a smaller party and a host removal free seats too', async () => {
    const { e, going } = await fullEvent(2);
    const parties = Array.from({ length: 4 }, (_, i) => ({ name: `P${i}`, email: `p${i}-${Date.now()}@example.com`, guest_count: 1 }));
    for (const p of parties) await join(e.id, p);
    const raised = await call(`/api/events/${e.id}`, { method: 'PATCH', json: { max_attendees: 4 }, cookie: owner.cookie });
    expect(raised.status).toBe(200);
    expect(raised.body.event.seats_taken).toBe(4);
    expect(await Promise.all(parties.map((p) => statusOf(e.id, p.email)))).toEqual(['offered', 'offered', 'waitlisted', 'waitlisted']);
    // A smaller party frees a seat: offered to the next in line.
    const bigger = rsvpInput({ guest_count: 1 });
    void bigger;
    const change = await t.request(`/api/public/rsvps/${going[1]!.secret}`, {
      method: 'PUT',
      json: { status: 'declined', guest_count: 1, name: 'Going 1' },
    });
    expect(change.status).toBe(200);
    expect(await statusOf(e.id, parties[2]!.email)).toBe('offered');
    // The host removes an offered party: its seat goes to the last one.
    const [offered] = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.email, parties[0]!.email));
    expect((await call(`/api/events/${e.id}/rsvps/${offered!.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(await statusOf(e.id, parties[3]!.email)).toBe('offered');
    expect(await seats(e.id)).toEqual({ taken: 4, max: 4, held: 4 });
  });

  it('a waiting guest cannot jump the line through the manage page, but can leave it', async () => {
    const { e } = await fullEvent(1);
    const a = { name: 'Ann', email: `ann3-${Date.now()}@example.com`, guest_count: 1 };
    await join(e.id, a);
    const secret = await manageSecretOf(t, e.id, a.email);
    const yes = await t.request(`/api/public/rsvps/${secret}`, {
      method: 'PUT',
      json: { status: 'confirmed', guest_count: 2, name: 'Ann' },
    });
    expect(yes.status).toBe(200);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.email, a.email));
    expect([row!.status, row!.guest_count]).toEqual(['waitlisted', 2]);
    expect((await seats(e.id)).taken).toBe(1);
    expect((await t.request(`/api/public/rsvps/${secret}/cancel`, { method: 'POST' })).status).toBe(200);
    expect(await statusOf(e.id, a.email)).toBe('declined');
  });
});

describe('a paid event', () => {
  it('a lapsed payment hold goes to the waitlist; the claim opens the checkout; a waiting party cannot pay its way in', async () => {
    const e = await createEvent(t, owner, paidEventInput({ max_attendees: 1, waitlist_offer_hours: 24 }));
    const payer = rsvpInput();
    const held = await postRsvp(t, e.id, payer);
    expect(held.body.checkout_url).toBeTruthy();
    const a = { name: 'Ann', email: `pa-${Date.now()}@example.com`, guest_count: 1 };
    const b = { name: 'Bea', email: `pb-${Date.now()}@example.com`, guest_count: 1 };
    await join(e.id, a);
    await join(e.id, b);
    const bSecret = await manageSecretOf(t, e.id, b.email);
    // Pay now is no way past the line.
    const jump = await call(`/api/public/rsvps/${bSecret}/checkout`, { method: 'POST' });
    expect(jump.status).toBe(409);
    expect(jump.body.error.code).toBe('offer_unavailable');
    // The unpaid checkout's hold runs out: its seat goes to the first party in line, in the sweep's own transaction.
    await t.db
      .update(event_rsvps)
      .set({ payment_hold_until: new Date(Date.now() - 1000) })
      .where(eq(event_rsvps.email, payer.email));
    expect(await sweepLapsedHolds(t.deps)).toBe(1);
    expect(await statusOf(e.id, a.email)).toBe('offered');
    const claimed = await claim(await manageSecretOf(t, e.id, a.email));
    expect(claimed.status).toBe(200);
    expect(claimed.body.ticket_url).toBeNull();
    expect(claimed.body.checkout_url).toMatch(/cs_sandbox_/);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.email, a.email));
    expect([row!.status, row!.payment_status, row!.offer_until]).toEqual(['confirmed', 'pending', null]);
    expect(await seats(e.id)).toEqual({ taken: 1, max: 1, held: 1 });
    expect(await statusOf(e.id, b.email)).toBe('waitlisted');
  });
});

describe('the guest list', () => {
  it('shows the waitlist in line order with its own filter, count and CSV column', async () => {
    const { e } = await fullEvent(1);
    const parties = ['Zed', 'Amy', 'Max'].map((name, i) => ({ name, email: `gl${i}-${Date.now()}@example.com`, guest_count: 1 }));
    for (const p of parties) await join(e.id, p);
    const list = await call(`/api/events/${e.id}/rsvps?status=waitlist`, { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r: { name: string; waitlist_place: number }) => [r.name, r.waitlist_place])).toEqual([
      ['Zed', 1],
      ['Amy', 2],
      ['Max', 3],
    ]);
    expect(list.body.totals).toEqual({ confirmed: 0, maybe: 0, declined: 0, waitlist: 3 });
    const all = await call(`/api/events/${e.id}/rsvps`, { cookie: owner.cookie });
    expect(all.body.totals).toEqual({ confirmed: 1, maybe: 0, declined: 0, waitlist: 3 });
    const csv = await (await t.request(`/api/events/${e.id}/rsvps.csv?status=waitlist`, { cookie: owner.cookie })).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(',');
    const at = header.indexOf('Waitlist place');
    expect(at).toBeGreaterThan(-1);
    expect(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')[at]])).toEqual([
      ['Zed', '1'],
      ['Amy', '2'],
      ['Max', '3'],
    ]);
  });
});

describe("the host's hand", () => {
  it('moves a party to the front: offered at once when it fits, else first in line; only on their own events', async () => {
    const { e, going } = await fullEvent(2);
    const parties = [1, 2, 1].map((n, i) => ({ name: `H${i}`, email: `h${i}-${Date.now()}@example.com`, guest_count: n }));
    for (const p of parties) await join(e.id, p);
    const ids = await Promise.all(
      parties.map(async (p) => (await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.email, p.email)))[0]!.id),
    );
    const promote = (id: string, cookie = owner.cookie) => call(`/api/events/${e.id}/rsvps/${id}/promote`, { method: 'POST', cookie });
    expect((await promote(ids[2]!)).body).toEqual({ status: 'waitlisted', place: 1 });
    const stranger = await signedInUser(t);
    expect((await promote(ids[1]!, stranger.cookie)).status).toBe(404);
    // Two seats free up: the party moved to the front comes first, then the party of 2 does not fit in the one left.
    await cancelAnswer(t, going[0]!.secret);
    await cancelAnswer(t, going[1]!.secret);
    expect(await Promise.all(parties.map((p) => statusOf(e.id, p.email)))).toEqual(['offered', 'waitlisted', 'offered']);
    expect((await promote(ids[0]!)).status).toBe(409);
    // Staff do not change a party in line by hand (a lock order an offer could deadlock with): 409, nothing moves.
    for (const id of [ids[0]!, ids[1]!]) {
      const patch = await call(`/api/events/${e.id}/rsvps/${id}`, { method: 'PATCH', json: { status: 'confirmed' }, cookie: owner.cookie });
      expect([patch.status, patch.body.error.code]).toEqual([409, 'conflict']);
    }
    expect(await Promise.all(parties.map((p) => statusOf(e.id, p.email)))).toEqual(['offered', 'waitlisted', 'offered']);
  });
});

describe('races', () => {
  it('one freed seat, 50 waiting parties and 50 new guests: one party gets it, capacity holds, one offer e-mail', async () => {
    const { e, going } = await fullEvent(10);
    const waiting = Array.from({ length: 50 }, (_, i) => ({ name: `W${i}`, email: `w${i}-${Date.now()}@example.com`, guest_count: 1 }));
    for (const w of waiting) expect((await join(e.id, w)).status).toBe(201);
    const secrets = await Promise.all(waiting.map((w) => manageSecretOf(t, e.id, w.email)));
    const newcomers = Array.from({ length: 50 }, (_, i) => rsvpInput({ name: `N${i}` }));
    // Everyone at once: the cancel, 50 new 'yes' answers, and every waiting party trying to claim.
    const [cancelled, answers, claims] = await Promise.all([
      cancelAnswer(t, going[0]!.secret),
      Promise.all(newcomers.map((n) => postRsvp(t, e.id, n))),
      Promise.all(secrets.map((s) => claim(s))),
    ]);
    expect(cancelled.status).toBe(200);
    expect(answers.every((a) => a.status === 409 && a.body.error.code === 'capacity_exceeded')).toBe(true);
    expect(claims.filter((c) => c.status === 200).length).toBeLessThanOrEqual(1);
    await Promise.all([runWaitlist(deps), runWaitlist(deps), runWaitlist(deps)]);
    const states = await Promise.all(waiting.map((w) => statusOf(e.id, w.email)));
    const winners = states.flatMap((s, i) => (s === 'offered' || s === 'confirmed' ? [i] : []));
    expect(winners).toEqual([0]);
    expect(await seats(e.id)).toEqual({ taken: 10, max: 10, held: 10 });
    const [w0] = await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.email, waiting[0]!.email));
    expect((await offerMessages(`${w0!.id}:%`)).filter((m) => m.channel === 'email')).toHaveLength(1);
    expect((await t.db.select().from(outbox).where(like(outbox.idempotency_key, 'waitlist-offer:%'))).length).toBeGreaterThanOrEqual(1);
  });
});
