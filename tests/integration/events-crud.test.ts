import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { THEME_DEFAULT_COLORS } from '../../src/common/constants.ts';
import { MSG } from '../../src/common/messages.ts';
import type { TEventAdmin, TTheme } from '../../src/common/schemas/events.ts';
import { openSecret } from '../../src/server/crypto/secret-box.ts';
import { event_themes, events } from '../../src/server/db/schema/events.ts';
import { EVENT_CHANGED_CHANNEL } from '../../src/server/modules/events/public/public-event-cache.ts';
import { secretKeyContext } from '../../src/server/domain/event-values.ts';
import { createEvent, futureDate, paidEventInput } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const SECRET = 'sk_live_51HveryS3cretKeyValue0000abcd';

/** Every response body this file sees, to prove the secret key never leaves the server. */
const bodies: string[] = [];
async function call(path: string, init: Parameters<typeof t.request>[1] = {}) {
  const res = await t.request(path, init);
  bodies.push(await res.clone().text());
  return res;
}
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('create: validation texts of the event rules', () => {
  it('needs title and date: "Please fill in the title and event date."', async () => {
    const u = await signedInUser(t);
    const both = await call('/api/events', { method: 'POST', json: {}, cookie: u.cookie });
    expect(both.status).toBe(400);
    expect((await errorOf(both)).fields).toMatchObject({ title: MSG.eventMissing, event_date: MSG.eventMissing });

    const noTitle = await call('/api/events', { method: 'POST', json: { title: '   ', event_date: futureDate() }, cookie: u.cookie });
    expect(await errorOf(noTitle)).toMatchObject({
      code: 'validation_failed',
      message: MSG.eventMissing,
      fields: { title: MSG.eventMissing },
    });
    const noDate = await call('/api/events', { method: 'POST', json: { title: 'Party', event_date: '' }, cookie: u.cookie });
    expect((await errorOf(noDate)).fields).toEqual({ event_date: MSG.eventMissing });
  });

  it('checks max attendees, price, keys, end date and time zone with field messages', async () => {
    const u = await signedInUser(t);
    const base = { title: 'Party', event_date: futureDate() };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ max_attendees: 0 }, { max_attendees: 'Enter a whole number of at least 1, or leave empty for unlimited.' }],
      [{ max_attendees: 2.5 }, { max_attendees: 'Enter a whole number of at least 1, or leave empty for unlimited.' }],
      [
        { is_paid_event: true, ticket_price: -1, stripe_publishable_key: 'pk_test_x', stripe_secret_key: 'sk_test_x' },
        { ticket_price: 'Enter a price of 0 or more.' },
      ],
      [{ ticket_price: 1.234 }, { ticket_price: 'Use at most two decimals.' }],
      [
        { is_paid_event: true },
        {
          ticket_price: 'A paid event needs a ticket price.',
          stripe_publishable_key: 'A paid event needs the Stripe publishable key.',
          stripe_secret_key: 'A paid event needs the Stripe secret key.',
        },
      ],
      [{ stripe_publishable_key: 'sk_test_oops' }, { stripe_publishable_key: 'The publishable key starts with pk_test_ or pk_live_.' }],
      [{ stripe_secret_key: 'pk_test_oops' }, { stripe_secret_key: 'The secret key starts with sk_test_ or sk_live_.' }],
      [{ end_date: base.event_date }, { end_date: 'The end must be after the start.' }],
      [{ timezone: 'Mars/Olympus' }, { timezone: 'Choose a valid time zone.' }],
      [{ currency: 'jpy' }, { currency: 'Choose usd, eur, gbp or cad.' }],
      [{ image_url: 'javascript:alert(1)' }, { image_url: 'Upload an image or use an https:// link.' }],
    ];
    for (const [extra, fields] of cases) {
      const res = await call('/api/events', { method: 'POST', json: { ...base, ...extra }, cookie: u.cookie });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect((await errorOf(res)).fields, JSON.stringify(extra)).toEqual(fields);
    }
    // 0 is a valid price; empty max attendees means unlimited.
    const free = await createEvent(t, u, { ...paidEventInput({ ticket_price: 0 }), max_attendees: null });
    expect(free).toMatchObject({ ticket_price: 0, max_attendees: null, is_paid_event: true });
  });

  it('trims text, drops empty text and applies the defaults', async () => {
    const u = await signedInUser(t);
    const e = await createEvent(t, u, { title: '  Garden Party  ', subtitle: '   ', location: ' Park ', rsvp_button_text: '' });
    expect(e).toMatchObject({
      title: 'Garden Party',
      subtitle: null,
      location: 'Park',
      rsvp_button_text: 'RSVP',
      currency: 'usd',
      is_active: true,
      is_paid_event: false,
      timezone: 'UTC',
      role: 'owner',
      user_id: u.id,
      seats_taken: 0,
    });
  });
});

