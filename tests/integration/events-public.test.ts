import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/common/messages.ts';
import type { TEventAdmin, TPublicEvent } from '../../src/common/schemas/events.ts';
import { createApp } from '../../src/server/app.ts';
import { createAuth } from '../../src/server/auth/auth.ts';
import { createDb } from '../../src/server/db/client.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t, { email: `owner-${Date.now()}@example.com` });
const SECRET = 'sk_test_51HpublicLeakCheck000000zzzz';

// A second server process on the same database (its own pool, cache and listener).
const db2 = createDb(t.url, 3);
const app2 = createApp(
  { ...t.deps, db: db2, auth: createAuth(db2, t.env, t.deps.log) },
  { clientDir: path.join(os.tmpdir(), 'turnout-no-client') },
).app;
afterAll(() => db2.$client.end());

const PUBLIC_KEYS = [
  'call_to_action',
  'currency',
  'embed_origins',
  'end_date',
  'event_date',
  'going',
  'host_line',
  'host_name',
  'id',
  'image_url',
  'is_paid_event',
  'location',
  'main_body_description',
  'main_body_intro',
  'max_attendees',
  'preview_image_url',
  'rsvp_button_text',
  'seats_held',
  'seats_left',
  'questions',
  'slug',
  'subtitle',
  'theme',
  'ticket_price',
  'timezone',
  'title',
  'waitlist',
].sort();

const pub = async (p: string, app = t.app) => app.request(`${TEST_ORIGIN}/api/public/events${p}`);
const pubEvent = async (p: string, app = t.app) => ((await (await pub(p, app)).json()) as { event: TPublicEvent }).event;
const patch = (id: string, json: unknown) => t.request(`/api/events/${id}`, { method: 'PATCH', json, cookie: owner.cookie });

