import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/common/messages.ts';
import { ZOwnerSetup } from '../../src/common/schemas/auth.ts';
import { TEXT_BROKEN_MESSAGE, TEXT_CONTROL_MESSAGE } from '../../src/common/schemas/text.ts';
import { createUser } from '../../src/server/auth/create-user.ts';
import { user } from '../../src/server/db/schema/auth.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { sendableEmail } from '../../src/server/modules/outbox/sendable-email.ts';
import { createRsvp } from '../../src/server/modules/rsvps/create-rsvp.ts';
import { loadRsvpEvent } from '../../src/server/modules/rsvps/load-rsvp-event.ts';
import { createEvent, futureDate } from '../factories/events.ts';
import { insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { strictIcsLines } from '../support/ics-lines.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

/** The .ics attached to an RSVP's confirmation e-mail, as bytes. */
async function icsOf(rsvpId: string): Promise<Buffer> {
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(like(outbox.idempotency_key, `rsvp:${rsvpId}:%`));
  const ics = sendableEmail(mail!.payload as EmailPayload).attachments!.find((a) => a.filename === 'event.ics')!;
  return Buffer.from(ics.contentBase64, 'base64');
}
const owner = await signedInUser(t);

const KB = 1024;
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

/** A request body streamed in chunks, without Content-Length (chunked transfer). */
function chunked(total: number, chunk = 16 * KB): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      controller.enqueue(new Uint8Array(n).fill(0x20));
      sent += n;
    },
  });
}

describe('bodies are bounded (64 KB for JSON, media uploads their own limit)', () => {
  it('a 65 KB JSON RSVP → 413 in the error shape', async () => {
    const event = await insertEvent(t);
    const res = await postRsvp(t, event.id, rsvpInput({ notes: 'x'.repeat(65 * KB) }));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large' });
    expect(res.body.error.message).toMatch(/64 KB/);
  });

  it('a Content-Length that is not a plain count is a 400 naming it; one that understates the body creates nothing', async () => {
    const event = await insertEvent(t);
    const body = JSON.stringify(rsvpInput({ notes: 'x'.repeat(65 * KB) }));
    const post = (declared: string) =>
      t.app.request(`${TEST_ORIGIN}/api/public/events/${event.id}/rsvps`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'content-length': declared },
      });
    // Not a count: 400 naming the header, as Node's parser answers over a socket.
    for (const declared of ['abc', '-1', '1e9', '0x10']) {
      const res = await post(declared);
      expect(res.status, declared).toBe(400);
      expect((await res.json()).error.fields, declared).toEqual({ 'content-length': 'Content-Length must be a number of bytes.' });
    }
    // A count that understates it (only an in-process request can: Node's parser reads no more than it
    // says) passes the limiter; the answer's own field limits refuse it, and nothing is written.
    const understated = await post('12');
    expect(understated.status).toBe(400);
    expect((await understated.json()).error.fields).toHaveProperty('notes');
    expect(await t.db.select().from(event_rsvps).where(eq(event_rsvps.event_id, event.id))).toHaveLength(0);
  });

  it('a chunked body without Content-Length is counted while streamed: 413 for Better Auth and our routes', async () => {
    for (const p of ['/api/auth/sign-in/email', '/api/events', '/api/setup/owner']) {
      const res = await t.app.request(`${TEST_ORIGIN}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: owner.cookie },
        body: chunked(200 * KB),
        duplex: 'half',
      } as RequestInit);
      expect(res.status, p).toBe(413);
      expect((await errorOf(res)).code).toBe('payload_too_large');
    }
  });

  it('over a real socket: an oversize Content-Length is refused before the body is sent; a chunked one while it streams', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    /** Writes the request (headers, then the body in pieces) and reads the answer until the server closes or answers. */
    const send = (head: string, body: Buffer = Buffer.alloc(0)) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let got = '';
        socket.on('data', (d) => {
          got += d;
          const m = /^HTTP\/1\.1 (\d{3})[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(got);
          if (m && (m[1] === '401' || m[2]!.endsWith('}'))) {
            socket.destroy();
            resolve({ status: Number(m[1]), text: m[2]! });
          }
        });
        socket.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(err)));
        socket.write(head);
        for (let i = 0; i < body.length; i += 16 * KB) socket.write(body.subarray(i, i + 16 * KB));
      });
    const chunk = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
    const head = (extra: string) =>
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extra}\r\n`;
    try {
      // Only the headers are sent: the answer cannot depend on reading the 1 MB.
      const declared = await send(head(`Content-Length: ${1024 * KB}\r\n`));
      expect(declared.status).toBe(413);
      expect(declared.text).toContain('payload_too_large');
      const pieces = Array.from({ length: 20 }, () => chunk(Buffer.alloc(16 * KB, 0x20)));
      const streamed = await send(head('Transfer-Encoding: chunked\r\n'), Buffer.concat([...pieces, Buffer.from('0\r\n\r\n')]));
      expect(streamed.status).toBe(413);
      expect(streamed.text).toContain('payload_too_large');
      const small = Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }));
      expect((await send(head('Transfer-Encoding: chunked\r\n'), Buffer.concat([chunk(small), Buffer.from('0\r\n\r\n')]))).status).toBe(
        401,
      );
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('an image upload over 64 KB but within its own limit still works', async () => {
    const noise = randomBytes(400 * 300 * 3);
    const png = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(64 * KB);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const res = await t.request('/api/media', { method: 'POST', body: form, cookie: owner.cookie });
    expect(res.status).toBe(201);
  });
});

