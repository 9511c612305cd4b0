import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_REOPENS_MAX, HELD_SEATS_PER_CLIENT, HELD_SEATS_PER_EMAIL } from '../../src/common/constants.ts';
import { PAYMENT_MSG } from '../../src/common/payment-texts.ts';
import type { TPublicEvent } from '../../src/common/schemas/events.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { clientNetwork, mailboxOf } from '../../src/server/domain/hold-limits.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { lapseHold } from '../support/paid-events.ts';
import { createTestApp } from '../support/app.ts';

// Issue 29, "no free seat hoarding on paid events" (docs/product.md#payments): one client holding a paid
// event's seats at unpaid checkouts — many answers with made-up e-mails, or Pay now after each lapse —
// is bounded, while sold seats and other guests are unaffected; the page says how many seats are only held.
// Rate limits are on, as in production: the attack fits inside them.
const t = await createTestApp({ PAYMENTS_PROVIDER: 'sandbox', TRUST_PROXY: 'true' });
const owner = await signedInUser(t);

let nextIp = 0;
/** A client address of its own for each test (the per-IP rate limits and hold bounds never mix). */
const newIp = () => `198.51.100.${++nextIp}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const seatsTaken = async (id: string) => (await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, id)))[0]!.s;
const rowOf = async (id: string) => (await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!;
const paidEvent = (max: number) => createEvent(t, owner, paidEventInput({ max_attendees: max, show_guest_count: true }));
const publicEvent = async (id: string) => ((await (await t.request(`/api/public/events/${id}`)).json()) as { event: TPublicEvent }).event;
const sandboxPath = (checkoutUrl: string) => new URL(checkoutUrl).pathname;
const payNow = (secret: string, ip: string) => t.request(`/api/public/rsvps/${secret}/checkout`, { method: 'POST', headers: from(ip) });

const lapse = (rsvpId: string) => lapseHold(t, rsvpId);

describe('unpaid holds per client address', () => {
  it('many answers with made-up e-mails from one address hold at most HELD_SEATS_PER_CLIENT seats; other guests still get in', async () => {
    const e = await paidEvent(30);
    const attacker = newIp();
    // The reported attack: 6 answers of 5 seats each filled this 30-seat event.
    const statuses: number[] = [];
    const refusals: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postRsvp(t, e.id, rsvpInput({ guest_count: 5, email: `made-up-${i}@example.com` }), from(attacker));
      statuses.push(res.status);
      if (res.status !== 201) refusals.push(res.body.error);
    }
    const held = Math.floor(HELD_SEATS_PER_CLIENT / 5);
    expect(statuses).toEqual([...Array(held).fill(201), ...Array(6 - held).fill(429)]);
    expect(refusals[0]).toMatchObject({ code: 'hold_limit', message: PAYMENT_MSG.holdsPerClient });
    expect(await seatsTaken(e.id)).toBe(held * 5);
    // A refused answer leaves nothing behind: no RSVP, no seat.
    expect(await t.db.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.event_id, e.id))).toHaveLength(held);

    // Honest guests from elsewhere are not refused, and a smaller party from the same address still fits.
    const honest = await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from(newIp()));
    expect(honest.status).toBe(201);
    const left = HELD_SEATS_PER_CLIENT - held * 5;
    if (left > 0) expect((await postRsvp(t, e.id, rsvpInput({ guest_count: left }), from(attacker))).status).toBe(201);
  });

  it('counts concurrent answers exactly: a burst from one address never passes the bound', async () => {
    const e = await paidEvent(100);
    const attacker = newIp();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postRsvp(t, e.id, rsvpInput({ guest_count: 5, email: `burst-${i}@example.com` }), from(attacker)),
      ),
    );
    const ok = results.filter((r) => r.status === 201).length;
    expect(ok).toBe(Math.floor(HELD_SEATS_PER_CLIENT / 5));
    expect(results.filter((r) => r.status === 429).every((r) => r.body.error.code === 'hold_limit')).toBe(true);
    expect(await seatsTaken(e.id)).toBe(ok * 5);
  });

  it('an IPv6 client is one network: its whole /64 shares the bound', async () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe(clientNetwork('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientNetwork('2001:db8:1:2::1')).not.toBe(clientNetwork('2001:db8:1:3::1'));
    // No address at all (a Unix-socket listener): no client key, so such clients are never lumped together.
    expect(clientNetwork('unknown')).toBeUndefined();
    const e = await paidEvent(30);
    const a = await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from('2001:db8:7:7::1'));
    expect(a.status).toBe(201);
    const b = await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from('2001:db8:7:7:ffff::2'));
    expect(b.status).toBe(429);
    expect(b.body.error.code).toBe('hold_limit');
  });

  it('paid seats never count: once the holder pays, the address may hold seats again, and the sold seats stay sold', async () => {
    const e = await paidEvent(30);
    const buyer = newIp();
    const first = await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from(buyer));
    expect(first.status).toBe(201);
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 5 }), from(buyer))).status).toBe(429);
    const paid = await t.request(`${sandboxPath(first.body.checkout_url)}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    expect(await rowOf(first.body.rsvp.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const second = await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from(buyer));
    expect(second.status).toBe(201);
    // Refused holds around them change nothing sold.
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 5 }), from(buyer))).status).toBe(429);
    expect(await rowOf(first.body.rsvp.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid', guest_count: 10 });
    expect(await seatsTaken(e.id)).toBe(20);
  });

  it('free events are not bounded: many answers from one address are all taken', async () => {
    const e = await createEvent(t, owner, { max_attendees: 40 });
    const venueWifi = newIp();
    for (let i = 0; i < 3; i++) expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from(venueWifi))).status).toBe(201);
    expect(await seatsTaken(e.id)).toBe(30);
  });
});