async function until(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('public read', () => {
  it('answers by ?id, ?slug and path (id or slug) with explicit columns only: no keys, no owner', async () => {
    const e = await createEvent(t, owner, { ...paidEventInput({ stripe_secret_key: SECRET }), max_attendees: 40, subtitle: 'Sub' });
    for (const p of [`?id=${e.id}`, `?slug=${e.slug}`, `/${e.id}`, `/${e.slug}`, `?id=${e.id}&slug=nope`]) {
      const res = await pub(p);
      expect(res.status, p).toBe(200);
      const text = await res.text();
      const event = JSON.parse(text).event as TPublicEvent;
      expect(Object.keys(event).sort()).toEqual(PUBLIC_KEYS);
      expect(event).toMatchObject({ id: e.id, title: e.title, seats_left: 40, ticket_price: 25, is_paid_event: true });
      // "Hosted by" the owner's display name: an account without one shows its e-mail's local part.
      const local = owner.email.split('@')[0];
      expect(event).toMatchObject({ host_name: local, host_line: `Hosted by ${local}` });
      for (const leak of [SECRET, 'stripe', 'sk_test', owner.id, owner.email, 'user_id', 'seats_taken'])
        expect(text, leak).not.toContain(leak);
    }
  });

  it('400 without an identifier, 404 for unknown, malformed or inactive events', async () => {
    const none = await pub('');
    expect(none.status).toBe(400);
    expect((await none.json()).error.message).toBe(MSG.noEventIdentifier);
    const inactive = await createEvent(t, owner, { is_active: false });
    for (const p of [
      `?id=${crypto.randomUUID()}`,
      '?id=not-a-uuid',
      '?slug=nope',
      `/${inactive.id}`,
      `?slug=${inactive.slug}`,
      '/%3Cscript%3E',
    ]) {
      const res = await pub(p);
      expect(res.status, p).toBe(404);
      expect((await res.json()).error.message).toBe(MSG.eventNotFound);
    }
  });

  it('resolves the theme colours', async () => {
    const e = await createEvent(t, owner, { custom_colors: { background: '#101010', text: '#fafafa' } });
    expect((await pubEvent(`/${e.id}`)).theme).toEqual({
      name: e.title,
      colors: { primary: '#32251b', secondary: '#32251b', accent: '#8B5CF6', background: '#101010', text: '#fafafa' },
    });
  });
});

describe('server-rendered share tags (plain HTTP GET, no JavaScript)', () => {
  it('carry title, description, Open Graph, Twitter card and JSON-LD, escaped', async () => {
    const e = await createEvent(t, owner, {
      title: 'Tom & Jerry\'s "Big" <Night>',
      subtitle: 'Cheese </script><script>alert(1)</script>',
      location: 'Hall <B>',
      image_url: '/media/0123456789abcdef0123456789abcdef.jpg',
      timezone: 'America/New_York',
    });
    for (const p of [`/event/${e.id}`, `/event?id=${e.id}`, `/event?slug=${e.slug}`, `/event/${e.slug}`]) {
      const res = await t.request(p);
      expect(res.status, p).toBe(200);
      const html = await res.text();
      const head = html.slice(html.indexOf('<!--head:start-->'), html.indexOf('<!--head:end-->'));
      expect(head).toContain('<title>Tom &amp; Jerry&#39;s &quot;Big&quot; &lt;Night&gt; | Event</title>');
      expect(head).toContain('<meta name="description" content="Cheese &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
      expect(head).toContain('<meta property="og:title" content="Tom &amp; Jerry&#39;s &quot;Big&quot; &lt;Night&gt;">');
      expect(head).toContain('<meta property="og:type" content="event">');
      expect(head).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/event/${e.slug}">`);
      expect(head).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/media/0123456789abcdef0123456789abcdef.jpg">`);
      expect(head).toContain('<meta property="og:image:width" content="1200">');
      expect(head).toContain('<meta property="og:image:height" content="675">');
      expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
      // JSON-LD and the page's event data, each closed once: nothing in the data ends a script early.
      expect(head.match(/<script/g)).toHaveLength(2);
      expect(head.match(/<\/script>/g)).toHaveLength(2);

      const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)![1]!;
      expect(json).not.toContain('<');
      const ld = JSON.parse(json);
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: e.title,
        startDate: e.event_date,
        endDate: new Date(Date.parse(e.event_date) + 4 * 3600_000).toISOString(),
        location: { '@type': 'Place', name: 'Hall <B>' },
        image: [`${TEST_ORIGIN}/media/0123456789abcdef0123456789abcdef.jpg`],
        url: `${TEST_ORIGIN}/event/${e.slug}`,
      });
    }
  });

  it('carry the event as the API answers it (the page starts without fetching it), escaped and as fresh as the API', async () => {
    const e = await createEvent(t, owner, { title: 'Seats <b>&</b> \u2028 </script>', max_attendees: 10 });
    const eventData = async (p: string) => {
      const html = await (await t.request(p)).text();
      const json = /<script type="application\/json" id="event-data">(.*?)<\/script>/s.exec(html)?.[1];
      expect(json, p).toBeDefined();
      expect(json).not.toMatch(/[<>&\u2028]/);
      return JSON.parse(json!) as TPublicEvent;
    };
    for (const p of [`/event/${e.id}`, `/event?id=${e.id}`, `/event?slug=${e.slug}`, `/event/${e.slug}`]) {
      expect(await eventData(p), p).toEqual(await pubEvent(`/${e.id}`));
    }
    expect((await eventData(`/event/${e.id}`)).title).toBe('Seats <b>&</b> \u2028 </script>');
    // A seat taken (as the RSVP module writes it) shows in the next page, like in the API.
    await t.db.update(events).set({ seats_taken: 4 }).where(eq(events.id, e.id));
    expect(await until(async () => (await eventData(`/event/${e.slug}`)).seats_left === 6)).toBe(true);
    expect((await pubEvent(`/${e.id}`)).seats_left).toBe(6);
  });

  it('a shared cache may keep an event page 5 s and its seat figures 1 s; nothing else is kept (ADR 0025)', async () => {
    const e = await createEvent(t, owner, { title: 'Launch', max_attendees: 10, show_guest_count: true });
    for (const p of [`/event/${e.id}`, `/event?slug=${e.slug}`, `/event/${e.slug}`]) {
      const res = await t.request(p);
      expect([res.status, res.headers.get('cache-control'), res.headers.get('set-cookie')], p).toEqual([
        200,
        'public, max-age=0, s-maxage=5',
        null,
      ]);
    }
    for (const p of ['/event/no-such-event', '/auth', `/rsvp/${'x'.repeat(20)}`, '/']) {
      expect((await t.request(p)).headers.get('cache-control'), p).toBe('no-cache');
    }
    // The figures the page asks for right after it loads: as the page would carry them.
    const seats = async () => {
      const res = await pub(`/${e.id}/seats`);
      expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'public, max-age=0, s-maxage=1']);
      return res.json();
    };
    expect(await seats()).toEqual({ seats_left: 10, going: 0, seats_held: null });
    await t.db.update(events).set({ seats_taken: 3 }).where(eq(events.id, e.id));
    expect(await until(async () => (await seats()).seats_left === 7)).toBe(true);
    expect(await seats()).toEqual({ seats_left: 7, going: 3, seats_held: null });
    // An inactive, unknown or malformed event: 404, no figures.
    await patch(e.id, { is_active: false });
    for (const id of [e.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await pub(`/${id}/seats`);
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code], id).toEqual([404, 'not_found']);
    }
  });

  it('a field that reads like the page seat stand-ins is shown as typed; the figures land in their own places', async () => {
    const e = await createEvent(t, owner, { title: '@turnout:seats_left@', subtitle: '"@turnout:going@"', max_attendees: 12 });
    const html = await (await t.request(`/event/${e.slug}`)).text();
    const data = JSON.parse(/id="event-data">(.*?)<\/script>/s.exec(html)![1]!) as TPublicEvent;
    expect({ title: data.title, subtitle: data.subtitle, seats_left: data.seats_left, going: data.going }).toEqual({
      title: '@turnout:seats_left@',
      subtitle: '"@turnout:going@"',
      seats_left: 12,
      going: (await pubEvent(`/${e.id}`)).going,
    });
  });

  it('keep one built page per event however often its seat figures move, so a rush cannot push other pages out', async () => {
    const e = await createEvent(t, owner, { title: 'Busy Launch', max_attendees: 100 });
    const other = await createEvent(t, owner, { title: 'Quiet Supper' });
    const seatsOnPage = async () => {
      const html = await (await t.request(`/event/${e.slug}`)).text();
      return (JSON.parse(/id="event-data">(.*?)<\/script>/s.exec(html)![1]!) as TPublicEvent).seats_left;
    };
    expect(await seatsOnPage()).toBe(100);
    await t.request(`/event/${other.slug}`);
    const kept = t.spa.cachedPages;
    for (let i = 1; i <= 30; i++) {
      const res = await t.request(`/api/public/events/${e.id}/rsvps`, {
        method: 'POST',
        json: { name: `Guest ${i}`, email: `launch-${i}-${Date.now()}@example.com`, guest_count: 1, status: 'confirmed' },
      });
      expect(res.status).toBe(201);
      // Every view shows the figure this process just committed (ADR 0016), from the same cache entry.
      expect(await seatsOnPage()).toBe(100 - i);
    }
    expect(t.spa.cachedPages).toBe(kept);
    expect(await (await t.request(`/event/${other.slug}`)).text()).toContain('Quiet Supper');
    expect(t.spa.cachedPages).toBe(kept);
  });

  it('unknown and inactive events answer 404 with no share tags; other pages are untouched', async () => {
    const inactive = await createEvent(t, owner, { is_active: false, title: 'Hidden Gala' });
    for (const p of [
      `/event/${inactive.id}`,
      `/event?slug=${inactive.slug}`,
      '/event/no-such-event',
      `/event?id=${crypto.randomUUID()}`,
      '/event',
    ]) {
      const res = await t.request(p);
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html).not.toContain('Hidden Gala');
      expect(html).not.toContain('og:title');
    }
    expect((await t.request('/auth/admin')).status).toBe(200);
  });
});

