import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/common/messages.ts';
import type { TPublicEvent } from '../../src/common/schemas/events.ts';
import type { TManagedRsvp } from '../../src/common/schemas/rsvps.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { FIND_TICKET_MIN_MS } from '../../src/server/modules/rsvps/find-tickets.ts';
import { MANAGE_LIMITS } from '../../src/server/modules/guest-answers/manage.routes.ts';
import { cancelAnswer, changeAnswer, insertEvent, manageSecretOf, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { mailOf } from '../support/outbox-mail.ts';

// docs/product.md#manage-page, docs/decisions/0012-answers-belong-to-the-email.md
const t = await createTestApp({ RATE_LIMIT: 'false' });
const limited = await createTestApp({ RATE_LIMIT: 'true', TRUST_PROXY: 'true' });

async function seats(eventId: string) {
  const [e] = await t.db.select({ counter: events.seats_taken, max: events.max_attendees }).from(events).where(eq(events.id, eventId));
  const [s] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${event_rsvps.guest_count}), 0)::int` })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.status, 'confirmed')));
  return { counter: e!.counter, sum: s!.sum, max: e!.max };
}

const mailsTo = (email: string) => t.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = ${email}`).orderBy(outbox.created_at);

const read = async (secret: string) => {
  const res = await t.request(`/api/public/rsvps/${secret}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as { rsvp: TManagedRsvp; error?: { message: string } } };
};

/** The Cookie header a browser would send to the public API after `res`. */
const cookieOf = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('the manage page API', () => {
  it('shows the answer and its event to the link holder (and this browser remembers it); unknown or malformed links are 404', async () => {
    const event = await insertEvent(t, { max_attendees: 10 });
    const input = rsvpInput({ guest_count: 3, phone: '+1 415 555 0100', notes: 'window seat' });
    const first = await postRsvp(t, event.id, input);
    const secret = first.body.manage_url.split('/').pop();
    const res = await read(secret);
    expect(res.status).toBe(200);
    expect(res.body.rsvp).toMatchObject({
      name: input.name,
      email: input.email,
      phone: '+14155550100',
      notes: 'window seat',
      guest_count: 3,
      status: 'confirmed',
      ticket_url: first.body.ticket_url,
      manage_url: `/rsvp/${secret}`,
      event: { id: event.id, title: event.title, seats_left: 7, max_attendees: 10, theme: null },
    });
    // No id, PIN or QR token: the ticket page shows those.
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.manage_secret, secret));
    expect(JSON.stringify(res.body)).not.toContain(row!.id);
    expect(JSON.stringify(res.body)).not.toContain(row!.qr_code_data!);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`trsvp_${event.id.replace(/-/g, '')}=${secret}`))).toBe(true);
    for (const bad of ['x'.repeat(24), 'not a secret', '%00', secret.slice(1)]) {
      const miss = await t.request(`/api/public/rsvps/${encodeURIComponent(bad)}`);
      expect(miss.status).toBe(404);
      expect((await miss.json()).error).toMatchObject({ code: 'not_found', message: MSG.manageLinkInvalid });
    }
  });

  it('changes name, phone, notes, status and party size; each change e-mails the new state with the link; no change, no e-mail', async () => {
    const event = await insertEvent(t, { max_attendees: 10 });
    const input = rsvpInput({ guest_count: 2 });
    await postRsvp(t, event.id, input);
    const same = await changeAnswer(t, event.id, input);
    expect(same.status).toBe(200);
    expect(same.body.email_queued).toBe(false);
    const notes = await changeAnswer(t, event.id, input, { notes: 'vegan', phone: '+44 20 7946 0000' });
    expect(notes.body).toMatchObject({ email_queued: false, rsvp: { notes: 'vegan', phone: '+442079460000' } });
    const bigger = await changeAnswer(t, event.id, input, { guest_count: 4, name: 'Ada B.' });
    expect(bigger.status).toBe(200);
    expect(bigger.body).toMatchObject({ email_queued: true, rsvp: { guest_count: 4, name: 'Ada B.', status: 'confirmed' } });
    expect(await seats(event.id)).toMatchObject({ counter: 4, sum: 4 });
    const maybe = await changeAnswer(t, event.id, input, { status: 'maybe' });
    expect(maybe.body.rsvp).toMatchObject({ status: 'maybe', ticket_url: null });
    expect(await seats(event.id)).toMatchObject({ counter: 0, sum: 0 });
    const mails = await mailsTo(input.email);
    expect(mails.map((m) => mailOf(m.payload).subject)).toEqual([
      `Your ticket for ${event.title}`,
      `Your updated ticket for ${event.title}`,
      `You might come to ${event.title}`,
    ]);
    for (const m of mails) expect(mailOf(m.payload).text).toContain(`${TEST_ORIGIN}/rsvp/${same.secret}`);
    // The e-mail is who the answer belongs to: the form cannot change it.
    const secret = same.secret;
    const withEmail = await t.request(`/api/public/rsvps/${secret}`, {
      method: 'PUT',
      json: { name: 'X', email: 'thief@example.com', guest_count: 1, status: 'confirmed' },
    });
    expect(withEmail.status).toBe(200);
    expect((await withEmail.json()).rsvp.email).toBe(input.email);
  });

  it('bad input is a 400 naming the field, and changes nothing', async () => {
    const event = await insertEvent(t);
    const input = rsvpInput();
    await postRsvp(t, event.id, input);
    const secret = await manageSecretOf(t, event.id, input.email);
    const [before] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.manage_secret, secret));
    for (const [body, field] of [
      [{ name: '', guest_count: 1, status: 'confirmed' }, 'name'],
      [{ name: 'A', guest_count: 11, status: 'confirmed' }, 'guest_count'],
      [{ name: 'A', guest_count: 1, status: 'yes' }, 'status'],
      [{ name: 'A\u0000', guest_count: 1, status: 'confirmed' }, 'name'],
    ] as const) {
      const res = await t.request(`/api/public/rsvps/${secret}`, { method: 'PUT', json: body });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty(field);
    }
    const [after] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.manage_secret, secret));
    expect(after).toEqual(before);
  });

  it('cancel frees the seats even on a full event, replaces the link (the old one is dead) and e-mails the new one', async () => {
    const event = await insertEvent(t, { max_attendees: 3 });
    const a = rsvpInput({ guest_count: 3 });
    const first = await postRsvp(t, event.id, a);
    const late = rsvpInput();
    expect((await postRsvp(t, event.id, late)).status).toBe(409);
    const oldSecret = first.body.manage_url.split('/').pop();
    const cancelled = await cancelAnswer(t, oldSecret);
    expect(cancelled.status).toBe(200);
    const newSecret = cancelled.body.rsvp.manage_url.split('/').pop();
    expect(newSecret).not.toBe(oldSecret);
    expect(cancelled.body).toMatchObject({ email_queued: true, rsvp: { status: 'declined', ticket_url: null, guest_count: 3 } });
    expect(cancelled.headers.getSetCookie().some((c) => c.includes(newSecret))).toBe(true);
    expect(await seats(event.id)).toMatchObject({ counter: 0, sum: 0 });
    // The seat goes to the next guest.
    expect((await postRsvp(t, event.id, late)).status).toBe(201);
    // The link that was used (and any forwarded copy) is dead; the new one works.
    expect((await read(oldSecret)).status).toBe(404);
    expect((await t.request(`/api/public/rsvps/${oldSecret}/cancel`, { method: 'POST' })).status).toBe(404);
    expect((await read(newSecret)).body.rsvp.status).toBe('declined');
    const [mail] = (await mailsTo(a.email)).slice(-1);
    expect(mailOf(mail!.payload).subject).toBe(`Thanks for letting us know: ${event.title}`);
    expect(mailOf(mail!.payload).text).toContain(`${TEST_ORIGIN}/rsvp/${newSecret}`);
    expect(mailOf(mail!.payload).text).not.toContain(oldSecret);
    // Changing one's mind later through the new link: seats permitting.
    const back = await t.request(`/api/public/rsvps/${newSecret}`, {
      method: 'PUT',
      json: { name: a.name, guest_count: 3, status: 'confirmed' },
    });
    expect(back.status).toBe(409);
    expect((await back.json()).error.fields).toEqual({ guest_count: 'Only 2 seats are left.' });
    const two = await t.request(`/api/public/rsvps/${newSecret}`, {
      method: 'PUT',
      json: { name: a.name, guest_count: 2, status: 'confirmed' },
    });
    expect(two.status).toBe(200);
    expect(await seats(event.id)).toMatchObject({ counter: 3, sum: 3 });
  });

  it('an ended event takes no answers and no changes, but its manage page still reads', async () => {
    const event = await insertEvent(t, { event_date: new Date(Date.now() + 60_000) });
    const input = rsvpInput();
    const first = await postRsvp(t, event.id, input);
    expect(first.status).toBe(201);
    await t.db
      .update(events)
      .set({ event_date: new Date(Date.now() - 5 * 3_600_000) })
      .where(eq(events.id, event.id));
    t.deps.caches.rsvpEvents.clear();
    const late = await postRsvp(t, event.id, rsvpInput());
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({ code: 'event_ended', message: MSG.eventEndedText });
    const change = await changeAnswer(t, event.id, input, { status: 'declined' });
    expect(change.status).toBe(409);
    expect(change.body.error.code).toBe('event_ended');
    expect((await cancelAnswer(t, change.secret)).status).toBe(409);
    expect((await read(change.secret)).body.rsvp.status).toBe('confirmed');
    // With an end date, the end decides (start + 4 h only without one).
    await t.db
      .update(events)
      .set({ end_date: new Date(Date.now() + 3_600_000) })
      .where(eq(events.id, event.id));
    t.deps.caches.rsvpEvents.clear();
    expect((await postRsvp(t, event.id, rsvpInput())).status).toBe(201);
  });
});

describe('this browser remembers its answer (GET /api/public/events/:id/my-rsvp)', () => {
  it("answers the cookie holder's RSVP, null without one, for another event, or once the link was replaced", async () => {
    const event = await insertEvent(t);
    const other = await insertEvent(t);
    const input = rsvpInput({ guest_count: 2 });
    const first = await postRsvp(t, event.id, input);
    const cookie = cookieOf(first);
    const mine = async (eventId: string, c: string) => {
      const res = await t.request(`/api/public/events/${eventId}/my-rsvp`, { cookie: c });
      expect(res.headers.get('cache-control')).toBe('no-store');
      return { body: (await res.json()) as { rsvp: unknown }, headers: res.headers };
    };
    expect((await mine(event.id, cookie)).body).toEqual({
      rsvp: {
        status: 'confirmed',
        guest_count: 2,
        name: input.name,
        payment_status: null,
        ticket_url: first.body.ticket_url,
        manage_url: first.body.manage_url,
      },
    });
    expect((await mine(event.id, '')).body).toEqual({ rsvp: null });
    expect((await mine(other.id, cookie)).body).toEqual({ rsvp: null });
    // A cookie naming this event with another event's secret finds nothing.
    const foreign = await postRsvp(t, other.id, rsvpInput());
    const swapped = `trsvp_${event.id.replace(/-/g, '')}=${foreign.body.manage_url.split('/').pop()}`;
    expect((await mine(event.id, swapped)).body).toEqual({ rsvp: null });
    // Cancelled from another device: this browser's stale cookie is forgotten.
    await cancelAnswer(t, first.body.manage_url.split('/').pop());
    const stale = await mine(event.id, cookie);
    expect(stale.body).toEqual({ rsvp: null });
    expect(stale.headers.getSetCookie().some((c) => /^trsvp_[0-9a-f]+=;/.test(c))).toBe(true);
  });

  it('opening the manage link remembers the answer on that browser too', async () => {
    const event = await insertEvent(t);
    const input = rsvpInput({ status: 'maybe' });
    const first = await postRsvp(t, event.id, input);
    const opened = await t.request(`/api/public/rsvps/${first.body.manage_url.split('/').pop()}`);
    const res = await t.request(`/api/public/events/${event.id}/my-rsvp`, { cookie: cookieOf(opened) });
    expect(await res.json()).toMatchObject({ rsvp: { status: 'maybe', ticket_url: null } });
  });
});

describe('capacity holds while cancellations and changes race new answers', () => {
  it('never oversold, the counter equals the sum of confirmed parties', async () => {
    const max = 40;
    const event = await insertEvent(t, { max_attendees: max });
    const early = Array.from({ length: 10 }, () => rsvpInput({ guest_count: 4 }));
    for (const a of early) expect((await postRsvp(t, event.id, a)).status).toBe(201);
    expect(await seats(event.id)).toMatchObject({ counter: 40, sum: 40 });
    const secrets = await Promise.all(early.map((a) => manageSecretOf(t, event.id, a.email)));
    const newcomers = Array.from({ length: 30 }, () => rsvpInput({ guest_count: 2 }));
    const results = await Promise.all([
      ...secrets.slice(0, 5).map((s) => cancelAnswer(t, s)),
      ...early.slice(5, 8).map((a) => changeAnswer(t, event.id, a, { guest_count: 1 })),
      ...early.slice(8).map((a) => changeAnswer(t, event.id, a, { guest_count: 6 })),
      ...newcomers.map((a) => postRsvp(t, event.id, a)),
    ]);
    for (const r of results) expect([200, 201, 409]).toContain(r.status);
    expect(results.slice(0, 8).every((r) => r.status === 200)).toBe(true);
    const s = await seats(event.id);
    expect(s.counter).toBe(s.sum);
    expect(s.counter).toBeLessThanOrEqual(max);
    // Whatever the order, the seats freed by the race are all there to take, and not one more.
    const free = max - s.counter;
    let admitted = 0;
    while ((await postRsvp(t, event.id, rsvpInput())).status === 201) admitted++;
    expect(admitted).toBe(free);
    expect(await seats(event.id)).toMatchObject({ counter: max, sum: max });
  });
});

describe('find your ticket (POST /api/public/find-ticket)', () => {
  it('answers the same for known and unknown addresses; only a known one gets its links, for upcoming events', async () => {
    const soon = await insertEvent(t, { title: 'Soon' });
    const past = await insertEvent(t, { title: 'Past', event_date: new Date('2020-01-01T18:00:00Z') });
    const email = `finder-${Date.now()}@example.com`;
    await postRsvp(t, soon.id, rsvpInput({ email }));
    await t.db.insert(event_rsvps).values({ event_id: past.id, name: 'Old', email, status: 'confirmed' });
    const ask = async (address: string) => {
      const started = Date.now();
      const res = await t.request('/api/public/find-ticket', { method: 'POST', json: { email: address } });
      return { status: res.status, text: await res.text(), ms: Date.now() - started };
    };
    const known = await ask(email.toUpperCase());
    const unknown = await ask(`nobody-${Date.now()}@example.com`);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.text).toBe(unknown.text);
    expect(known.ms).toBeGreaterThanOrEqual(FIND_TICKET_MIN_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(FIND_TICKET_MIN_MS - 5);
    const mails = await t.db.select().from(outbox).where(like(outbox.idempotency_key, 'find-ticket:%'));
    const mine = mails.filter((m) => (m.payload as { to: string }).to === email);
    expect(mine).toHaveLength(1);
    const text = mailOf(mine[0]!.payload).text;
    expect(text).toContain('Soon');
    expect(text).not.toContain('Past');
    expect(text).toContain(`${TEST_ORIGIN}/rsvp/${await manageSecretOf(t, soon.id, email)}`);
    expect(mails.some((m) => (m.payload as { to: string }).to.startsWith('nobody-'))).toBe(false);
    // A repeat inside the window sends nothing more.
    await ask(email);
    expect(
      (
        await t.db
          .select()
          .from(outbox)
          .where(like(outbox.idempotency_key, `find-ticket:${email}:%`))
      ).length,
    ).toBe(1);
    const bad = await t.request('/api/public/find-ticket', { method: 'POST', json: { email: 'not an address' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty('email');
  });

  it('is rate limited per address and per client: 429 with Retry-After', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= MANAGE_LIMITS.findPerEmail.points; i++) {
      const res = await limited.request('/api/public/find-ticket', {
        method: 'POST',
        json: { email },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
  });
});

describe('the public page shows "N going" only when the host chose to', () => {
  it('going is null unless show_guest_count; then it counts the guests of confirmed answers', async () => {
    const hidden = await insertEvent(t);
    const shown = await insertEvent(t, { show_guest_count: true });
    for (const e of [hidden, shown]) {
      await postRsvp(t, e.id, rsvpInput({ guest_count: 3 }));
      await postRsvp(t, e.id, rsvpInput({ status: 'maybe', guest_count: 2 }));
    }
    const pub = async (id: string) => ((await (await t.request(`/api/public/events/${id}`)).json()) as { event: TPublicEvent }).event;
    expect((await pub(hidden.id)).going).toBeNull();
    expect((await pub(shown.id)).going).toBe(3);
  });
});
