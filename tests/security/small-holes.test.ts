import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TOTP_CODE_USED } from '../../src/common/messages.ts';
import { PHONE_INVALID } from '../../src/common/phone.ts';
import type { TPublicEvent } from '../../src/common/schemas/events.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { createEvent } from '../factories/events.ts';
import { changeAnswer, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp, secondApp, TEST_ORIGIN } from '../support/app.ts';

// Issue 29, item 7: the smaller holes, each closed and kept closed.
const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t, { role: 'admin' });
/** A second app process on its own pool, as behind a load balancer. */
const second = secondApp(t);

describe('CSV export: a cell holding a semicolon or a tab is quoted (docs/product.md#guest-list)', () => {
  it("a guest named ';=1+1' stays one cell in a ';'-separated spreadsheet; a tab inside a cell too", async () => {
    const e = await createEvent(t, owner);
    expect((await postRsvp(t, e.id, rsvpInput({ name: ';=1+1' }))).status).toBe(201);
    expect((await postRsvp(t, e.id, rsvpInput({ name: 'Tab Guest' }))).status).toBe(201);
    // A tab inside a cell cannot come through the form (one line): write it as an import would.
    await t.db.update(event_rsvps).set({ notes: 'a\t=1+1' }).where(eq(event_rsvps.name, 'Tab Guest'));

    const res = await t.request(`/api/events/${e.id}/rsvps.csv?sort=name`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    const semicolon = lines.find((l) => l.includes('=1+1') && !l.includes('\t'))!;
    const tab = lines.find((l) => l.includes('\t'))!;
    // Quoted: a reader splitting on ';' or on tabs sees the separator inside quotes, never a cell starting '='.
    expect(semicolon.startsWith('";=1+1",')).toBe(true);
    expect(tab).toContain(',"a\t=1+1",');
    for (const delimiter of [';', '\t']) {
      const cells = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data.flat();
      expect(
        cells.filter((c) => /^[=+\-@]/.test(c)),
        delimiter,
      ).toEqual([]);
    }
    // Read back with commas, the cells are as the guest wrote them.
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r.Name).sort()).toEqual([';=1+1', 'Tab Guest']);
    expect(rows.find((r) => r.Name === 'Tab Guest')!.Notes).toBe('a\t=1+1');
  });
});

describe('a phone number that cannot be one in its region is refused everywhere (docs/product.md#phone-numbers)', () => {
  const IMPOSSIBLE = ['0000000000', '+1 000 000 0000', '(011) 111-1111'];

  it('the RSVP form, the manage page, the sample page and the SMS sandbox answer 400 on the phone field', async () => {
    const e = await createEvent(t, owner);
    for (const phone of IMPOSSIBLE) {
      const res = await postRsvp(t, e.id, rsvpInput({ phone }));
      expect(res.status, phone).toBe(400);
      expect(res.body.error.fields, phone).toEqual({ phone: PHONE_INVALID });
    }
    // A well-formed number of the region is still taken, even one not yet assigned (+1 555 …).
    const answer = rsvpInput({ phone: '555 123 4567' });
    expect((await postRsvp(t, e.id, answer)).status).toBe(201);

    const changed = await changeAnswer(t, e.id, answer, { phone: '0000000000' });
    expect(changed.status).toBe(400);
    expect(changed.body.error.fields).toEqual({ phone: PHONE_INVALID });
    const [row] = await t.db.select({ phone: event_rsvps.phone }).from(event_rsvps).where(eq(event_rsvps.email, answer.email));
    expect(row!.phone).toBe('+15551234567');

    const sample = ((await (await t.request('/api/public/events/sample')).json()) as { event: TPublicEvent }).event;
    const legacy = await t.request(`/api/public/events/${sample.id}/legacy-rsvp`, {
      method: 'POST',
      json: { preferred_name: 'Zero', phone: '0000000000', rsvp: true },
    });
    expect(legacy.status).toBe(400);
    expect((await legacy.json()).error.fields).toEqual({ phone: PHONE_INVALID });

    const sms = await t.request('/api/send-sms', { method: 'POST', json: { to: '0000000000', message: 'hi' }, cookie: owner.cookie });
    expect(sms.status).toBe(400);
    expect((await sms.json()).error.fields).toEqual({ to: PHONE_INVALID });
    expect(await t.db.select().from(event_rsvps).where(eq(event_rsvps.phone, '+10000000000'))).toEqual([]);
  });
});

