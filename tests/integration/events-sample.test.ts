import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/common/messages.ts';
import type { TEventAdmin, TPublicEvent } from '../../src/common/schemas/events.ts';
import type { TDashboardSummary } from '../../src/common/schemas/guests.responses.ts';
import type { TTicket } from '../../src/common/schemas/rsvps.ts';
import { SAMPLE_EVENT_CONTENT } from '../../src/common/sample-event.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { verifyTicket } from '../../src/server/modules/tickets/verify-ticket.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

// Rate limits on, keyed by X-Forwarded-For so each test has its own address.
const t = await createTestApp({ TRUST_PROXY: 'true' });
let ip = 0;
const from = () => ({ 'x-forwarded-for': `203.0.113.${++ip}` });

const legacy = (eventId: string, json: unknown, headers: Record<string, string> = from()) =>
  t.request(`/api/public/events/${eventId}/legacy-rsvp`, { method: 'POST', json, headers });

describe('sample event (/sample)', () => {
  it('before an admin exists there is no owner, so no sample yet: 404', async () => {
    expect((await t.request('/api/public/events/sample', { headers: from() })).status).toBe(404);
    expect((await t.request('/sample', { headers: from() })).status).toBe(404);
  });

  it('is seeded once, owned by the first admin, on 2025-05-03 17:00–23:00 UTC−5', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const [a, b] = await Promise.all([
      t.request('/api/public/events/sample', { headers: from() }),
      t.request('/api/public/events/sample', { headers: from() }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const event = ((await a.json()) as { event: TPublicEvent }).event;
    expect(event).toMatchObject({
      slug: 'sample',
      event_date: '2025-05-03T22:00:00.000Z',
      end_date: '2025-05-04T04:00:00.000Z',
      timezone: 'America/Chicago',
      rsvp_button_text: 'RSVP',
      is_paid_event: false,
      // The host line is a field of its own, not the description's first line.
      host_line: SAMPLE_EVENT_CONTENT.host_line,
      main_body_description: SAMPLE_EVENT_CONTENT.main_body_description,
    });
    expect(event.image_url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(await t.db.select().from(events).where(eq(events.slug, 'sample'))).toHaveLength(1);
    const mine = (await (await t.request('/api/events', { cookie: admin.cookie })).json()).events as TEventAdmin[];
    expect(mine.map((e) => e.slug)).toContain('sample');

    const html = await (await t.request('/sample', { headers: from() })).text();
    expect(html).toContain(`<title>${event.title} | Event</title>`);
    expect(html).toContain('<meta property="og:url" content="http://localhost:3999/sample">');
    expect(html).toContain('"startDate":"2025-05-03T22:00:00.000Z","endDate":"2025-05-04T04:00:00.000Z"');
    expect((await t.request(`/api/public/events?slug=sample`, { headers: from() })).status).toBe(200);
  });
});

describe('the demo event on host screens', () => {
  it('is never counted in the dashboard figures, however it stands', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await t.request('/api/public/events/sample', { headers: from() })).status).toBe(200);
    const [demo] = await t.db.select({ id: events.id }).from(events).where(eq(events.slug, SAMPLE_EVENT_CONTENT.slug));
    // The first admin of this file's database owns it: hand it to this one, an owner like any.
    await t.db.update(events).set({ user_id: admin.id }).where(eq(events.id, demo!.id));
    // Upcoming, with answers and a check-in in the period: every figure would count it.
    await t.db
      .update(events)
      .set({ event_date: new Date(Date.now() + 10 * 86_400_000), end_date: null })
      .where(eq(events.id, demo!.id));
    await t.db.insert(event_rsvps).values([
      { event_id: demo!.id, name: 'Tried it', email: 'tried@example.com', guest_count: 2 },
      { event_id: demo!.id, name: 'Came', email: 'came@example.com', guest_count: 1, attended: true, checked_in_at: new Date() },
    ]);
    const summary = async () => (await (await t.request('/api/dashboard/summary', { cookie: admin.cookie })).json()) as TDashboardSummary;
    expect(await summary()).toMatchObject({
      events: { upcoming: 0, rsvps_received: 0, guests_going: 0 },
      check_in: { checked_in: 0, pending: 0 },
    });
    // A real event beside it is counted as before.
    const real = await createEvent(t, admin, { event_date: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    await t.db.insert(event_rsvps).values({ event_id: real.id, name: 'Guest', email: 'guest@example.com', guest_count: 3 });
    expect(await summary()).toMatchObject({
      events: { upcoming: 1, rsvps_received: 1, guests_going: 3 },
      check_in: { checked_in: 0, pending: 3 },
    });
  });

  it('keeps its page address: moving it would make it count as a real event', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    await t.request('/api/public/events/sample', { headers: from() });
    const [demo] = await t.db.select({ id: events.id }).from(events).where(eq(events.slug, SAMPLE_EVENT_CONTENT.slug));
    await t.db.update(events).set({ user_id: admin.id }).where(eq(events.id, demo!.id));
    const res = await t.request(`/api/events/${demo!.id}`, { method: 'PATCH', json: { slug: 'my-party' }, cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ slug: 'The demo event keeps its page address.' });
    const same = await t.request(`/api/events/${demo!.id}`, {
      method: 'PATCH',
      json: { slug: 'sample', title: 'Our demo' },
      cookie: admin.cookie,
    });
    expect(same.status).toBe(200);
  });
});

describe('POST /api/public/events/:id/legacy-rsvp', () => {
  it('stores a real legacy RSVP (phone normalised); answering again with the same phone changes it', async () => {
    const sample = ((await (await t.request('/api/public/events/sample', { headers: from() })).json()) as { event: TPublicEvent }).event;
    const yes = await legacy(sample.id, { preferred_name: '  Sam ', phone: '(555) 123-4567', rsvp: true });
    expect(yes.status).toBe(201);
    const { rsvp, ticket_url } = await yes.json();
    expect(rsvp.status).toBe('confirmed');
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, rsvp.id));
    // A yes has a ticket page, by its own secret (docs/decisions/0010-ticket-secrets.md), never by id.
    expect(ticket_url).toBe(`/ticket/${row!.ticket_secret}`);
    const page = ticket_url.replace('/ticket/', '/api/public/tickets/');
    const first = (await (await t.request(page)).json()) as TTicket;
    expect(first.verification_url).toBe(`${t.env.PUBLIC_BASE_URL}/ticket-verification/${row!.qr_code_data}`);
    const verify = (token: string) => verifyTicket({ db: t.db, signingKey: t.env.TICKET_SIGNING_KEY, token });
    expect(await verify(first.verification_url!)).toMatchObject({ rsvpId: rsvp.id, via: 'token' });
    expect((await t.request(`/api/public/tickets/${rsvp.id}`)).status).toBe(404);
    expect(row).toMatchObject({
      event_id: sample.id,
      name: 'Sam',
      preferred_name: 'Sam',
      phone: '+15551234567',
      type: 'legacy',
      status: 'confirmed',
      email: null,
    });
    expect(row!.confirmed_at).toBeInstanceOf(Date);
    const seats = async () => (await t.db.select({ n: events.seats_taken }).from(events).where(eq(events.id, sample.id)))[0]!.n;
    expect(await seats()).toBe(1);

    // The same number again (however written) changes nothing and learns nothing: whoever knows a phone
    // number must not cancel someone's answer (docs/decisions/0012-answers-belong-to-the-email.md).
    const no = await legacy(sample.id, { preferred_name: 'Mallory', phone: '555-123-4567', rsvp: false });
    expect(no.status).toBe(200);
    expect(await no.json()).toEqual({ rsvp: null, ticket_url: null, already_answered: true });
    expect(await seats()).toBe(1);
    const rows = await t.db
      .select()
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, sample.id), eq(event_rsvps.type, 'legacy')));
    expect(rows).toEqual([row]);
    expect(await verify(first.verification_url!)).toMatchObject({ rsvpId: rsvp.id });
  });

  it('legacy form texts for blank fields; 404 for any event but the sample; a full sample refuses a yes', async () => {
    const sample = ((await (await t.request('/api/public/events/sample', { headers: from() })).json()) as { event: TPublicEvent }).event;
    const blank = await legacy(sample.id, { preferred_name: ' ', phone: '', rsvp: true });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.fields).toEqual({ preferred_name: MSG.preferredNameRequired, phone: MSG.phoneRequired });
    const noPhone = await legacy(sample.id, { preferred_name: 'Al', rsvp: true });
    expect((await noPhone.json()).error.fields).toEqual({ phone: MSG.phoneRequired });

    const host = await signedInUser(t);
    // Only the sample takes the legacy form: any other event, active or not, free or paid, is a 404.
    for (const other of [
      await createEvent(t, host),
      await createEvent(t, host, { is_active: false }),
      await createEvent(t, host, paidEventInput()),
    ]) {
      expect((await legacy(other.id, { preferred_name: 'Al', phone: '5550001111', rsvp: true })).status).toBe(404);
    }
    expect((await legacy('nope', { preferred_name: 'Al', phone: '5550001111', rsvp: true })).status).toBe(404);
    expect(await t.db.select().from(event_rsvps).where(eq(event_rsvps.phone, '+15550001111'))).toHaveLength(0);

    const [{ taken }] = (await t.db.select({ taken: events.seats_taken }).from(events).where(eq(events.id, sample.id))) as [
      { taken: number },
    ];
    await t.db
      .update(events)
      .set({ max_attendees: taken + 1 })
      .where(eq(events.id, sample.id));
    expect((await legacy(sample.id, { preferred_name: 'A', phone: '5550000001', rsvp: true })).status).toBe(201);
    const full = await legacy(sample.id, { preferred_name: 'B', phone: '5550000002', rsvp: true });
    expect(full.status).toBe(409);
    expect((await full.json()).error.message).toBe(MSG.capacityReached);
    expect((await legacy(sample.id, { preferred_name: 'B', phone: '5550000002', rsvp: false })).status).toBe(201);
    // The public read shows the seat taken at once.
    const pub = ((await (await t.request(`/api/public/events/${sample.id}`, { headers: from() })).json()) as { event: TPublicEvent }).event;
    expect(pub.seats_left).toBe(0);
    await t.db.update(events).set({ max_attendees: null }).where(eq(events.id, sample.id));
  });

  it('is rate limited per address: 429 with Retry-After', async () => {
    const sample = ((await (await t.request('/api/public/events/sample', { headers: from() })).json()) as { event: TPublicEvent }).event;
    const me = from();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push(
        (await legacy(sample.id, { preferred_name: `G${i}`, phone: `556000${String(i).padStart(4, '0')}`, rsvp: false }, me)).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    const last = await legacy(sample.id, { preferred_name: 'X', phone: '5559999999', rsvp: true }, me);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await legacy(sample.id, { preferred_name: 'Y', phone: '5559999998', rsvp: true })).status).toBe(201);
  });

  it('public event reads are rate limited per address too', async () => {
    const me = from();
    let status = 200;
    let res: Response | undefined;
    for (let i = 0; i < 1201 && status === 200; i++) {
      res = await t.request('/api/public/events/sample', { headers: me });
      status = res.status;
    }
    expect(status).toBe(429);
    expect(res!.headers.get('retry-after')).toBeTruthy();
  });
});
