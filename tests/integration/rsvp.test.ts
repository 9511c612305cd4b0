import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/common/messages.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps, rsvp_pins } from '../../src/server/db/schema/rsvps.ts';
import { ZRsvpInput } from '../../src/common/schemas/rsvps.ts';
import { assignPin } from '../../src/server/modules/rsvps/assign-pin.ts';
import { createRsvp } from '../../src/server/modules/rsvps/create-rsvp.ts';
import { loadRsvpEvent } from '../../src/server/modules/rsvps/load-rsvp-event.ts';
import { RSVP_LIMITS } from '../../src/server/modules/guest-answers/rsvps.routes.ts';
import { changeAnswer, insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { mailOf } from '../support/outbox-mail.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const limited = await createTestApp({ RATE_LIMIT: 'true', TRUST_PROXY: 'true' });

async function seats(eventId: string) {
  const [e] = await t.db.select({ seats_taken: events.seats_taken }).from(events).where(eq(events.id, eventId));
  const [s] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${event_rsvps.guest_count}), 0)::int` })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.event_id, eventId), eq(event_rsvps.status, 'confirmed')));
  return { counter: e!.seats_taken, sum: s!.sum };
}

async function mailsFor(rsvpId: string) {
  return t.db
    .select()
    .from(outbox)
    .where(like(outbox.idempotency_key, `rsvp:${rsvpId}:%`));
}

describe('RSVP form validation (the RSVP rules, same texts as the form)', () => {
  it.each([
    ['name and e-mail missing', {}, MSG.rsvpMissing, { name: MSG.rsvpMissing, email: MSG.rsvpMissing }],
    ['blank name', { name: '   ' }, MSG.rsvpMissing, { name: MSG.rsvpMissing }],
    ['blank e-mail', { email: ' ' }, MSG.rsvpMissing, { email: MSG.rsvpMissing }],
    ['e-mail without @', { email: 'ada.example.com' }, MSG.invalidEmailText, { email: MSG.invalidEmailText }],
    ['e-mail without domain dot', { email: 'ada@example' }, MSG.invalidEmailText, { email: MSG.invalidEmailText }],
    ['e-mail with a space', { email: 'ada @example.com' }, MSG.invalidEmailText, { email: MSG.invalidEmailText }],
    ['0 guests', { guest_count: 0 }, 'Choose 1 to 10 guests.', { guest_count: 'Choose 1 to 10 guests.' }],
    ['11 guests', { guest_count: 11 }, 'Choose 1 to 10 guests.', { guest_count: 'Choose 1 to 10 guests.' }],
    ['2.5 guests', { guest_count: 2.5 }, 'Choose 1 to 10 guests.', { guest_count: 'Choose 1 to 10 guests.' }],
    ['guests as text', { guest_count: 'two' }, 'Choose 1 to 10 guests.', { guest_count: 'Choose 1 to 10 guests.' }],
  ])('%s → 400 with the form text', async (_label, patch, message, fields) => {
    const event = await insertEvent(t);
    const body = Object.keys(patch).length ? rsvpInput(patch) : {};
    const res = await postRsvp(t, event.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields });
    expect(res.body.error.message).toBe(message);
    expect(await t.db.select().from(event_rsvps).where(eq(event_rsvps.event_id, event.id))).toHaveLength(0);
  });

  it('rejects an unknown status and a body that is not JSON', async () => {
    const event = await insertEvent(t);
    const bad = await postRsvp(t, event.id, rsvpInput({ status: 'yes' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toBeTruthy();
    const res = await t.request(`/api/public/events/${event.id}/rsvps`, {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('trims, lower-cases the e-mail, drops blank phone and notes, defaults to 1 confirmed guest', async () => {
    const event = await insertEvent(t);
    const res = await postRsvp(t, event.id, { name: '  Ada Lovelace ', email: ' Ada@Example.COM ', phone: '  ', notes: '' });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, res.body.rsvp.id));
    expect(res.body).toEqual({
      rsvp: { id: expect.any(String), status: 'confirmed', guest_count: 1 },
      ticket_url: `/ticket/${row!.ticket_secret}`,
      manage_url: `/rsvp/${row!.manage_secret}`,
      checkout_url: null,
      already_answered: false,
      email_queued: true,
      email_delivery: 'dev_mailbox', // no SMTP_URL here (tests/integration/email-delivery.test.ts)
    });
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', phone: null, notes: null, guest_count: 1, type: 'rsvp' });
  });
});

describe('text is stored exactly as typed', () => {
  it('quotes, backslashes, unicode and SQL-looking text survive; NUL characters are refused', async () => {
    const event = await insertEvent(t);
    const name = `Robert'); DROP TABLE events;-- \\ "Zoë" 🎉 $1 $$`;
    const notes = "C:\\path\\n 'x' E'\\'' \u00e9";
    const res = await postRsvp(t, event.id, rsvpInput({ name, notes, phone: '+1 (415) 555-0100' }));
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, res.body.rsvp.id));
    // The phone is the one field stored normalised, E.164 (docs/product.md#phone-numbers).
    expect(row).toMatchObject({ name, notes, phone: '+14155550100' });
    const [mail] = await mailsFor(res.body.rsvp.id);
    expect(mailOf(mail!.payload).text).toContain(`Hi ${name},`);
    const nul = await postRsvp(t, event.id, rsvpInput({ name: 'A\u0000B' }));
    expect(nul.status).toBe(400);
  });
});