describe('slugs', () => {
  it('generates one from the title: lower-case, alphanumerics, single hyphens, 6-character suffix', async () => {
    const u = await signedInUser(t);
    const e = await createEvent(t, u, { title: "Summer   Party! Ana's 2025" });
    expect(e.slug).toMatch(/^summer-party-anas-2025-[a-z0-9]{6}$/);
    const again = await createEvent(t, u, { title: "Summer   Party! Ana's 2025", slug: '' });
    expect(again.slug).toMatch(/^summer-party-anas-2025-[a-z0-9]{6}$/);
    expect(again.slug).not.toBe(e.slug);
    const symbols = await createEvent(t, u, { title: '!!!' });
    expect(symbols.slug).toMatch(/^[a-z0-9]{6}$/);
  });

  it('keeps a given slug unique (409 naming the field) and reserves /sample', async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const e = await createEvent(t, u, { slug: 'My-Launch' });
    expect(e.slug).toBe('my-launch');
    const dup = await call('/api/events', {
      method: 'POST',
      json: { title: 'X', event_date: futureDate(), slug: 'my-launch' },
      cookie: other.cookie,
    });
    expect(dup.status).toBe(409);
    expect((await errorOf(dup)).fields?.slug).toMatch(/already taken/);
    const reserved = await call('/api/events', {
      method: 'POST',
      json: { title: 'X', event_date: futureDate(), slug: 'sample' },
      cookie: u.cookie,
    });
    expect(reserved.status).toBe(409);
    const bad = await call('/api/events', {
      method: 'POST',
      json: { title: 'X', event_date: futureDate(), slug: 'no spaces!' },
      cookie: u.cookie,
    });
    expect((await errorOf(bad)).fields).toEqual({ slug: 'Use only lower-case letters, digits and hyphens.' });

    const second = await createEvent(t, u);
    const clash = await call(`/api/events/${second.id}`, { method: 'PATCH', json: { slug: 'my-launch' }, cookie: u.cookie });
    expect(clash.status).toBe(409);
    const same = await call(`/api/events/${e.id}`, { method: 'PATCH', json: { slug: 'my-launch' }, cookie: u.cookie });
    expect(same.status).toBe(200);
  });
});

describe('the Stripe secret key is write-only', () => {
  it('is stored encrypted, decrypts to the key, shows masked, and no response carries it', async () => {
    const u = await signedInUser(t);
    const e = await createEvent(t, u, paidEventInput({ stripe_secret_key: SECRET }));
    expect(e.stripe_secret_key_masked).toBe('sk_live_…abcd');
    expect(JSON.stringify(e)).not.toContain(SECRET);

    const [row] = await t.db.select().from(events).where(eq(events.id, e.id));
    expect(row!.stripe_secret_key_enc).toBeTruthy();
    expect(row!.stripe_secret_key_enc).not.toContain(SECRET);
    expect(row!.stripe_secret_key_enc).not.toContain(SECRET.slice(8, 30));
    expect(openSecret(t.env.ENCRYPTION_KEY, row!.stripe_secret_key_enc!, secretKeyContext(e.id))).toBe(SECRET);
    // Bound to its event: the same ciphertext does not open as another event's key.
    expect(() => openSecret(t.env.ENCRYPTION_KEY, row!.stripe_secret_key_enc!, secretKeyContext(crypto.randomUUID()))).toThrow();

    // Omitted on edit: kept. Every read path answers without it.
    await call(`/api/events/${e.id}`, { method: 'PATCH', json: { title: 'Renamed' }, cookie: u.cookie });
    const [kept] = await t.db.select().from(events).where(eq(events.id, e.id));
    expect(kept!.stripe_secret_key_enc).toBe(row!.stripe_secret_key_enc);
    await call(`/api/events/${e.id}`, { cookie: u.cookie });
    await call('/api/events', { cookie: u.cookie });
    await call(`/api/public/events/${e.id}`);
    await call(`/api/public/events?slug=${e.slug}`);
    await call(`/event/${e.id}`);

    // Replaced: a new ciphertext and hint.
    const replaced = await call(`/api/events/${e.id}`, {
      method: 'PATCH',
      json: { stripe_secret_key: 'sk_test_51Hanother0000key9999wxyz' },
      cookie: u.cookie,
    });
    expect((await replaced.json()).event.stripe_secret_key_masked).toBe('sk_test_…wxyz');

    // Cleared with an explicit null, which a paid event refuses (it needs a key).
    const refused = await call(`/api/events/${e.id}`, { method: 'PATCH', json: { stripe_secret_key: null }, cookie: u.cookie });
    expect((await errorOf(refused)).fields).toEqual({ stripe_secret_key: 'A paid event needs the Stripe secret key.' });
    const cleared = await call(`/api/events/${e.id}`, {
      method: 'PATCH',
      json: { is_paid_event: false, stripe_secret_key: null },
      cookie: u.cookie,
    });
    expect((await cleared.json()).event.stripe_secret_key_masked).toBeNull();
    const [gone] = await t.db.select().from(events).where(eq(events.id, e.id));
    expect(gone!.stripe_secret_key_enc).toBeNull();
    expect(gone!.stripe_secret_key_hint).toBeNull();

    for (const body of bodies) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('sk_test_51Hanother0000key9999wxyz');
      expect(body).not.toContain('stripe_secret_key_enc');
    }
  });
});