describe('no 500 for bad input: NUL, other control characters and lone surrogates', () => {
  it('event title, location, theme name, host e-mail and the legacy form → 400 naming the field', async () => {
    const e = await createEvent(t, owner);
    const post = (p: string, json: unknown, method = 'POST') => t.request(p, { method, json, cookie: owner.cookie });
    const cases: [Response | Promise<Response>, string][] = [
      [post('/api/events', { title: 'A\u0000B', event_date: futureDate() }), 'title'],
      [post('/api/events', { title: 'Party', location: 'Hall\u0000', event_date: futureDate() }), 'location'],
      [post('/api/events', { title: 'a\ud800', event_date: futureDate() }), 'title'],
      [post(`/api/events/${e.id}`, { location: 'x\u0000y' }, 'PATCH'), 'location'],
      [post(`/api/events/${e.id}`, { main_body_description: 'x\u0007y' }, 'PATCH'), 'main_body_description'],
      [
        post('/api/themes', {
          name: 'N\u0000',
          colors: { primary: '#000000', secondary: '#000000', accent: '#000000', background: '#ffffff', text: '#000000' },
        }),
        'name',
      ],
      [post(`/api/events/${e.id}/hosts`, { email: 'a\u0000@example.com' }), 'email'],
      [post(`/api/public/events/${e.id}/legacy-rsvp`, { preferred_name: 'Al\u0000', phone: '5550001111', rsvp: true }), 'preferred_name'],
      [post(`/api/public/events/${e.id}/rsvps`, rsvpInput({ notes: 'hi \udc00 there' })), 'notes'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.status, field).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.[field], field).toBeTruthy();
    }
    const surrogate = await errorOf(await post('/api/events', { title: 'a\ud800', event_date: futureDate() }));
    expect(surrogate.fields).toEqual({ title: TEXT_BROKEN_MESSAGE });
    const nul = await errorOf(await post('/api/events', { title: 'A\u0000B', event_date: futureDate() }));
    expect(nul.fields).toEqual({ title: TEXT_CONTROL_MESSAGE });
    // Multi-line text keeps its line breaks and tabs.
    expect((await post(`/api/events/${e.id}`, { main_body_description: 'Line 1\n\tLine 2' }, 'PATCH')).status).toBe(200);
  });

  it('URL params with %00 or junk → 404 or 400 naming the param, never 500', async () => {
    const e = await createEvent(t, owner);
    const cases: [string, string][] = [
      ['GET', '/api/events/%00'],
      ['PATCH', '/api/events/a%00b'],
      ['DELETE', '/api/events/%ED%A0%80'],
      ['GET', '/api/public/events/%00'],
      ['GET', '/api/public/events/sample%00'],
      ['GET', '/api/public/events?slug=%00'],
      ['GET', '/api/public/events?id=%00'],
      ['POST', '/api/public/events/%00/rsvps'],
      ['POST', '/api/public/events/%00/legacy-rsvp'],
      ['DELETE', `/api/events/${e.id}/hosts/a%00b%40example.com`],
      ['DELETE', `/api/events/${e.id}/hosts/a%0D%0Ab%40example.com`],
      ['GET', '/api/invitations/abcdefghijklmnop%00'],
    ];
    for (const [method, p] of cases) {
      const body = method === 'GET' || method === 'DELETE' ? {} : { json: { title: 'x' } };
      const res = await t.request(p, { method, cookie: owner.cookie, ...body });
      expect([400, 404], `${method} ${p}`).toContain(res.status);
      const error = await errorOf(res);
      expect(Object.keys(error.fields ?? {}).length, `${method} ${p}`).toBe(1);
    }
  });
});