describe('which events take RSVPs', () => {
  it('404 "Event not found" for unknown, malformed and inactive events', async () => {
    const inactive = await insertEvent(t, { is_active: false });
    for (const id of [randomUUID(), 'not-a-uuid', inactive.id]) {
      const res = await postRsvp(t, id, rsvpInput());
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', message: MSG.eventNotFound });
    }
  });

  it('paid event without both payment keys → 422 "Payment Not Available"', async () => {
    const event = await insertEvent(t, { is_paid_event: true, ticket_price: '10.00', stripe_publishable_key: 'pk_test_abc' });
    const res = await postRsvp(t, event.id, rsvpInput());
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ code: 'payment_not_available', message: MSG.paymentNotAvailableText });
  });

  it('paid event with keys → 201 with a checkout (sandbox provider here), no free ticket; maybe/declined need none', async () => {
    const event = await insertEvent(t, {
      is_paid_event: true,
      ticket_price: '10.00',
      stripe_publishable_key: 'pk_test_abc',
      stripe_secret_key_enc: 'ciphertext',
    });
    const res = await postRsvp(t, event.id, rsvpInput());
    expect(res.status).toBe(201);
    expect(res.body.checkout_url).toMatch(/\/sandbox-checkout\/cs_sandbox_/);
    expect(res.body.ticket_url).toBeNull();
    const declined = await postRsvp(t, event.id, rsvpInput({ status: 'declined' }));
    expect(declined.status).toBe(201);
    expect(declined.body.checkout_url).toBeNull();
  });
});