describe('edit, list and delete', () => {
  it('PATCH changes only the fields given; empty text clears; the paid rules see the stored event', async () => {
    const u = await signedInUser(t);
    const e = await createEvent(t, u, { subtitle: 'Sub', location: 'Here', max_attendees: 50 });
    const res = await call(`/api/events/${e.id}`, { method: 'PATCH', json: { title: 'New title', subtitle: '' }, cookie: u.cookie });
    expect(res.status).toBe(200);
    const updated = (await res.json()).event as TEventAdmin;
    expect(updated).toMatchObject({ title: 'New title', subtitle: null, location: 'Here', max_attendees: 50, event_date: e.event_date });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(e.updated_at));

    const paid = await call(`/api/events/${e.id}`, { method: 'PATCH', json: { is_paid_event: true }, cookie: u.cookie });
    expect(Object.keys((await errorOf(paid)).fields ?? {}).sort()).toEqual(['stripe_publishable_key', 'stripe_secret_key', 'ticket_price']);
    const early = await call(`/api/events/${e.id}`, {
      method: 'PATCH',
      json: { end_date: new Date(Date.parse(e.event_date) - 3600_000).toISOString() },
      cookie: u.cookie,
    });
    expect((await errorOf(early)).fields).toEqual({ end_date: 'The end must be after the start.' });
    const unknownTheme = await call(`/api/events/${e.id}`, { method: 'PATCH', json: { theme_id: crypto.randomUUID() }, cookie: u.cookie });
    expect((await errorOf(unknownTheme)).fields).toEqual({ theme_id: 'Choose a theme from the list.' });
  });

  it('lists own events, active and inactive, newest event date first', async () => {
    const u = await signedInUser(t);
    const a = await createEvent(t, u, { event_date: futureDate(10) });
    const b = await createEvent(t, u, { event_date: futureDate(40), is_active: false });
    const c = await createEvent(t, u, { event_date: futureDate(20) });
    const list = (await (await call('/api/events', { cookie: u.cookie })).json()).events as TEventAdmin[];
    expect(list.map((e) => e.id)).toEqual([b.id, c.id, a.id]);
  });

  it('DELETE is a hard delete (204, then 404)', async () => {
    const u = await signedInUser(t);
    const e = await createEvent(t, u);
    expect((await call(`/api/events/${e.id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(204);
    expect((await call(`/api/events/${e.id}`, { cookie: u.cookie })).status).toBe(404);
    expect(await t.db.select().from(events).where(eq(events.id, e.id))).toHaveLength(0);
  });
});

describe('themes', () => {
  it('lists the defaults first, creates themes, and the custom-colours switch makes one named after the event', async () => {
    const u = await signedInUser(t);
    const created = await call('/api/themes', {
      method: 'POST',
      json: { name: 'Aardvark', colors: { ...THEME_DEFAULT_COLORS, accent: '#123456' } },
      cookie: u.cookie,
    });
    expect(created.status).toBe(201);
    expect((await created.json()).theme).toMatchObject({ name: 'Aardvark', is_default: false });
    const bad = await call('/api/themes', {
      method: 'POST',
      json: { name: '', colors: { ...THEME_DEFAULT_COLORS, text: 'red' } },
      cookie: u.cookie,
    });
    expect((await errorOf(bad)).fields).toEqual({ name: 'Please enter a theme name.', 'colors.text': 'Use a colour like #32251b.' });

    const e = await createEvent(t, u, { title: 'Rooftop Night', custom_colors: { background: '#000000' } });
    const themes = (await (await call('/api/themes', { cookie: u.cookie })).json()).themes as TTheme[];
    const firstCustom = themes.findIndex((x) => !x.is_default);
    expect(firstCustom).toBeGreaterThan(0);
    expect(themes.slice(firstCustom).every((x) => !x.is_default)).toBe(true);
    expect(themes[0]).toMatchObject({ name: 'Classic', colors: THEME_DEFAULT_COLORS });
    const mine = themes.find((x) => x.id === e.theme_id);
    expect(mine).toMatchObject({
      name: 'Rooftop Night',
      is_default: false,
      colors: { background: '#000000', text: THEME_DEFAULT_COLORS.text, accent: THEME_DEFAULT_COLORS.accent },
    });
    // Another host does not see this host's own themes.
    const other = await signedInUser(t);
    const theirs = (await (await call('/api/themes', { cookie: other.cookie })).json()).themes as TTheme[];
    expect(theirs.every((x) => x.is_default)).toBe(true);

    // Switch on without a background or text colour: no theme (docs/product.md#event-rules).
    const plain = await createEvent(t, u, { custom_colors: { accent: '#111111' } });
    expect(plain.theme_id).toBeNull();
  });

  it('a theme that cannot be created is logged and ignored: the event is saved all the same', async () => {
    const u = await signedInUser(t);
    // The database refuses this one theme (this test file's own database).
    await t.db.execute(sql`alter table event_themes add constraint refuse_one check (name <> 'Theme Refused Gala')`);
    try {
      const res = await call('/api/events', {
        method: 'POST',
        json: { title: 'Theme Refused Gala', event_date: futureDate(), custom_colors: { background: '#000000' } },
        cookie: u.cookie,
      });
      expect(res.status).toBe(201);
      const { event } = (await res.json()) as { event: TEventAdmin };
      expect(event.theme_id).toBeNull();
      const [stored] = await t.db.select().from(events).where(eq(events.id, event.id));
      expect(stored).toMatchObject({ title: 'Theme Refused Gala', theme_id: null });
    } finally {
      await t.db.execute(sql`alter table event_themes drop constraint refuse_one`);
    }
  });

  it('a custom-colour theme is part of the event save: a refused save leaves no theme behind', async () => {
    const u = await signedInUser(t);
    const first = await createEvent(t, u, { title: 'Slug Holder' });
    const ownThemes = async () => (await t.db.select().from(event_themes).where(eq(event_themes.created_by, u.id))).length;
    const taken = await call('/api/events', {
      method: 'POST',
      json: { title: 'Slug Thief', slug: first.slug, event_date: futureDate(), custom_colors: { background: '#000000' } },
      cookie: u.cookie,
    });
    expect(taken.status).toBe(409);
    const second = await createEvent(t, u, { title: 'Second' });
    const clash = await call(`/api/events/${second.id}`, {
      method: 'PATCH',
      json: { slug: first.slug, custom_colors: { text: '#ffffff' } },
      cookie: u.cookie,
    });
    expect(clash.status).toBe(409);
    expect(await ownThemes()).toBe(0);
  });

  it('one event save with custom colours is one change for listeners: one NOTIFY on an edit, none on a create', async () => {
    const u = await signedInUser(t);
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    const heard: string[] = [];
    let marked: () => void = () => {};
    listener.on('notification', (msg) => {
      if (msg.payload === 'marker') marked();
      else heard.push(msg.payload!);
    });
    await listener.query(`LISTEN ${EVENT_CHANGED_CHANNEL}`);
    // Notifications reach a listener in commit order: once a marker sent afterwards is heard, every earlier one was.
    const heardSoFar = async () => {
      const arrived = new Promise<void>((resolve) => {
        marked = resolve;
      });
      await t.db.execute(sql`SELECT pg_notify(${EVENT_CHANGED_CHANNEL}, 'marker')`);
      await arrived;
      return heard.splice(0);
    };
    try {
      const e = await createEvent(t, u, { title: 'Colourful', custom_colors: { background: '#101010' } });
      expect(e.theme_id).not.toBeNull();
      // An insert is not announced (the trigger fires on UPDATE and DELETE): nothing cached can be stale.
      expect(await heardSoFar()).toEqual([]);

      const res = await call(`/api/events/${e.id}`, {
        method: 'PATCH',
        json: { title: 'Recoloured', custom_colors: { background: '#202020' } },
        cookie: u.cookie,
      });
      expect(res.status).toBe(200);
      const { event } = (await res.json()) as { event: TEventAdmin };
      expect(event.theme_id).not.toBe(e.theme_id);
      const [theme] = await t.db.select().from(event_themes).where(eq(event_themes.id, event.theme_id!));
      expect(theme).toMatchObject({ name: 'Recoloured', colors: { background: '#202020' } });
      expect(await heardSoFar()).toEqual([e.id]);
    } finally {
      await listener.end();
    }
  });
});
