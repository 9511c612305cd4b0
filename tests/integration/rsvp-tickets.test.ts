import { randomBytes, randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { event_hosts } from '../../src/server/db/schema/events.ts';
import { outbox, type SendableEmail } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { signTicketToken, TICKET_TOKEN_LENGTH, verifyTicketToken } from '../../src/server/domain/ticket-token.ts';
import { verifyTicket } from '../../src/server/modules/tickets/verify-ticket.ts';
import { changeAnswer, insertEvent, insertImportedRsvp, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { decodePng } from '../support/qr.ts';
import { mailOf } from '../support/outbox-mail.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const KEY = t.env.TICKET_SIGNING_KEY;
const verify = (token: string, eventId?: string) => verifyTicket({ db: t.db, signingKey: KEY, token, eventId });

const owner = await signedInUser(t);
const event = await insertEvent(t, { user_id: owner.id, max_attendees: 500, title: 'Harbour Gala' });

async function confirmed(overrides: Record<string, unknown> = {}) {
  const res = await postRsvp(t, event.id, rsvpInput(overrides));
  expect(res.status).toBe(201);
  const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, res.body.rsvp.id));
  return row!;
}

/** The one outbox e-mail of an RSVP whose key matches `pattern` (SQL LIKE after the RSVP id). */
async function mailTo(rsvpId: string, pattern: string): Promise<SendableEmail> {
  const rows = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.idempotency_key, pattern.replace('rsvp:%', `rsvp:${rsvpId}`)));
  expect(rows).toHaveLength(1);
  return mailOf(rows[0]!.payload);
}

const readRsvp = async (id: string) => (await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!;
/** A random nonce, as event_rsvps.qr_nonce holds one. */
const nonceArb = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('base64url'));
const sign = (nonce: string, key = KEY) => signTicketToken({ key, nonce });

/** Every encoding of an RSVP id we could think of, as text and as raw bytes. */
function encodingsOf(id: string): { texts: string[]; bytes: Buffer[] } {
  const raw = Buffer.from(id.replaceAll('-', ''), 'hex');
  const str = Buffer.from(id);
  const texts = [id, id.toUpperCase(), id.replaceAll('-', ''), id.replaceAll('-', '').toUpperCase()];
  for (const b of [raw, str, Buffer.from(id.toUpperCase())]) {
    // base64 of the bytes at every alignment (a prefix shifts the 3-byte groups); drop the edge characters.
    for (const pad of [0, 1, 2]) {
      const enc = Buffer.concat([Buffer.alloc(pad), b]).toString('base64url');
      const inner = enc.slice(Math.ceil((pad * 4) / 3) + 1, -2);
      texts.push(inner, inner.replaceAll('-', '+').replaceAll('_', '/'));
    }
  }
  return { texts, bytes: [raw, str] };
}

/** True when `s` carries the RSVP id in the clear: as text, or as bytes under base64/base64url/hex at any offset. */
function revealsId(s: string, id: string): boolean {
  const { texts, bytes } = encodingsOf(id);
  if (texts.some((x) => x.length >= 16 && s.toLowerCase().includes(x.toLowerCase()))) return true;
  const decodings: Buffer[] = [];
  for (let i = 0; i < 4; i++) decodings.push(Buffer.from(s.slice(i).replace(/[^A-Za-z0-9_-]/g, ''), 'base64url'));
  for (let i = 0; i < 2; i++) decodings.push(Buffer.from(s.slice(i).replace(/[^0-9a-f]/gi, ''), 'hex'));
  return decodings.some((d) => bytes.some((b) => d.includes(b)));
}

const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+%';
/** With URL separators and blanks: the raw token check must refuse those too. */
const ALL_CHARS = `${TOKEN_CHARS}/?# \n`;