describe('one RSVP per e-mail and event: the answer belongs to whoever controls the e-mail', () => {
  it('a later answer with a known e-mail changes nothing, reveals nothing and e-mails the manage link instead', async () => {
    const event = await insertEvent(t, { max_attendees: 20 });
    const first = await postRsvp(t, event.id, rsvpInput({ email: 'Same@Example.com', guest_count: 2, phone: '+1 415 555 0199' }));
    expect(first.status).toBe(201);
    const id = first.body.rsvp.id;
    const [before] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id));

    const stranger = await postRsvp(t, event.id, rsvpInput({ email: 'same@example.com', guest_count: 5, status: 'declined' }));
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual({
      rsvp: null,
      ticket_url: null,
      manage_url: null,
      checkout_url: null,
      already_answered: true,
      email_queued: true,
      email_delivery: 'dev_mailbox',
    });
    // Nothing of the RSVP in the answer: no id, secrets, token, PIN or status.
    const text = JSON.stringify(stranger.body) + JSON.stringify(Object.fromEntries(stranger.headers));
    const [pin] = await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, id));
    for (const secret of [id, before!.ticket_secret, before!.manage_secret, before!.qr_code_data!, pin!.pin, 'confirmed']) {
      expect(text).not.toContain(secret);
    }
    // Nothing changed, no cookie for the stranger.
    expect(stranger.headers.get('set-cookie')).toBeNull();
    const [after] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id));
    expect(after).toEqual(before);
    expect(await seats(event.id)).toEqual({ counter: 2, sum: 2 });
    // The address got the manage link (its own secret), not a confirmation.
    const mails = await mailsFor(id);
    expect(mails.map((m) => m.idempotency_key).sort()).toEqual([
      `rsvp:${id}:confirmed:1`,
      expect.stringMatching(`^rsvp:${id}:manage-link:`),
    ]);
    const link = mails.find((m) => m.idempotency_key.includes('manage-link'))!.payload as { to: string; text: string };
    expect(link.to).toBe('same@example.com');
    expect(link.text).toContain(`${TEST_ORIGIN}/rsvp/${before!.manage_secret}`);
  });

  it('the manage link e-mail goes at most once per RSVP in its window, however often the form is sent', async () => {
    const event = await insertEvent(t);
    const input = rsvpInput({ guest_count: 2 });
    const first = await postRsvp(t, event.id, input);
    const again = [await postRsvp(t, event.id, input), await postRsvp(t, event.id, input), await postRsvp(t, event.id, input)];
    expect(again.map((r) => [r.status, r.body.email_queued])).toEqual([
      [200, true],
      [200, false],
      [200, false],
    ]);
    expect(await mailsFor(first.body.rsvp.id)).toHaveLength(2);
  });

  it('the first answer sets the remember cookies (HttpOnly manage secret for the public API, a readable marker)', async () => {
    const event = await insertEvent(t);
    const res = await postRsvp(t, event.id, rsvpInput());
    const cookies = res.headers.getSetCookie();
    const compact = event.id.replace(/-/g, '');
    const secret = cookies.find((c) => c.startsWith(`trsvp_${compact}=`))!;
    expect(secret).toMatch(/HttpOnly/i);
    expect(secret).toMatch(/Path=\/api\/public/);
    expect(secret).toMatch(/SameSite=Lax/i);
    expect(secret).toContain(res.body.manage_url.split('/').pop());
    const seen = cookies.find((c) => c.startsWith(`tseen_${compact}=1`))!;
    expect(seen).not.toMatch(/HttpOnly/i);
    expect(seen).toMatch(/Path=\//);
  });

  it('concurrent first answers from one e-mail make one RSVP; the others learn only that it exists', async () => {
    const event = await insertEvent(t, { max_attendees: 100 });
    const input = rsvpInput({ guest_count: 2 });
    const results = await Promise.all(Array.from({ length: 10 }, () => postRsvp(t, event.id, input)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const others = results.filter((r) => r.status === 200);
    expect(others).toHaveLength(9);
    for (const r of others) expect(r.body).toMatchObject({ rsvp: null, ticket_url: null, manage_url: null, already_answered: true });
    expect(await seats(event.id)).toEqual({ counter: 2, sum: 2 });
    // One confirmation, and one manage link for the nine repeats.
    const created = results.find((r) => r.status === 201)!;
    expect(await mailsFor(created.body.rsvp.id)).toHaveLength(2);
  });
});

describe('capacity', () => {
  it('refuses a confirmed answer that would pass max_attendees, saying how many seats are left', async () => {
    const event = await insertEvent(t, { max_attendees: 5 });
    expect((await postRsvp(t, event.id, rsvpInput({ guest_count: 3 }))).status).toBe(201);
    const over = await postRsvp(t, event.id, rsvpInput({ guest_count: 3 }));
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({
      code: 'capacity_exceeded',
      message: `${MSG.capacityReached} Only 2 seats are left.`,
      fields: { guest_count: 'Only 2 seats are left.' },
    });
    expect((await postRsvp(t, event.id, rsvpInput({ guest_count: 2 }))).status).toBe(201);
    const full = await postRsvp(t, event.id, rsvpInput());
    expect(full.status).toBe(409);
    expect(full.body.error).toEqual({ code: 'capacity_exceeded', message: MSG.capacityReached });
    expect(await seats(event.id)).toEqual({ counter: 5, sum: 5 });
    expect(await t.db.select().from(event_rsvps).where(eq(event_rsvps.event_id, event.id))).toHaveLength(2);
  });

  it('the guest may then answer maybe (takes no seat)', async () => {
    const event = await insertEvent(t, { max_attendees: 1 });
    await postRsvp(t, event.id, rsvpInput());
    const input = rsvpInput();
    expect((await postRsvp(t, event.id, input)).status).toBe(409);
    const maybe = await postRsvp(t, event.id, { ...input, status: 'maybe' });
    expect(maybe.status).toBe(201);
    expect(maybe.body).toMatchObject({ rsvp: { status: 'maybe' }, ticket_url: null });
    expect(await seats(event.id)).toEqual({ counter: 1, sum: 1 });
  });

  it('a full event still takes Maybe and No, of any party size, free or paid, and holds no seat for them', async () => {
    const freeEvent = await insertEvent(t, { max_attendees: 2 });
    expect((await postRsvp(t, freeEvent.id, rsvpInput({ guest_count: 2 }))).status).toBe(201);
    expect((await postRsvp(t, freeEvent.id, rsvpInput())).status).toBe(409);
    // A paid event whose seats are all taken: its Maybe and No are free answers, with no checkout.
    const paidEvent = await insertEvent(t, { max_attendees: 3, seats_taken: 3, is_paid_event: true, ticket_price: '42.50' });
    for (const event of [freeEvent, paidEvent]) {
      const before = await seats(event.id);
      const maybe = await postRsvp(t, event.id, rsvpInput({ status: 'maybe', guest_count: 4 }));
      expect(maybe.status).toBe(201);
      expect(maybe.body).toMatchObject({ rsvp: { status: 'maybe', guest_count: 4 }, ticket_url: null, checkout_url: null });
      const no = await postRsvp(t, event.id, rsvpInput({ status: 'declined' }));
      expect(no.status).toBe(201);
      expect(no.body).toMatchObject({ rsvp: { status: 'declined' }, ticket_url: null });
      expect((await seats(event.id)).counter).toBe(before.counter);
    }
  });

  it('through the manage link: downgrading frees the seats, even on a full event; upgrading takes them again if free', async () => {
    const event = await insertEvent(t, { max_attendees: 4 });
    const a = rsvpInput({ guest_count: 4 });
    await postRsvp(t, event.id, a);
    expect(await seats(event.id)).toEqual({ counter: 4, sum: 4 });
    expect((await changeAnswer(t, event.id, a, { status: 'maybe' })).status).toBe(200);
    expect(await seats(event.id)).toEqual({ counter: 0, sum: 0 });

    const b = rsvpInput({ guest_count: 3 });
    expect((await postRsvp(t, event.id, b)).status).toBe(201);
    const back = await changeAnswer(t, event.id, a, { status: 'confirmed' });
    expect(back.status).toBe(409);
    expect(back.body.error.message).toBe(`${MSG.capacityReached} Only 1 seat is left.`);
    expect((await changeAnswer(t, event.id, b, { status: 'declined' })).status).toBe(200);
    expect((await changeAnswer(t, event.id, a, { status: 'confirmed' })).status).toBe(200);
    expect(await seats(event.id)).toEqual({ counter: 4, sum: 4 });
  });

  it('through the manage link: shrinking the party frees seats; growing it is checked', async () => {
    const event = await insertEvent(t, { max_attendees: 6 });
    const a = rsvpInput({ guest_count: 5 });
    await postRsvp(t, event.id, a);
    expect((await changeAnswer(t, event.id, a, { guest_count: 2 })).status).toBe(200);
    expect(await seats(event.id)).toEqual({ counter: 2, sum: 2 });
    expect((await changeAnswer(t, event.id, a, { guest_count: 7 })).status).toBe(409);
    expect((await changeAnswer(t, event.id, a, { guest_count: 6 })).status).toBe(200);
    expect(await seats(event.id)).toEqual({ counter: 6, sum: 6 });
  });

  it('an event without max_attendees takes any number', async () => {
    const event = await insertEvent(t, { max_attendees: null });
    for (let i = 0; i < 5; i++) expect((await postRsvp(t, event.id, rsvpInput({ guest_count: 10 }))).status).toBe(201);
    expect(await seats(event.id)).toEqual({ counter: 50, sum: 50 });
  });
});

describe('PINs', () => {
  it('each confirmed RSVP gets a 6-digit PIN, unique within the event; maybe and declined get none', async () => {
    const event = await insertEvent(t);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await postRsvp(t, event.id, rsvpInput())).body.rsvp.id);
    const maybe = (await postRsvp(t, event.id, rsvpInput({ status: 'maybe' }))).body.rsvp.id;
    const pins = await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.event_id, event.id));
    expect(pins).toHaveLength(30);
    expect(pins.every((p) => /^\d{6}$/.test(p.pin))).toBe(true);
    expect(new Set(pins.map((p) => p.pin)).size).toBe(30);
    expect(pins.map((p) => p.rsvp_id).sort()).toEqual(ids.sort());
    expect(pins.some((p) => p.rsvp_id === maybe)).toBe(false);
  });

  it('a PIN already taken in the event is never given twice: retried, then the lowest free one', async () => {
    const event = await insertEvent(t);
    const holder = (await postRsvp(t, event.id, rsvpInput())).body.rsvp.id;
    const [taken] = await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, holder));
    await t.db.update(rsvp_pins).set({ pin: '000000' }).where(eq(rsvp_pins.rsvp_id, holder));
    const newRsvp = async () => (await postRsvp(t, event.id, rsvpInput({ status: 'maybe' }))).body.rsvp.id as string;

    // Draws: the taken PIN twice, then a free one.
    const draws = ['000000', '000000', '424242'];
    const b = await newRsvp();
    const pinB = await t.db.transaction((tx) => assignPin(tx, { rsvpId: b, eventId: event.id, draw: () => draws.shift()! }));
    expect(pinB).toBe('424242');
    expect(draws).toEqual([]);

    // Every random draw taken: the lowest free PIN.
    const c = await newRsvp();
    const pinC = await t.db.transaction((tx) => assignPin(tx, { rsvpId: c, eventId: event.id, draw: () => '000000' }));
    expect(pinC).toBe('000001');
    // Same PIN in another event is fine; an RSVP keeps its PIN.
    const other = await insertEvent(t);
    const d = (await postRsvp(t, other.id, rsvpInput({ status: 'maybe' }))).body.rsvp.id;
    expect(await t.db.transaction((tx) => assignPin(tx, { rsvpId: d, eventId: other.id, draw: () => '000000' }))).toBe('000000');
    expect(await t.db.transaction((tx) => assignPin(tx, { rsvpId: b, eventId: event.id }))).toBe('424242');
    expect(taken?.pin).toMatch(/^\d{6}$/);
  });
});