describe('event dates before 1970', () => {
  it('are refused at create and update with a field message', async () => {
    const created = await t.request('/api/events', {
      method: 'POST',
      json: { title: 'Old times', event_date: '1969-07-20T20:17:00Z' },
      cookie: owner.cookie,
    });
    expect(created.status).toBe(400);
    expect((await errorOf(created)).fields).toHaveProperty('event_date');
    const e = await createEvent(t, owner);
    const patched = await t.request(`/api/events/${e.id}`, {
      method: 'PATCH',
      json: { event_date: '1900-01-01T00:00:00Z', end_date: '1900-01-01T04:00:00Z' },
      cookie: owner.cookie,
    });
    expect(patched.status).toBe(400);
    expect(Object.keys((await errorOf(patched)).fields ?? {}).sort()).toEqual(['end_date', 'event_date']);
  });

  it('a stored one (imported data) has ended: answers get 409 event_ended, never a 500', async () => {
    for (const event_date of [new Date('1969-12-31T23:00:00Z'), new Date('0500-01-01T00:00:00Z')]) {
      const event = await insertEvent(t, { event_date });
      const res = await postRsvp(t, event.id, rsvpInput());
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'event_ended', message: MSG.eventEndedText });
    }
  });

  it('one that started before 1970 and still runs takes RSVPs, with a calendar file', async () => {
    for (const event_date of [new Date('1969-12-31T23:00:00Z'), new Date('0500-01-01T00:00:00Z')]) {
      const event = await insertEvent(t, { event_date, end_date: new Date('2099-01-01T00:00:00Z') });
      const res = await postRsvp(t, event.id, rsvpInput());
      expect(res.status).toBe(201);
      expect((await icsOf(res.body.rsvp.id)).toString()).toContain(`DTSTART:${event_date.toISOString().slice(0, 4)}`);
    }
  });
});

describe('races with the database', () => {
  it('an RSVP racing the deletion of its event → 404, not an FK violation', async () => {
    const event = await insertEvent(t);
    // The use case with the event as it was read just before the delete committed.
    const stale = await loadRsvpEvent({ db: t.db, cache: t.deps.caches.rsvpEvents, eventId: event.id });
    await t.db.delete(events).where(eq(events.id, event.id));
    const config = { baseUrl: TEST_ORIGIN, signingKey: t.env.TICKET_SIGNING_KEY };
    for (const status of ['confirmed', 'declined'] as const) {
      await expect(
        createRsvp({ db: t.db, config, event: stale, answer: { ...rsvpInput(), guest_count: 1, status } }),
      ).rejects.toMatchObject({
        code: 'not_found',
        message: MSG.eventNotFound,
      });
    }
    // Over HTTP: the route reuses a just-read event for a moment (load-rsvp-event.ts).
    const other = await insertEvent(t);
    expect((await postRsvp(t, other.id, rsvpInput())).status).toBe(201);
    await t.db.delete(events).where(eq(events.id, other.id));
    const late = await postRsvp(t, other.id, rsvpInput());
    expect(late.status).toBe(404);
    expect(late.body.error).toMatchObject({ code: 'not_found', message: MSG.eventNotFound });
  });

  it('two invitations for one e-mail accepted at once → one account, the other 409', async () => {
    const email = `twice-${Date.now()}@example.com`;
    const tokens: string[] = [];
    for (const e of [await createEvent(t, owner), await createEvent(t, owner)]) {
      expect((await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email }, cookie: owner.cookie })).status).toBe(201);
    }
    const mails = await t.db.select().from(outbox).where(like(outbox.idempotency_key, 'host-invite:%'));
    for (const m of mails.map((r) => r.payload as EmailPayload).filter((p) => p.to === email)) {
      tokens.push(decodeURIComponent(/accept-invite\?token=([\w%-]+)/.exec(m.text)![1]!));
    }
    expect(tokens).toHaveLength(2);

    // The other acceptance has inserted the account but not committed yet: this one's insert waits on it.
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`INSERT INTO "user" (id, name, email) VALUES ('other-accept', 'Other', $1)`, [email]);
      const pending = t.request('/api/invitations/accept', {
        method: 'POST',
        json: { token: tokens[0], name: 'Sam Door', password: TEST_PASSWORD },
      });
      // Polled from another session: pg_stat_activity is a snapshot within a transaction.
      while (
        !(await t.db.execute(sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows
          .length
      ) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await other.query('COMMIT');
      const res = await pending;
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code: 'conflict', fields: { email: expect.any(String) } });
    } finally {
      await other.end();
    }
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.email, email))).toEqual([{ id: 'other-accept' }]);
  });
});