/** Any string that differs from `token` by one flipped, inserted or deleted character. */
const mutation = (token: string, chars = ALL_CHARS) => {
  const anyChar = fc.constantFrom(...chars.split(''));
  return fc
    .oneof(
      fc.tuple(fc.nat(token.length - 1), anyChar).map(([i, c]) => token.slice(0, i) + c + token.slice(i + 1)),
      fc.tuple(fc.nat(token.length), anyChar).map(([i, c]) => token.slice(0, i) + c + token.slice(i)),
      fc.nat(token.length - 1).map((i) => token.slice(0, i) + token.slice(i + 1)),
    )
    .filter((m) => m !== token);
};

/** The seed's legacy QR payload naming `rsvpId`, in any of its shapes, with arbitrary other fields. */
const legacyPayload = (rsvpId: string) =>
  fc
    .tuple(
      fc.record({
        status: fc.constantFrom('confirmed', 'paid', 'pending'),
        event_name: fc.string({ maxLength: 30 }),
        user_name: fc.string({ maxLength: 30 }),
        phone: fc.string({ maxLength: 15 }),
        paid_at: fc.constantFrom(null, '2024-05-01T12:00:00Z'),
      }),
      fc.constantFrom(rsvpId, rsvpId.toUpperCase()),
      fc.constantFrom('raw', 'encoded', 'url', 'path'),
    )
    .map(([fields, code, shape]) => {
      const json = JSON.stringify({ ...fields, verification_code: code });
      const twice = encodeURIComponent(encodeURIComponent(json));
      if (shape === 'raw') return json;
      if (shape === 'encoded') return encodeURIComponent(json);
      if (shape === 'url') return `https://events.example.com/ticket-verification/${twice}`;
      return `/checkin/verify/${twice}?event=${event.id}`;
    });