describe('PINs when random draws keep colliding', () => {
  it('the one-trip path retries, then the transaction path takes the lowest free PIN', async () => {
    const event = await loadRsvpEvent({ db: t.db, cache: t.deps.caches.rsvpEvents, eventId: (await insertEvent(t)).id });
    const config = { baseUrl: t.env.PUBLIC_BASE_URL, signingKey: t.env.TICKET_SIGNING_KEY };
    const create = async (drawPin: () => string) => {
      const res = await createRsvp({ db: t.db, config, event, answer: ZRsvpInput.parse(rsvpInput()), drawPin });
      const id = res!.result.rsvp!.id;
      const [row] = await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, id));
      const [mail] = await mailsFor(id);
      // The e-mail carries the PIN that was finally stored.
      expect(mailOf(mail!.payload).text).toContain(`PIN: ${row!.pin}`);
      return row!.pin;
    };
    expect(await create(() => '000000')).toBe('000000');
    const draws = ['000000', '000000', '777777'];
    expect(await create(() => draws.shift()!)).toBe('777777');
    expect(await create(() => '000000')).toBe('000001');
    expect(await seats(event.id)).toEqual({ counter: 3, sum: 3 });
  });
});

describe('rate limits', () => {
  it('per e-mail and event, and per IP: 429 with Retry-After', async () => {
    const event = await insertEvent(limited);
    const input = rsvpInput();
    let res = await postRsvp(limited, event.id, input, { 'x-forwarded-for': '203.0.113.1' });
    for (let i = 1; i <= RSVP_LIMITS.perEmail.points; i++) {
      res = await postRsvp(limited, event.id, input, { 'x-forwarded-for': `203.0.113.${i + 1}` });
    }
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.error.code).toBe('rate_limited');
    // Another guest is not affected.
    expect((await postRsvp(limited, event.id, rsvpInput(), { 'x-forwarded-for': '203.0.113.200' })).status).toBe(201);

    const ip = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i <= RSVP_LIMITS.perIp.points; i++) statuses.push((await postRsvp(limited, event.id, rsvpInput(), ip)).status);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