describe("a team member's live check-in stream ends when they may no longer watch (docs/decisions/0014-check-in.md)", () => {
  /** Opens the event's stream as `cookie` on `app`; `ended()` resolves once the server ends it, after its first stats. */
  async function openStream(app: { request: typeof t.app.request }, eventId: string, cookie: string) {
    const device = new AbortController();
    const res = await app.request(`${TEST_ORIGIN}/api/checkin/${eventId}/stream`, { headers: { cookie }, signal: device.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = '';
    while (!text.includes('event: stats')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before its first stats');
      text += dec.decode(value, { stream: true });
    }
    return {
      /** Reads until the server closes the stream (a stream left open never resolves: the test then times out). */
      async ended() {
        for (;;) if ((await reader.read()).done) return true;
      },
      /** The device goes away. */
      close: () => device.abort(),
    };
  }
  const addToTeam = async (eventId: string, email: string, role: 'cohost' | 'door') =>
    expect((await t.request(`/api/events/${eventId}/hosts`, { method: 'POST', json: { email, role }, cookie: owner.cookie })).status).toBe(
      201,
    );

  it('removed from the event’s team: the stream ends at once; a teammate’s stays open', async () => {
    const e = await createEvent(t, owner);
    const door = await signedInUser(t);
    const stays = await signedInUser(t);
    await addToTeam(e.id, door.email, 'door');
    await addToTeam(e.id, stays.email, 'cohost');
    const removed = await openStream(t.app, e.id, door.cookie);
    const kept = await openStream(t.app, e.id, stays.cookie);
    const watching = t.deps.checkinHub.size;

    const res = await t.request(`/api/events/${e.id}/hosts/${encodeURIComponent(door.email)}`, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(204);
    expect(await removed.ended()).toBe(true);
    expect(t.deps.checkinHub.size).toBe(watching - 1);
    expect((await t.request(`/api/checkin/${e.id}/stream`, { cookie: door.cookie })).status).toBe(404);
    kept.close();
  });

  it('the event deleted: every stream of it ends at once', async () => {
    const e = await createEvent(t, owner);
    const door = await signedInUser(t);
    await addToTeam(e.id, door.email, 'door');
    const stream = await openStream(t.app, e.id, door.cookie);

    expect((await t.request(`/api/events/${e.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(await stream.ended()).toBe(true);
  });

  it('deactivated by the owner in another process: the account’s streams end in this one', async () => {
    const e = await createEvent(t, owner);
    const cohost = await signedInUser(t);
    await addToTeam(e.id, cohost.email, 'cohost');
    const stream = await openStream(t.app, e.id, cohost.cookie);

    const res = await second.app.request(`${TEST_ORIGIN}/api/people/${cohost.id}/deactivate`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(res.status).toBe(200);
    expect(await stream.ended()).toBe(true);
  });
});

describe('a TOTP code is accepted once (docs/product.md#two-factor-sign-in)', () => {
  const post = (app: { request: typeof t.app.request }, p: string, json: unknown, cookie?: string) =>
    app.request(`${TEST_ORIGIN}/api/auth${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(json),
    });
  /** A host with two-factor on, and their authenticator. */
  async function enrolled() {
    const u = await signedInUser(t);
    const enable = await post(t.app, '/two-factor/enable', { password: TEST_PASSWORD }, u.cookie);
    const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    expect((await post(t.app, '/two-factor/verify-totp', { code: totp.generate() }, u.cookie)).status).toBe(200);
    return { u, totp };
  }
  /** The password step of a sign-in: the cookie that waits for the second factor. */
  const pending = async (email: string) => cookiesFrom(await post(t.app, '/sign-in/email', { email, password: TEST_PASSWORD }));
  /** The next step's code: valid now and for the next 30 s, used by nobody yet. */
  const nextCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

  it('a code that signed in once is refused for a second sign-in within its window', async () => {
    const { u, totp } = await enrolled();
    const code = nextCode(totp);
    const first = await post(t.app, '/two-factor/verify-totp', { code }, await pending(u.email));
    expect(first.status).toBe(200);
    const replay = await post(t.app, '/two-factor/verify-totp', { code }, await pending(u.email));
    expect(replay.status).toBe(400);
    expect((await replay.json()).error.fields).toEqual({ code: TOTP_CODE_USED });
    expect(cookiesFrom(replay)).not.toContain('session_token=');
  });

  it('the same code sent at once to two processes signs in exactly once', async () => {
    const { u, totp } = await enrolled();
    const [a, b] = [await pending(u.email), await pending(u.email)];
    const code = nextCode(totp);
    const answers = await Promise.all([
      post(t.app, '/two-factor/verify-totp', { code }, a),
      post(second.app, '/two-factor/verify-totp', { code }, b),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