describe('signed ticket tokens', () => {
  it('round-trips any nonce, compact (≤ 128 characters)', () => {
    fc.assert(
      fc.property(nonceArb, (nonce) => {
        const token = sign(nonce);
        expect(token.length).toBe(TICKET_TOKEN_LENGTH);
        expect(token.length).toBeLessThanOrEqual(128);
        expect(verifyTicketToken({ key: KEY, token })).toEqual({ nonce });
      }),
    );
  });

  it('the revealsId check itself finds an id in every encoding it knows', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ maxLength: 5 }), (id, prefix) => {
        const raw = Buffer.from(id.replaceAll('-', ''), 'hex');
        for (const s of [
          id,
          id.replaceAll('-', ''),
          Buffer.concat([Buffer.from(prefix), raw]).toString('base64url'),
          Buffer.concat([Buffer.from(prefix), raw]).toString('base64'),
          Buffer.from(prefix + id).toString('base64url'),
          Buffer.from(prefix + id).toString('base64'),
        ]) {
          expect(revealsId(`x.${s}.y`, id), s).toBe(true);
        }
        return !revealsId(sign(Buffer.from(randomUUID().replaceAll('-', ''), 'hex').toString('base64url')), id);
      }),
    );
  });

  it('no token, ticket URL or QR image URL of an RSVP carries its id in any encoding', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await postRsvp(t, event.id, rsvpInput());
      const row = await readRsvp(res.body.rsvp.id);
      const ticket = await (await t.request(res.body.ticket_url.replace('/ticket/', '/api/public/tickets/'))).json();
      for (const s of [row.qr_code_data!, row.qr_code_image_url!, res.body.ticket_url, ticket.verification_url, ticket.qr_png_url]) {
        expect(revealsId(s, row.id), s).toBe(false);
      }
      // Nor is the ticket page's secret in the token: holding the QR does not open the page.
      expect(row.qr_code_data).not.toContain(row.ticket_secret);
    }
  });

  it('refuses every one-character mutation of a valid token, and the token under another key', () => {
    fc.assert(
      fc.property(nonceArb, fc.string({ minLength: 1 }), (nonce, otherKey) => {
        const token = sign(nonce);
        fc.assert(
          fc.property(mutation(token), (m) => verifyTicketToken({ key: KEY, token: m }) === null),
          { numRuns: 30 },
        );
        if (otherKey !== KEY) expect(verifyTicketToken({ key: otherKey, token })).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('refuses random strings, including ones shaped like a token', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => verifyTicketToken({ key: KEY, token: s }) === null));
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/), (s) => verifyTicketToken({ key: KEY, token: s }) === null),
    );
  });

  it('verifyTicket: a real ticket is valid; any mutation, other nonce, other key or random text is not', async () => {
    const row = await confirmed();
    const token = row.qr_code_data!;
    expect(token).toBe(sign(row.qr_nonce));
    expect(await verify(token)).toEqual({ rsvpId: row.id, eventId: event.id, via: 'token' });
    expect(await verify(`${TEST_ORIGIN}/ticket-verification/${token}?event=${event.id}`)).toMatchObject({ rsvpId: row.id });
    expect(await verify(token, event.id)).toMatchObject({ rsvpId: row.id });
    expect(await verify(token, randomUUID())).toBeNull();

    // verifyTicket also reads links (…/ticket-verification/{token}?event=…, padded with blanks), so a
    // '/' in front or a '?' behind still names the same signed token: mutate within the token only.
    await fc.assert(
      fc.asyncProperty(mutation(token, TOKEN_CHARS), async (m) => (await verify(m)) === null),
      { numRuns: 300 },
    );
    for (const link of [` ${token}\n`, `/${token}`, `${token}?event=${event.id}`, `https://elsewhere.example/x/${token}#top`]) {
      expect(await verify(link)).toMatchObject({ rsvpId: row.id });
    }
    await fc.assert(
      fc.asyncProperty(nonceArb, async (nonce) => (await verify(sign(nonce))) === null),
      { numRuns: 50 },
    );
    expect(await verify(sign(row.qr_nonce, `${KEY}x`))).toBeNull();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (s) => (await verify(s)) === null),
      { numRuns: 200 },
    );
    // The RSVP id is in every ticket URL: a legacy payload naming it, built without the signing key,
    // is refused in every shape, with or without the event, and the real token still verifies.
    await fc.assert(
      fc.asyncProperty(
        legacyPayload(row.id),
        fc.boolean(),
        async (forged, withEvent) => (await verify(forged, withEvent ? event.id : undefined)) === null,
      ),
      { numRuns: 200 },
    );
    expect(await verify(token)).toMatchObject({ rsvpId: row.id });
  });

  it('a forged legacy payload is refused for every RSVP this app issued, whatever its answer history', async () => {
    const issued = [
      await confirmed(),
      await confirmed({ guest_count: 4 }),
      (
        await t.db
          .select()
          .from(event_rsvps)
          .where(eq(event_rsvps.id, (await postRsvp(t, event.id, rsvpInput({ status: 'maybe' }))).body.rsvp.id))
      )[0]!,
    ];
    // maybe → confirmed: still an RSVP of ours, with a signed token and legacy_qr false.
    await changeAnswer(t, event.id, { name: issued[2]!.name, email: issued[2]!.email, guest_count: 1 }, { status: 'confirmed' });
    for (const row of issued) expect((await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, row.id)))[0]!.legacy_qr).toBe(false);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...issued.map((r) => r.id)).chain(legacyPayload), async (forged) => (await verify(forged)) === null),
      { numRuns: 150 },
    );
  });

  it('only confirmed (or paid) RSVPs verify: maybe and declined do not', async () => {
    const input = rsvpInput();
    await postRsvp(t, event.id, input);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.email, input.email));
    const token = row!.qr_code_data!;
    expect(await verify(token)).not.toBeNull();
    await changeAnswer(t, event.id, input, { status: 'maybe' });
    expect(await verify(token)).toBeNull();
    await changeAnswer(t, event.id, input, { status: 'declined' });
    expect(await verify(token)).toBeNull();
    await changeAnswer(t, event.id, input);
    expect(await verify(token)).toBeNull(); // left 'confirmed' once: that ticket is retired
    const [again] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, row!.id));
    expect(await verify(again!.qr_code_data!)).not.toBeNull();
  });

  it('re-confirming after a decline signs a new ticket; the one from before the decline stays refused', async () => {
    const input = rsvpInput({ guest_count: 2 });
    const id = (await postRsvp(t, event.id, input)).body.rsvp.id as string;
    const read = () => readRsvp(id);
    const { qr_code_data: a, ticket_secret: secret } = await read();
    expect(await verify(a!)).toMatchObject({ rsvpId: id, via: 'token' });

    expect((await changeAnswer(t, event.id, input, { status: 'declined' })).status).toBe(200);
    expect(await read()).toMatchObject({ status: 'declined', qr_version: 2, qr_code_data: null });
    expect(await verify(a!)).toBeNull();

    expect((await changeAnswer(t, event.id, input)).status).toBe(200);
    const now = await read();
    const b = now.qr_code_data!;
    // The guest's ticket page stays (a guest's own decline locks nobody out); its QR is new.
    expect(now).toMatchObject({
      status: 'confirmed',
      qr_version: 2,
      ticket_secret: secret,
      qr_code_image_url: `${TEST_ORIGIN}/qr/${secret}.png?v=2`,
    });
    expect(b).not.toBe(a);
    expect(b).toBe(sign(now.qr_nonce));
    expect(await verify(b)).toMatchObject({ rsvpId: id, via: 'token' });
    expect(await verify(a!)).toBeNull();
    // What the guest sees (ticket page, QR image) carries B, never A.
    const ticket = await (await t.request(`/api/public/tickets/${secret}`)).json();
    expect(ticket).toMatchObject({ verification_url: `${TEST_ORIGIN}/ticket-verification/${b}`, qr_png_url: `/qr/${secret}.png?v=2` });
    expect(await decodePng(Buffer.from(await (await t.request(`/qr/${secret}.png`)).arrayBuffer()))).toBe(
      `${TEST_ORIGIN}/ticket-verification/${b}`,
    );

    // Staying confirmed (only the guest count changes) keeps B; going through 'maybe' retires it too.
    await changeAnswer(t, event.id, input, { guest_count: 3 });
    expect(await verify(b)).not.toBeNull();
    await changeAnswer(t, event.id, input, { status: 'maybe' });
    await changeAnswer(t, event.id, input);
    expect(await verify(b)).toBeNull();
    expect(await verify((await read()).qr_code_data!)).toMatchObject({ rsvpId: id });
    expect((await read()).qr_version).toBe(3);
  });
});