describe('calendar files are clean', () => {
  const dirty = 'A\rB\nC\r\nD\u0001\u0008\u000b\u000c\u000e\u001f\u007f E 🎉 ; , \\ é'.repeat(4);

  it('every .ics field loses bare CR and control characters; lines are CRLF and at most 75 octets', async () => {
    const event = await insertEvent(t, { title: `Party ${dirty}`, subtitle: dirty, location: `Hall ${dirty}` });
    const res = await postRsvp(t, event.id, rsvpInput());
    expect(res.status).toBe(201);
    const ics = await icsOf(res.body.rsvp.id);
    const lines = strictIcsLines(ics);
    const unfolded = lines.join('\n').replace(/\n /g, '');
    expect(unfolded).toMatch(/^SUMMARY:Party AB\\nC\\nD E 🎉 \\; \\, \\\\ é/m);
    expect(unfolded).toMatch(/^LOCATION:Hall AB\\nC\\nD E 🎉/m);
  });
});

describe('one e-mail rule', () => {
  it('a co-host that is two addresses or carries CR/LF → 400 naming email, no invitation', async () => {
    const e = await createEvent(t, owner);
    for (const email of [
      'a@b.com, c@d.com',
      'a@b.com,c@d.com',
      'a@b.com\r\nBcc: c@d.com',
      'a@b.com\nc@d.com',
      'a@localhost',
      'a@b@c.com',
    ]) {
      const res = await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email }, cookie: owner.cookie });
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect((await errorOf(res)).fields?.email, JSON.stringify(email)).toBeTruthy();
    }
    const hosts = (await (await t.request(`/api/events/${e.id}/hosts`, { cookie: owner.cookie })).json()).hosts;
    expect(hosts).toEqual([]);
  });

  it('RSVP, owner setup, sign-in and the account use case refuse the same addresses', async () => {
    const event = await insertEvent(t);
    for (const email of ['a@b.com,c@d.com', 'a@b.com;c@d.com', `${'a'.repeat(250)}@b.com`]) {
      const rsvp = await postRsvp(t, event.id, rsvpInput({ email }));
      expect(rsvp.status, email).toBe(400);
      expect(rsvp.body.error.fields).toEqual({ email: MSG.invalidEmailText });
      const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'whatever-123' } });
      expect(signIn.status, email).toBe(400);
    }
    expect(ZOwnerSetup.safeParse({ name: 'Maya Berg', email: 'a@b.com;c@d.com', password: TEST_PASSWORD }).error?.issues[0]?.message).toBe(
      MSG.invalidEmailText,
    );
    for (const email of ['x@y,z.com', 'x@y.com\r\nBcc: z@w.com', 'x y@z.com']) {
      await expect(createUser({ auth: t.deps.auth, email, password: TEST_PASSWORD }), email).rejects.toMatchObject({
        code: 'validation_failed',
        fields: { email: MSG.invalidEmailText },
      });
    }
  });
});
