import { describe, expect, it } from 'vitest';
import { GUEST_LIST_PAGE_SIZE } from '../../src/common/constants.ts';
import type { TEventListItem } from '../../src/common/schemas/events.responses.ts';
import { type TGuestList, ZGuestList } from '../../src/common/schemas/guests.responses.ts';
import { createEvent } from '../factories/events.ts';
import { seedGuests } from '../factories/guests.ts';
import { insertImportedRsvp, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);
const event = await createEvent(t, owner, { max_attendees: 5000 });
const N = 1000;
await seedGuests(t, event.id, N);

async function list(query = '', who = owner): Promise<TGuestList> {
  const res = await t.request(`/api/events/${event.id}/rsvps${query}`, { cookie: who.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return ZGuestList.parse(await res.json());
}

// Expected figures of the seeded list (tests/factories/guests.ts).
const is = (i: number) => ({ confirmed: i % 3 === 0, maybe: i % 3 === 1, declined: i % 3 === 2 });
const range = Array.from({ length: N }, (_, k) => k + 1);
const count = (p: (i: number) => boolean) => range.filter(p).length;

describe('the guest list: pages of 40 over 1,000 guests', () => {
  it('pages through every guest once, newest first, with the total and per-status counts', async () => {
    const seen = new Set<string>();
    const pages = Math.ceil(N / GUEST_LIST_PAGE_SIZE);
    for (let page = 1; page <= pages; page++) {
      const p = await list(`?page=${page}`);
      expect(p.total).toBe(N);
      expect(p.rows.length).toBe(page < pages ? GUEST_LIST_PAGE_SIZE : N - (pages - 1) * GUEST_LIST_PAGE_SIZE);
      expect(p.page_confirmed).toBe(p.rows.filter((r) => r.status === 'confirmed').length);
      expect(p.page_declined).toBe(p.rows.filter((r) => r.status === 'declined').length);
      for (const r of p.rows) seen.add(r.id);
      if (page === 1) expect(p.rows[0]!.name).toBe('Guest 01000');
    }
    expect(seen.size).toBe(N);
    const first = await list();
    expect(first.totals).toEqual({
      confirmed: count((i) => is(i).confirmed),
      maybe: count((i) => is(i).maybe),
      declined: count((i) => is(i).declined),
      waitlist: 0,
    });
  });

  it('filters by status, check-in and payment, and sorts by name both ways', async () => {
    expect((await list('?status=maybe')).total).toBe(count((i) => is(i).maybe));
    expect((await list('?checked_in=yes')).total).toBe(count((i) => i % 7 === 0));
    expect((await list('?checked_in=no')).total).toBe(count((i) => i % 7 !== 0));
    expect((await list('?payment=paid')).total).toBe(count((i) => i % 5 === 0));
    expect((await list('?payment=unpaid&status=confirmed')).total).toBe(count((i) => i % 5 !== 0 && is(i).confirmed));
    const asc = await list('?sort=name&dir=asc');
    expect(asc.rows.map((r) => r.name).slice(0, 2)).toEqual(['Guest 00001', 'Guest 00002']);
    const desc = await list('?sort=name&dir=desc&page=25');
    expect(desc.rows.at(-1)!.name).toBe('Guest 00001');
    const byStatus = await list('?sort=status');
    expect(byStatus.rows.every((r) => r.status === 'confirmed')).toBe(true);
  });

  it('searches by name, e-mail, phone (digits too) and the exact PIN', async () => {
    expect((await list('?q=guest 00042')).rows.map((r) => r.name)).toEqual(['Guest 00042']);
    expect((await list('?q=GUEST777@EXAMPLE')).rows.map((r) => r.email)).toEqual(['guest777@example.com']);
    expect((await list(`?q=${encodeURIComponent('+14155550123')}`)).rows.map((r) => r.name)).toEqual(['Guest 00123']);
    expect((await list(`?q=${encodeURIComponent('(415) 555-0123')}`)).rows.map((r) => r.name)).toEqual(['Guest 00123']);
    const byPin = await list('?q=100300');
    expect(byPin.rows.map((r) => [r.name, r.pin])).toEqual([['Guest 00300', '100300']]);
    expect((await list('?q=no-such-guest')).total).toBe(0);
    // A search's counts come with its page; past the last page they are still counted.
    expect(await list('?q=guest 0004')).toMatchObject({ total: 10, totals: { confirmed: 3, maybe: 4, declined: 3 } });
    expect(await list('?q=guest 0004&page=2')).toMatchObject({ rows: [], total: 10, totals: { confirmed: 3, maybe: 4, declined: 3 } });
    // ILIKE wildcards are text, not patterns.
    expect((await list('?q=%25')).total).toBe(0);
  });

  it('a search shows the same rows, in the same order, as the list without it (rows read by id after the search)', async () => {
    // "guest" matches every seeded guest: each page of the search is the list's page, field for field.
    for (const query of ['?page=1', '?page=3', '?sort=name&dir=asc&page=2', '?sort=status&page=25', '?status=maybe&page=2']) {
      const plain = await list(query);
      const searched = await list(`${query}&q=guest`);
      expect(searched.rows, query).toEqual(plain.rows);
      expect(searched.total, query).toBe(plain.total);
      expect(searched.totals, query).toEqual(plain.totals);
    }
  });

  it('shows each field of a row, the PIN and the ticket flag', async () => {
    const [row] = (await list('?q=guest 00330')).rows;
    expect(row).toMatchObject({
      name: 'Guest 00330',
      email: 'guest330@example.com',
      phone: '+14155550330',
      pin: '100330',
      status: 'confirmed',
      type: 'rsvp',
      payment_status: 'paid',
      guest_count: 3,
      notes: 'note 330',
      attended: false,
      checked_in_at: null,
      has_ticket: true,
    });
  });

  it('answers 400 naming the field for a bad filter, and an empty page past the end', async () => {
    for (const [q, field] of [
      ['?status=yes', 'status'],
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      ['?sort=email', 'sort'],
      ['?checked_in=maybe', 'checked_in'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await t.request(`/api/events/${event.id}/rsvps${q}`, { cookie: owner.cookie });
      expect(res.status, q).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toEqual([field]);
    }
    expect((await list('?page=1000')).rows).toEqual([]);
  });

  it('an event without guests lists nothing; another host gets 404', async () => {
    const empty = await createEvent(t, owner);
    const res = await t.request(`/api/events/${empty.id}/rsvps`, { cookie: owner.cookie });
    expect(await res.json()).toMatchObject({ rows: [], total: 0 });
    const stranger = await signedInUser(t);
    for (const id of [event.id, empty.id]) {
      const denied = await t.request(`/api/events/${id}/rsvps`, { cookie: stranger.cookie });
      expect(denied.status).toBe(404);
    }
  });

  it('a search of the same kind takes its own actor, event and text each time', async () => {
    // The search statement is built once per kind of search (list-guests.ts): its values must never carry over.
    const other = await createEvent(t, owner);
    await seedGuests(t, other.id, 3);
    const stranger = await signedInUser(t);
    for (const q of ['guest 00002', '100300', 'no-such-guest']) {
      const mine = await list(`?q=${encodeURIComponent(q)}`);
      const denied = await t.request(`/api/events/${event.id}/rsvps?q=${encodeURIComponent(q)}`, { cookie: stranger.cookie });
      expect(denied.status).toBe(404);
      const res = await t.request(`/api/events/${other.id}/rsvps?q=${encodeURIComponent(q)}`, { cookie: owner.cookie });
      const theirs = ZGuestList.parse(await res.json());
      expect(theirs.rows.every((r) => !mine.rows.some((m) => m.id === r.id))).toBe(true);
      expect(theirs.total).toBe(q === 'guest 00002' ? 1 : 0);
    }
    expect((await list('?q=guest 00002')).rows.map((r) => r.name)).toEqual(['Guest 00002']);
  });
});

describe('event cards carry their numbers', () => {
  it('going guests and RSVPs, maybe, declined, seats held at checkouts and spots left, from the counter and one aggregate', async () => {
    const res = await t.request('/api/events', { cookie: owner.cookie });
    const events = (await res.json()).events as TEventListItem[];
    const card = events.find((e) => e.id === event.id)!;
    const seats = range.filter((i) => is(i).confirmed).reduce((s, i) => s + 1 + (i % 4), 0);
    expect(card.counts).toEqual({
      going_guests: seats,
      going_rsvps: count((i) => is(i).confirmed),
      maybe: count((i) => is(i).maybe),
      declined: count((i) => is(i).declined),
      held_seats: 0,
      spots_left: 5000 - seats,
    });
    const other = await createEvent(t, owner);
    expect((await postRsvp(t, other.id, rsvpInput({ guest_count: 2 }))).status).toBe(201);
    await postRsvp(t, other.id, rsvpInput({ status: 'maybe' }));
    // Two seats taken at an unpaid checkout: going, and said to be held.
    await insertImportedRsvp(t, other.id, { status: 'confirmed', payment_status: 'pending', guest_count: 2 });
    const again = (await (await t.request('/api/events', { cookie: owner.cookie })).json()).events as TEventListItem[];
    expect(again.find((e) => e.id === other.id)!.counts).toEqual({
      going_guests: 4,
      going_rsvps: 2,
      maybe: 1,
      declined: 0,
      held_seats: 2,
      spots_left: null,
    });
  });
});