describe('legacy QR payloads: only for RSVPs imported from the legacy system', () => {
  it('accepts raw JSON, URL-encoded JSON and a URL whose last segment is double-encoded JSON', async () => {
    const row = await insertImportedRsvp(t, event.id);
    const json = JSON.stringify({
      status: 'confirmed',
      event_name: 'Harbour Gala',
      user_name: 'Someone Else',
      phone: '+15550100',
      paid_at: null,
      verification_code: row.id,
    });
    const once = encodeURIComponent(json);
    const twice = encodeURIComponent(once);
    for (const payload of [
      json,
      once,
      `https://events.example.com/ticket-verification/${twice}`,
      `/checkin/verify/${twice}?event=${event.id}`,
    ]) {
      expect(await verify(payload, event.id)).toEqual({ rsvpId: row.id, eventId: event.id, via: 'legacy' });
    }
  });

  it('never matches by name, nor across events, nor when not confirmed, nor after the QR was regenerated', async () => {
    const row = await insertImportedRsvp(t, event.id, { name: 'Grace Hopper' });
    expect(await verify(JSON.stringify({ status: 'confirmed', user_name: 'Grace Hopper' }))).toBeNull();
    expect(await verify(JSON.stringify({ user_name: 'Grace Hopper', verification_code: 'Grace Hopper' }))).toBeNull();
    const legacy = JSON.stringify({ user_name: 'Grace Hopper', verification_code: row.id });
    expect(await verify(legacy, randomUUID())).toBeNull();
    expect(await verify(legacy)).not.toBeNull();
    const maybe = await insertImportedRsvp(t, event.id, { status: 'maybe', confirmed_at: null });
    expect(await verify(JSON.stringify({ verification_code: maybe.id }))).toBeNull();
    const res = await t.request(`/api/events/${event.id}/rsvps/${row.id}/regenerate-qr`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await verify(legacy)).toBeNull();
    expect(await verify((await res.json()).qr_code_data)).toMatchObject({ rsvpId: row.id, via: 'token' });
  });

  it('an imported guest who declines and confirms again gets a signed ticket; the legacy QR stays refused', async () => {
    const row = await insertImportedRsvp(t, event.id);
    const legacy = JSON.stringify({ verification_code: row.id });
    expect(await verify(legacy)).not.toBeNull();
    const answer = { name: row.name, email: row.email!, guest_count: row.guest_count };
    await changeAnswer(t, event.id, answer, { status: 'declined' });
    await changeAnswer(t, event.id, answer, { status: 'confirmed' });
    expect(await verify(legacy)).toBeNull();
    const [now] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, row.id));
    expect(await verify(now!.qr_code_data!)).toMatchObject({ rsvpId: row.id, via: 'token' });
  });
});