describe('cache: an edit shows on the next public read at once', () => {
  it('in this process (JSON and HTML) and, through NOTIFY, in another process', async () => {
    const e = await createEvent(t, owner, { title: 'Before' });
    // Warm both processes' caches.
    expect((await pubEvent(`/${e.id}`)).title).toBe('Before');
    expect((await pubEvent(`?slug=${e.slug}`, app2)).title).toBe('Before');
    expect(await (await t.request(`/event/${e.slug}`)).text()).toContain('<title>Before | Event</title>');

    await patch(e.id, { title: 'After' });
    expect((await pubEvent(`/${e.id}`)).title).toBe('After');
    expect((await pubEvent(`/${e.slug}`)).title).toBe('After');
    expect(await (await t.request(`/event/${e.slug}`)).text()).toContain('<title>After | Event</title>');
    expect(await until(async () => (await pubEvent(`?slug=${e.slug}`, app2)).title === 'After')).toBe(true);

    // A slug change frees the old slug at once.
    const renamed = (await (await patch(e.id, { slug: `${e.slug}-x` })).json()).event as TEventAdmin;
    expect((await pub(`?slug=${e.slug}`)).status).toBe(404);
    expect((await pubEvent(`?slug=${renamed.slug}`)).id).toBe(e.id);

    await patch(e.id, { is_active: false });
    expect((await pub(`/${e.id}`)).status).toBe(404);
    expect(await until(async () => (await pub(`/${e.id}`, app2)).status === 404)).toBe(true);

    await patch(e.id, { is_active: true });
    expect((await pub(`/${e.id}`)).status).toBe(200);
    await t.request(`/api/events/${e.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect((await pub(`/${e.id}`)).status).toBe(404);
    expect((await t.request(`/event/${e.id}`)).status).toBe(404);
  });

  it('reads are served from the cache; an edit invalidates it, a seat count only refreshes seats left (ADR 0016)', async () => {
    const e = await createEvent(t, owner, { title: 'Cached', max_attendees: 10 });
    await pubEvent(`/${e.id}`);
    // Without the trigger a direct write goes unheard: the cached copy is still served.
    await t.db.execute(sql`ALTER TABLE events DISABLE TRIGGER events_notify_changed`);
    try {
      await t.db.update(events).set({ title: 'Silent' }).where(eq(events.id, e.id));
      expect((await pubEvent(`/${e.id}`)).title).toBe('Cached');
    } finally {
      await t.db.execute(sql`ALTER TABLE events ENABLE TRIGGER events_notify_changed`);
    }
    // A seat count (as the RSVP module writes it) is not an edit: no NOTIFY, the cached event stays,
    // and seats left follow in every process (the 1 s bound is the bench's: launch-mix.ts).
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    await listener.query('LISTEN turnout_event_changed');
    try {
      await t.db.update(events).set({ seats_taken: 3 }).where(eq(events.id, e.id));
      expect(await until(async () => (await pubEvent(`/${e.id}`)).seats_left === 7)).toBe(true);
      expect(await until(async () => (await pubEvent(`/${e.id}`, app2)).seats_left === 7)).toBe(true);
      expect((await pubEvent(`/${e.id}`)).title).toBe('Cached');
      expect(heard).toEqual([]);
      // An edit is heard, for that event only.
      await t.db.update(events).set({ title: 'Loud' }).where(eq(events.id, e.id));
      expect(await until(async () => (await pubEvent(`/${e.id}`)).title === 'Loud')).toBe(true);
      // The app's own listener may hear it first: wait for this one's copy too.
      expect(await until(async () => heard.length > 0)).toBe(true);
      expect(heard).toEqual([e.id]);
    } finally {
      await listener.end();
    }
  });

  it('invalidation is per event, never global: a read that raced an edit of another event is still stored (ADR 0016)', async () => {
    const a = await createEvent(t, owner, { title: 'Edited' });
    const b = await createEvent(t, owner, { title: 'Untouched' });
    const cache = t.deps.caches.publicEvents;
    const read = (id: string) => pubEvent(`/${id}`);
    cache.listen();
    expect(await until(async () => cache.enabled)).toBe(true);
    const bEvent = await read(b.id);
    cache.invalidate(b.id); // b's entry gone; its next read is stored again below
    const ticket = cache.ticket(); // a read of b begins…
    cache.invalidate(a.id); // …an edit of a lands meanwhile…
    cache.set(bEvent, ticket); // …and b's read is kept: a's edit says nothing about b
    expect(cache.get({ id: b.id })?.event.title).toBe('Untouched');
    const aEvent = await read(a.id);
    const before = cache.ticket();
    cache.invalidate(a.id);
    cache.set(aEvent, before); // a read that raced its own event's edit is not
    expect(cache.get({ id: a.id })).toBeUndefined();
  });

  it('the change trigger watches every column of events but the seat counter’s (a new column notifies; drizzle/0021)', async () => {
    const columns = async (query: ReturnType<typeof sql>) =>
      ((await t.db.execute(query)).rows as { name: string }[]).map((r) => r.name).sort();
    const watched = await columns(sql`
      SELECT a.attname AS name FROM pg_trigger tg
      CROSS JOIN unnest(tg.tgattr::int2[]) AS k(attnum)
      JOIN pg_attribute a ON a.attrelid = tg.tgrelid AND a.attnum = k.attnum
      WHERE tg.tgrelid = 'events'::regclass AND tg.tgname = 'events_notify_changed'`);
    const others = await columns(sql`
      SELECT attname AS name FROM pg_attribute
      WHERE attrelid = 'events'::regclass AND attnum > 0 AND NOT attisdropped
        AND attname NOT IN ('seats_taken', 'seats_version', 'updated_at', 'rsvps_notified_until')`);
    // A column added to events must be added to the trigger's UPDATE OF list too (a new migration).
    expect(watched).toEqual(others);
  });

  it('the listener reconnects after its connection is killed, and nothing stale is served meanwhile', async () => {
    const e = await createEvent(t, owner, { title: 'One' });
    await pubEvent(`/${e.id}`);
    await pubEvent(`/${e.id}`, app2);
    const killed = await t.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN turnout_event_changed'`,
    );
    expect(killed.rows.length).toBe(2);
    await t.db.update(events).set({ title: 'Two' }).where(eq(events.id, e.id));
    expect(await until(async () => (await pubEvent(`/${e.id}`)).title === 'Two')).toBe(true);
    expect(await until(async () => (await pubEvent(`/${e.id}`, app2)).title === 'Two')).toBe(true);
    // Listening again: a later write is heard too.
    expect(
      await until(async () => {
        const r = await t.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN turnout_event_changed'`,
        );
        return (r.rows[0] as { n: number }).n === 2;
      }),
    ).toBe(true);
    await pubEvent(`/${e.id}`, app2);
    await t.db
      .update(events)
      .set({ title: 'Three' })
      .where(and(eq(events.id, e.id)));
    expect(await until(async () => (await pubEvent(`/${e.id}`, app2)).title === 'Three')).toBe(true);
  });
});