describe('unpaid holds per e-mail', () => {
  it('spellings of one mailbox (+tags, Gmail dots, googlemail) share HELD_SEATS_PER_EMAIL, whatever the address', async () => {
    expect(mailboxOf('Jane.Doe+vip@GoogleMail.com')).toBe('janedoe@gmail.com');
    expect(mailboxOf('jane.doe+1@example.com')).toBe('jane.doe@example.com');
    const e = await paidEvent(40);
    const first = await postRsvp(t, e.id, rsvpInput({ guest_count: 6, email: 'jane.doe+1@gmail.com' }), from(newIp()));
    expect(first.status).toBe(201);
    const variant = await postRsvp(t, e.id, rsvpInput({ guest_count: 5, email: 'janedoe+2@googlemail.com' }), from(newIp()));
    expect(variant.status).toBe(429);
    expect(variant.body.error).toMatchObject({ code: 'hold_limit', message: PAYMENT_MSG.holdsPerEmail });
    const fits = HELD_SEATS_PER_EMAIL - 6;
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: fits, email: 'j.a.n.e.doe@gmail.com' }), from(newIp()))).status).toBe(201);
    // Someone else's mailbox is not touched.
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 10, email: 'john.doe@gmail.com' }), from(newIp()))).status).toBe(201);
    expect(await seatsTaken(e.id)).toBe(6 + fits + 10);
  });
});

describe('re-opening a lapsed hold (Pay now)', () => {
  it(`is allowed CHECKOUT_REOPENS_MAX times; then a clear 429 and the seats stay free`, async () => {
    const e = await paidEvent(10);
    const ip = newIp();
    const first = await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from(ip));
    expect(first.status).toBe(201);
    const id = first.body.rsvp.id as string;
    const secret = (await rowOf(id)).manage_secret;
    // Pay now while the checkout is open reuses it: no re-open counted.
    expect((await payNow(secret, ip)).status).toBe(200);
    expect((await rowOf(id)).checkout_reopens).toBe(0);

    for (let n = 1; n <= CHECKOUT_REOPENS_MAX; n++) {
      await lapse(id);
      expect(await seatsTaken(e.id)).toBe(0);
      const again = await payNow(secret, ip);
      expect(again.status).toBe(200);
      expect(await rowOf(id)).toMatchObject({ status: 'confirmed', payment_status: 'pending', checkout_reopens: n });
      expect(await seatsTaken(e.id)).toBe(10);
    }
    await lapse(id);
    const refused = await payNow(secret, ip);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({ code: 'hold_limit', message: PAYMENT_MSG.reopensUsed });
    expect(await rowOf(id)).toMatchObject({ status: 'declined', payment_status: 'expired', checkout_reopens: CHECKOUT_REOPENS_MAX });
    expect(await seatsTaken(e.id)).toBe(0);
    // The seats are there for the next guest.
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from(newIp()))).status).toBe(201);
  });

  it('a re-open counts against the address that makes it', async () => {
    const e = await paidEvent(40);
    const ip = newIp();
    const lapsed = await postRsvp(t, e.id, rsvpInput({ guest_count: 5 }), from(newIp()));
    await lapse(lapsed.body.rsvp.id);
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 10 }), from(ip))).status).toBe(201);
    const secret = (await rowOf(lapsed.body.rsvp.id)).manage_secret;
    const refused = await payNow(secret, ip);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({ code: 'hold_limit', message: PAYMENT_MSG.holdsPerClient });
    expect(await rowOf(lapsed.body.rsvp.id)).toMatchObject({ status: 'declined', payment_status: 'expired', checkout_reopens: 0 });
    expect(await seatsTaken(e.id)).toBe(10);
  });
});

describe('held seats on the public event page', () => {
  it('seats_held counts unpaid checkouts exactly, beside seats left; paying moves them to going', async () => {
    const e = await paidEvent(30);
    expect(await publicEvent(e.id)).toMatchObject({ seats_left: 30, seats_held: 0, going: 0 });
    const a = await postRsvp(t, e.id, rsvpInput({ guest_count: 3 }), from(newIp()));
    const b = await postRsvp(t, e.id, rsvpInput({ guest_count: 4 }), from(newIp()));
    expect(await publicEvent(e.id)).toMatchObject({ seats_left: 23, seats_held: 7, going: 0 });
    await t.request(`${sandboxPath(a.body.checkout_url)}/pay`, { method: 'POST' });
    expect(await publicEvent(e.id)).toMatchObject({ seats_left: 23, seats_held: 4, going: 3 });
    await lapse(b.body.rsvp.id);
    expect(await publicEvent(e.id)).toMatchObject({ seats_left: 27, seats_held: 0, going: 3 });
    // The page's own event data carries the figure too.
    await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }), from(newIp()));
    const html = await (await t.request(`/event/${e.slug}`)).text();
    const data = JSON.parse(/id="event-data">(.*?)<\/script>/s.exec(html)![1]!) as TPublicEvent;
    expect(data).toMatchObject({ seats_left: 25, seats_held: 2, going: 3 });
  });

  it('free events carry no held figure', async () => {
    const e = await createEvent(t, owner, { max_attendees: 10 });
    await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }), from(newIp()));
    expect(await publicEvent(e.id)).toMatchObject({ seats_left: 8, seats_held: null });
  });
});