describe('QR images', () => {
  it('the PNG (256 px, margin 2) decodes to the verification URL, which verifies', async () => {
    const row = await confirmed();
    const res = await t.request(`/qr/${row.ticket_secret}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const url = await decodePng(png);
    expect(url).toBe(`${TEST_ORIGIN}/ticket-verification/${row.qr_code_data}`);
    expect(await verify(url!)).toMatchObject({ rsvpId: row.id });
  });

  it('the SVG encodes the same URL', async () => {
    const row = await confirmed();
    const res = await t.request(`/qr/${row.ticket_secret}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg/);
    const png = await sharp(Buffer.from(svg)).resize(512).flatten({ background: '#fff' }).png().toBuffer();
    expect(await decodePng(png)).toBe(`${TEST_ORIGIN}/ticket-verification/${row.qr_code_data}`);
  });

  it('is cached by ETag on the encoded URL: 304 when unchanged, a new ETag when the QR is signed anew', async () => {
    const input = rsvpInput();
    const row = await readRsvp((await postRsvp(t, event.id, input)).body.rsvp.id);
    const path = `/qr/${row.ticket_secret}.png`;
    const first = await t.request(`${path}?v=1`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=86400');
    expect((await t.request(path)).headers.get('cache-control')).toBe('private, no-cache');
    const again = await t.request(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await t.request(`/qr/${row.ticket_secret}.svg`)).headers.get('etag')).not.toBe(etag);

    // A decline and a new yes: the same page, a new QR version.
    await changeAnswer(t, event.id, input, { status: 'declined' });
    await changeAnswer(t, event.id, input);
    const after = await t.request(path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await decodePng(Buffer.from(await after.arrayBuffer()))).toBe(
      `${TEST_ORIGIN}/ticket-verification/${(await readRsvp(row.id)).qr_code_data}`,
    );
  });

  it('404 for unknown, malformed, maybe and declined tickets, and by RSVP id', async () => {
    const secretOf = async (body: Record<string, unknown>) =>
      (await readRsvp((await postRsvp(t, event.id, rsvpInput(body))).body.rsvp.id)).ticket_secret;
    const maybe = await secretOf({ status: 'maybe' });
    const declined = await secretOf({ status: 'declined' });
    const row = await confirmed();
    expect((await t.request(`/qr/${row.ticket_secret}.png`)).status).toBe(200);
    for (const p of [
      `/qr/${randomUUID()}.png`,
      `/qr/${randomBytes(18).toString('base64url')}.png`,
      '/qr/nope.png',
      `/qr/${maybe}.png`,
      `/qr/${declined}.svg`,
      `/qr/${row.ticket_secret}.gif`,
      `/qr/${row.id}.png`,
      `/qr/${row.id}.svg`,
      `/qr/${row.id.toUpperCase()}.png`,
      `/qr/${row.qr_code_data}.png`,
    ]) {
      expect((await t.request(p)).status, p).toBe(404);
    }
  });
});

describe('GET /api/public/tickets/:ticketSecret', () => {
  it('returns the ticket page data without private fields', async () => {
    const row = await confirmed({ name: 'Ada Lovelace', guest_count: 3, phone: '+14155550199', notes: 'vegan' });
    expect(row.ticket_secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const res = await t.request(`/api/public/tickets/${row.ticket_secret}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const ticket = await res.json();
    expect(ticket).toEqual({
      id: row.id,
      name: 'Ada Lovelace',
      guest_count: 3,
      status: 'confirmed',
      payment_status: null,
      pin: expect.stringMatching(/^\d{6}$/),
      created_at: row.created_at.toISOString(),
      confirmed_at: row.confirmed_at!.toISOString(),
      qr_png_url: `/qr/${row.ticket_secret}.png?v=1`,
      qr_svg_url: `/qr/${row.ticket_secret}.svg?v=1`,
      verification_url: `${TEST_ORIGIN}/ticket-verification/${row.qr_code_data}`,
      event: {
        id: event.id,
        slug: event.slug,
        title: 'Harbour Gala',
        subtitle: event.subtitle,
        image_url: null,
        event_date: event.event_date.toISOString(),
        end_date: null,
        timezone: 'Europe/London',
        location: event.location,
        is_paid_event: false,
        theme: null,
      },
    });
    expect(JSON.stringify(ticket)).not.toMatch(/vegan|14155550199|@example/);
    // The manage secret (control of the answer) never reaches the ticket page: a ticket is shown at the door.
    expect(JSON.stringify(ticket)).not.toContain(row.manage_secret);
  });

  it('confirmed_at is when the answer became confirmed: not the creation of a maybe, null while not confirmed', async () => {
    const input = rsvpInput({ status: 'maybe' });
    const id = (await postRsvp(t, event.id, input)).body.rsvp.id as string;
    const { ticket_secret } = await readRsvp(id);
    const ticket = async () =>
      (await (await t.request(`/api/public/tickets/${ticket_secret}`)).json()) as { confirmed_at: string | null; created_at: string };
    const stored = async () => (await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!;
    expect((await stored()).confirmed_at).toBeNull();
    expect((await ticket()).confirmed_at).toBeNull();
    // The maybe was given weeks ago; the guest confirms today.
    const created = new Date('2031-05-01T10:00:00Z');
    await t.db.update(event_rsvps).set({ created_at: created }).where(eq(event_rsvps.id, id));
    const before = Date.now();
    await changeAnswer(t, event.id, input, { status: 'confirmed' });
    const yes = await ticket();
    expect(yes.created_at).toBe(created.toISOString());
    expect(yes.confirmed_at).not.toBeNull();
    expect(Date.parse(yes.confirmed_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(yes.confirmed_at!)).toBeLessThanOrEqual(Date.now() + 1000);
    // Changing the guest count keeps the date; leaving 'confirmed' clears it; confirming again sets a new one.
    await changeAnswer(t, event.id, input, { status: 'confirmed', guest_count: 2 });
    expect((await ticket()).confirmed_at).toBe(yes.confirmed_at);
    await changeAnswer(t, event.id, input, { status: 'maybe' });
    expect((await stored()).confirmed_at).toBeNull();
    expect((await ticket()).confirmed_at).toBeNull();
    await changeAnswer(t, event.id, input, { status: 'declined' });
    expect((await stored()).confirmed_at).toBeNull();
    await changeAnswer(t, event.id, input, { status: 'confirmed' });
    expect(Date.parse((await ticket()).confirmed_at!)).toBeGreaterThanOrEqual(Date.parse(yes.confirmed_at!));
  });

  it("a maybe has no QR and no PIN; declined, unknown and malformed secrets are 'Ticket not found'", async () => {
    const maybe = await readRsvp((await postRsvp(t, event.id, rsvpInput({ status: 'maybe' }))).body.rsvp.id);
    const ticket = await (await t.request(`/api/public/tickets/${maybe.ticket_secret}`)).json();
    expect(ticket).toMatchObject({
      status: 'maybe',
      pin: null,
      confirmed_at: null,
      qr_png_url: null,
      qr_svg_url: null,
      verification_url: null,
    });
    const declined = await readRsvp((await postRsvp(t, event.id, rsvpInput({ status: 'declined' }))).body.rsvp.id);
    for (const key of [declined.ticket_secret, randomBytes(18).toString('base64url'), randomUUID(), 'x', '1%27%20OR%201=1']) {
      const res = await t.request(`/api/public/tickets/${key}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toEqual({ code: 'not_found', message: 'Ticket not found' });
    }
  });

  it('a ticket cannot be fetched by its RSVP id, token or nonce: only by its secret', async () => {
    const row = await confirmed();
    expect((await t.request(`/api/public/tickets/${row.ticket_secret}`)).status).toBe(200);
    for (const key of [row.id, row.id.toUpperCase(), row.id.replaceAll('-', ''), row.qr_code_data!, row.qr_nonce]) {
      const res = await t.request(`/api/public/tickets/${encodeURIComponent(key)}`);
      expect(res.status, key).toBe(404);
    }
    // Every RSVP has its own secret.
    const secrets = await t.db.select({ s: event_rsvps.ticket_secret }).from(event_rsvps);
    expect(new Set(secrets.map((r) => r.s)).size).toBe(secrets.length);
  });
});

describe('POST /api/events/:eventId/rsvps/:rsvpId/regenerate-qr', () => {
  const regenerate = (eventId: string, rsvpId: string, cookie?: string) =>
    t.request(`/api/events/${eventId}/rsvps/${rsvpId}/regenerate-qr`, { method: 'POST', cookie });

  it('the owner rotates the token: the old one is refused, the new one verifies', async () => {
    const row = await confirmed();
    const old = row.qr_code_data!;
    const res = await regenerate(event.id, row.id, owner.cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    const now = await readRsvp(row.id);
    expect(now.ticket_secret).not.toBe(row.ticket_secret);
    expect(now.qr_nonce).not.toBe(row.qr_nonce);
    expect(body).toEqual({
      id: row.id,
      qr_version: 2,
      qr_code_data: sign(now.qr_nonce),
      qr_code_url: `${TEST_ORIGIN}/qr/${now.ticket_secret}.png?v=2`,
      verification_url: `${TEST_ORIGIN}/ticket-verification/${body.qr_code_data}`,
      ticket_url: `${TEST_ORIGIN}/ticket/${now.ticket_secret}`,
      email_queued: true,
      email_delivery: 'dev_mailbox', // no SMTP_URL here: the host is not told it is on its way
    });
    expect(body.qr_code_data).not.toBe(old);
    expect(await verify(old)).toBeNull();
    expect(await verify(body.qr_code_data)).toMatchObject({ rsvpId: row.id });
    expect(now).toMatchObject({ qr_version: 2, qr_code_data: body.qr_code_data, qr_code_image_url: body.qr_code_url });
    // A later change of the answer keeps the rotated token; its e-mail carries the new page.
    const update = await changeAnswer(t, event.id, { name: row.name, email: row.email!, guest_count: 2 });
    expect(update.body.rsvp.ticket_url).toBe(`/ticket/${now.ticket_secret}`);
    expect((await mailTo(row.id, 'rsvp:%:confirmed:2')).text).toContain(`Your ticket: ${body.ticket_url}`);
    expect((await readRsvp(row.id)).qr_code_data).toBe(body.qr_code_data);
  });

  it("re-posting the guest's e-mail after a regenerate reveals nothing and changes nothing; the manage link goes to the address", async () => {
    const row = await confirmed();
    await (await regenerate(event.id, row.id, owner.cookie)).json();
    const now = await readRsvp(row.id);
    const res = await postRsvp(t, event.id, { name: row.name, email: row.email, guest_count: row.guest_count });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rsvp: null,
      ticket_url: null,
      manage_url: null,
      checkout_url: null,
      already_answered: true,
      email_queued: true,
      email_delivery: 'dev_mailbox', // no SMTP_URL here
    });
    const answer = JSON.stringify(res.body);
    for (const secret of [row.id, now.ticket_secret, now.qr_nonce, now.qr_code_data!, row.ticket_secret, now.manage_secret]) {
      expect(answer).not.toContain(secret);
    }
    expect(await readRsvp(row.id)).toEqual(now);
    const mail = await mailTo(row.id, 'rsvp:%:manage-link:%');
    expect(mail.to).toBe(row.email);
    expect(mail.text).toContain(`${TEST_ORIGIN}/rsvp/${now.manage_secret}`);
  });

  it('locks the old holder out: old ticket URL, old QR image URLs and old token stop working; the new ones work', async () => {
    const row = await confirmed();
    const oldPage = `/api/public/tickets/${row.ticket_secret}`;
    const oldTicket = await (await t.request(oldPage)).json();
    const oldImages = [oldTicket.qr_png_url, oldTicket.qr_svg_url, `/qr/${row.ticket_secret}.png`, `/qr/${row.ticket_secret}.svg`];
    for (const p of oldImages) expect((await t.request(p)).status, p).toBe(200);
    expect(await verify(row.qr_code_data!)).not.toBeNull();

    const body = await (await regenerate(event.id, row.id, owner.cookie)).json();

    const gone = await t.request(oldPage);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error).toEqual({ code: 'not_found', message: 'Ticket not found' });
    for (const p of oldImages) expect((await t.request(p)).status, p).toBe(404);
    expect(await verify(row.qr_code_data!)).toBeNull();
    expect(await verify(oldTicket.verification_url)).toBeNull();
    // Still not by RSVP id either.
    expect((await t.request(`/api/public/tickets/${row.id}`)).status).toBe(404);
    expect((await t.request(`/qr/${row.id}.png`)).status).toBe(404);

    const fresh = await t.request(new URL(body.ticket_url).pathname.replace('/ticket/', '/api/public/tickets/'));
    expect(fresh.status).toBe(200);
    const ticket = await fresh.json();
    expect(ticket).toMatchObject({ id: row.id, verification_url: body.verification_url });
    // The PIN is a door credential too: rotated with the ticket.
    expect(ticket.pin).toMatch(/^\d{6}$/);
    expect(ticket.pin).not.toBe(oldTicket.pin);
    const png = await t.request(ticket.qr_png_url);
    expect(png.status).toBe(200);
    expect(await decodePng(Buffer.from(await png.arrayBuffer()))).toBe(body.verification_url);
    expect(await verify(body.verification_url)).toMatchObject({ rsvpId: row.id, via: 'token' });

    // Rotating again locks out the second holder as well.
    const third = await (await regenerate(event.id, row.id, owner.cookie)).json();
    expect((await t.request(ticket.qr_png_url)).status).toBe(404);
    expect(await verify(body.qr_code_data)).toBeNull();
    expect(await verify(third.qr_code_data)).not.toBeNull();
  });

  it('a co-host (on the team by account) may; anyone else gets 404, no session 401; declined 409', async () => {
    const row = await confirmed();
    const cohost = await signedInUser(t);
    const stranger = await signedInUser(t);
    expect((await regenerate(event.id, row.id, cohost.cookie)).status).toBe(404);
    await t.db.insert(event_hosts).values({ event_id: event.id, email: cohost.email, user_id: cohost.id });
    expect((await regenerate(event.id, row.id, cohost.cookie)).status).toBe(200);
    expect((await regenerate(event.id, row.id, stranger.cookie)).status).toBe(404);
    expect((await regenerate(event.id, row.id)).status).toBe(401);
    const otherEvent = await insertEvent(t, { user_id: stranger.id });
    expect((await regenerate(otherEvent.id, row.id, stranger.cookie)).status).toBe(404);
    expect((await regenerate(event.id, 'nope', owner.cookie)).status).toBe(404);
    const declined = (await postRsvp(t, event.id, rsvpInput({ status: 'declined' }))).body.rsvp.id;
    expect((await regenerate(event.id, declined, owner.cookie)).status).toBe(409);
    const [unchanged] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, declined));
    expect(unchanged!.qr_version).toBe(1);
  });
});
