import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { TTicketType } from '../../src/common/schemas/ticket-types.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { order_tickets, ticket_types } from '../../src/server/db/schema/tickets.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { changeAnswer, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

/**
 * Ticket types and orders (docs/product.md#ticket-types, docs/decisions/0028-ticket-types.md): the host's types,
 * the guest's order of several types, a ticket per guest (or one per group) with its own page, QR and PIN, the
 * door's verdict naming the type, the guest list and CSV per ticket, the paid checkout's line items, and the
 * seat guarantee per type and for the event under a race.
 */
const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error', PAYMENTS_PROVIDER: 'sandbox' });
const owner = await signedInUser(t);
const api = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: owner.cookie });

async function addType(eventId: string, json: Record<string, unknown>): Promise<TTicketType> {
  const res = await api(`/api/events/${eventId}/ticket-types`, { method: 'POST', json });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json()).ticket_type;
}
const order = (eventId: string, tickets: { type_id: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
  postRsvp(t, eventId, rsvpInput({ tickets, ...extra }));
const secretOf = (url: string) => url.split('/').pop()!;
const getTicket = async (secret: string) => (await t.request(`/api/public/tickets/${secret}`)).json();
const redeem = async (eventId: string, json: Record<string, unknown>) => {
  const res = await api(`/api/checkin/${eventId}/redeem`, { method: 'POST', json: { nonce: randomUUID(), device: 'Door 1', ...json } });
  return { status: res.status, body: await res.json() };
};
const tokenOf = (verificationUrl: string) => verificationUrl.split('/').pop()!;

async function typedEvent(overrides: Record<string, unknown> = {}) {
  const e = await createEvent(t, owner, { max_attendees: 100, ...overrides });
  const vip = await addType(e.id, { name: 'VIP', price: 0, quantity: 10, max_per_order: 4 });
  const table = await addType(e.id, { name: 'Table', description: 'One ticket for the table', price: 0, quantity: 9, admission: 'group' });
  const staff = await addType(e.id, { name: 'Crew', price: 0, hidden: true });
  return { e, vip, table, staff };
}

describe('ticket types: the host', () => {
  it('adds, lists and changes types; the event page lists the visible ones with what is left', async () => {
    const { e, vip, table, staff } = await typedEvent();
    expect(vip).toMatchObject({
      name: 'VIP',
      price: 0,
      quantity: 10,
      min_per_order: 1,
      max_per_order: 4,
      admission: 'each',
      seats_taken: 0,
    });
    const list = (await (await api(`/api/events/${e.id}/ticket-types`)).json()).ticket_types as TTicketType[];
    expect(list.map((x) => x.name)).toEqual(['VIP', 'Table', 'Crew']);
    const pub = (await (await t.request(`/api/public/events/${e.id}`)).json()).event.ticket_types;
    expect(pub.map((x: { name: string; left: number | null }) => [x.name, x.left])).toEqual([
      ['VIP', 10],
      ['Table', 9],
    ]);
    const patched = await api(`/api/events/${e.id}/ticket-types/${table.id}`, { method: 'PATCH', json: { quantity: 6 } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).ticket_type.quantity).toBe(6);
    expect((await api(`/api/events/${e.id}/ticket-types/${staff.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses bad types with the field and the reason', async () => {
    const e = await createEvent(t, owner);
    const bad = async (json: Record<string, unknown>, field: string, status = 400) => {
      const res = await api(`/api/events/${e.id}/ticket-types`, { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(Object.keys((await res.json()).error.fields ?? {})).toContain(field);
    };
    await bad({ name: '', price: 0 }, 'name');
    await bad({ name: 'A', price: -1 }, 'price');
    await bad({ name: 'A', price: 0, min_per_order: 3, max_per_order: 2 }, 'max_per_order');
    await bad({ name: 'A', price: 0, sales_start: '2031-01-02T00:00:00Z', sales_end: '2031-01-01T00:00:00Z' }, 'sales_end');
    await bad({ name: 'A', price: 0, admission: 'pairs' }, 'admission');
    // A price needs a paid event.
    await bad({ name: 'A', price: 500 }, 'price', 409);
    // Strangers and door staff see nothing.
    const other = await signedInUser(t);
    expect((await t.request(`/api/events/${e.id}/ticket-types`, { cookie: other.cookie })).status).toBe(404);
  });
});

describe('ticket types: an order', () => {
  it('one order of two types: a ticket per VIP guest and one for the table, each with its page, QR and PIN; one e-mail', async () => {
    const { e, vip, table, staff } = await typedEvent();
    const { status, body } = await order(e.id, [
      { type_id: vip.id, quantity: 2 },
      { type_id: table.id, quantity: 3 },
    ]);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.rsvp).toMatchObject({ status: 'confirmed', guest_count: 5 });
    const page = await getTicket(secretOf(body.ticket_url));
    expect(page).toMatchObject({ status: 'confirmed', guest_count: 5, pin: null, qr_png_url: null, currency: 'usd' });
    expect(page.tickets.map((x: { label: string; admits: number }) => [x.label, x.admits])).toEqual([
      ['VIP · 1 of 2', 1],
      ['VIP · 2 of 2', 1],
      ['Table · admits 3', 3],
    ]);
    const tickets = await Promise.all(page.tickets.map((x: { ticket_url: string }) => getTicket(secretOf(x.ticket_url))));
    expect(tickets.map((x) => x.ticket_label)).toEqual(['VIP · 1 of 2', 'VIP · 2 of 2', 'Table · admits 3']);
    for (const x of tickets) {
      expect(x.pin).toMatch(/^\d{6}$/);
      expect((await t.request(x.qr_png_url)).status).toBe(200);
    }
    expect(new Set(tickets.map((x) => x.pin)).size).toBe(3);
    // The order itself has no QR code of its own.
    expect((await t.request(`/qr/${secretOf(body.ticket_url)}.png?v=1`)).status).toBe(404);
    // Counters: per type and for the event.
    const types = await t.db
      .select({ name: ticket_types.name, taken: ticket_types.seats_taken })
      .from(ticket_types)
      .where(eq(ticket_types.event_id, e.id));
    expect(Object.fromEntries(types.map((x) => [x.name, x.taken]))).toEqual({ VIP: 2, Table: 3, Crew: 0 });
    expect((await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, e.id)))[0]!.s).toBe(5);
    // One confirmation, naming the tickets and linking the order's page.
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, `rsvp:${body.rsvp.id}:confirmed:1`));
    const payload = mail!.payload as { confirmation: { order: { summary: string } } } & EmailPayload;
    expect(payload.confirmation.order.summary).toBe('VIP × 2, Table × 3');
    // A hidden type, a type of no event, too many, or no tickets at all: 400 on `tickets`, nothing written.
    for (const tickets of [
      [{ type_id: staff.id, quantity: 1 }],
      [{ type_id: randomUUID(), quantity: 1 }],
      [{ type_id: vip.id, quantity: 5 }],
      undefined,
    ]) {
      const r = await order(e.id, tickets as never);
      expect(r.status, JSON.stringify(tickets)).toBe(400);
      expect(Object.keys(r.body.error.fields)).toContain('tickets');
    }
  });

  it('the door admits each ticket once and names its type; the group ticket admits its 3', async () => {
    const { e, vip, table } = await typedEvent();
    const { body } = await order(e.id, [
      { type_id: vip.id, quantity: 2 },
      { type_id: table.id, quantity: 3 },
    ]);
    const page = await getTicket(secretOf(body.ticket_url));
    const [v1, v2, tb] = await Promise.all(page.tickets.map((x: { ticket_url: string }) => getTicket(secretOf(x.ticket_url))));
    const first = await redeem(e.id, { code: tokenOf(v1.verification_url) });
    expect(first.body).toMatchObject({
      ok: true,
      admitted: 1,
      guest: { checked_in_count: 1, ticket: { label: 'VIP · 1 of 2', admits: 1, checked_in_count: 1 } },
    });
    expect((await redeem(e.id, { code: tokenOf(v1.verification_url) })).body).toMatchObject({ ok: false, reason: 'already_checked_in' });
    // The second VIP by its PIN; the verify route names it too.
    const verify = await api(`/api/checkin/${e.id}/verify`, { method: 'POST', json: { code: v2.pin } });
    expect((await verify.json()).guest.ticket).toMatchObject({ label: 'VIP · 2 of 2', checked_in_count: 0 });
    expect((await redeem(e.id, { code: v2.pin })).body).toMatchObject({
      ok: true,
      admitted: 1,
      guest: { ticket: { label: 'VIP · 2 of 2' } },
    });
    expect((await redeem(e.id, { code: tokenOf(tb.verification_url) })).body).toMatchObject({
      ok: true,
      admitted: 3,
      guest: { checked_in_count: 5, ticket: { label: 'Table · admits 3', checked_in_count: 3 } },
    });
    // The check-in figures split by type.
    const stats = await (await api(`/api/checkin/${e.id}/stats`)).json();
    expect(stats.by_type).toEqual([
      { name: 'VIP', counts: { total: 2, checked_in: 2, pending: 0 } },
      { name: 'Table', counts: { total: 3, checked_in: 3, pending: 0 } },
      { name: 'Crew', counts: { total: 0, checked_in: 0, pending: 0 } },
    ]);
    // 50 scans of one fresh ticket at once: one admission.
    const again = await order(e.id, [{ type_id: vip.id, quantity: 1 }]);
    const one = await getTicket(secretOf((await getTicket(secretOf(again.body.ticket_url))).tickets[0].ticket_url));
    const scans = await Promise.all(Array.from({ length: 50 }, () => redeem(e.id, { code: tokenOf(one.verification_url) })));
    expect(scans.filter((s) => s.body.ok)).toHaveLength(1);
    // An undo by the order gives the admission back to its ticket.
    const undo = await api(`/api/checkin/${e.id}/undo`, { method: 'POST', json: { rsvp_id: again.body.rsvp.id, nonce: randomUUID() } });
    expect(undo.status).toBe(200);
    expect((await redeem(e.id, { code: tokenOf(one.verification_url) })).body).toMatchObject({ ok: true, admitted: 1 });
  });

  it('the guest list and its CSV show each ticket with its type and amount', async () => {
    const { e, vip, table } = await typedEvent();
    await order(e.id, [
      { type_id: vip.id, quantity: 2 },
      { type_id: table.id, quantity: 3 },
    ]);
    const rows = (await (await api(`/api/events/${e.id}/rsvps`)).json()).rows;
    expect(rows[0].tickets.map((x: { label: string; amount: number }) => [x.label, x.amount])).toEqual([
      ['VIP · 1 of 2', 0],
      ['VIP · 2 of 2', 0],
      ['Table · admits 3', 0],
    ]);
    const csv = await (await api(`/api/events/${e.id}/rsvps.csv`)).text();
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields?.at(-1)).toBe('Tickets');
    expect(parsed.data[0]!.Tickets).toBe('VIP · 1 of 2 · 0.00; VIP · 2 of 2 · 0.00; Table · admits 3 · 0.00');
    // A type with tickets cannot be deleted (hide it instead).
    expect((await api(`/api/events/${e.id}/ticket-types/${vip.id}`, { method: 'DELETE' })).status).toBe(409);
    // Nor can its quantity go below what is taken.
    const low = await api(`/api/events/${e.id}/ticket-types/${vip.id}`, { method: 'PATCH', json: { quantity: 1 } });
    expect(low.status).toBe(409);
  });

  it('a paid order: one checkout line item per priced type; paid, its tickets are valid; unpaid, they are not', async () => {
    const e = await createEvent(t, owner, paidEventInput({ ticket_price: 10, currency: 'eur', max_attendees: 20 }));
    const vip = await addType(e.id, { name: 'VIP', price: 5000, quantity: 5 });
    const ga = await addType(e.id, { name: 'General', price: 2000 });
    const free = await addType(e.id, { name: 'Child', price: 0 });
    const { status, body } = await order(e.id, [
      { type_id: vip.id, quantity: 2 },
      { type_id: ga.id, quantity: 1 },
      { type_id: free.id, quantity: 1 },
    ]);
    expect(status, JSON.stringify(body)).toBe(201);
    const path = new URL(body.checkout_url).pathname;
    const html = await (await t.request(path)).text();
    expect(html).toContain('VIP × 2 · €100.00');
    expect(html).toContain('General × 1 · €20.00');
    expect(html).toContain('€120.00');
    // Not paid yet: the tickets exist but do not open the door, and the order page lists none.
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    expect(row).toMatchObject({ payment_status: 'pending', payment_amount: 12000, guest_count: 4 });
    const [pending] = await t.db.select().from(order_tickets).where(eq(order_tickets.rsvp_id, body.rsvp.id)).limit(1);
    expect((await redeem(e.id, { code: pending!.pin })).body).toMatchObject({ ok: false, reason: 'not_confirmed' });
    expect((await t.request(`${path}/pay`, { method: 'POST' })).status).toBe(303);
    const sessionId = path.split('/').pop()!;
    const v = await (await t.request(`/api/public/payments/verify?session_id=${sessionId}`)).json();
    expect(v).toMatchObject({ payment_status: 'paid' });
    const page = await getTicket(secretOf(v.ticket_url));
    expect(page.tickets.map((x: { label: string; amount: number }) => [x.label, x.amount])).toEqual([
      ['VIP · 1 of 2', 5000],
      ['VIP · 2 of 2', 5000],
      ['General · 1 of 1', 2000],
      ['Child · 1 of 1', 0],
    ]);
    expect((await redeem(e.id, { code: pending!.pin })).body).toMatchObject({ ok: true, admitted: 1 });
    // The paid e-mail is the order's.
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, `payment:${sessionId}:paid`));
    expect((mail!.payload as { confirmation: { order?: { summary: string } } }).confirmation.order?.summary).toBe(
      'VIP × 2, General × 1, Child × 1',
    );
  });

  it('an unpaid order that lapses gives its seats back to its types', async () => {
    const e = await createEvent(t, owner, paidEventInput({ max_attendees: 20 }));
    const vip = await addType(e.id, { name: 'VIP', price: 5000, quantity: 2 });
    const first = await order(e.id, [{ type_id: vip.id, quantity: 2 }]);
    expect(first.status).toBe(201);
    const full = await order(e.id, [{ type_id: vip.id, quantity: 1 }]);
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'capacity_exceeded', fields: { tickets: expect.any(String) } });
    const path = new URL(first.body.checkout_url).pathname;
    expect((await t.request(`${path}/cancel`, { method: 'POST' })).status).toBe(303);
    const [type] = await t.db.select({ taken: ticket_types.seats_taken }).from(ticket_types).where(eq(ticket_types.id, vip.id));
    expect(type!.taken).toBe(0);
    expect((await order(e.id, [{ type_id: vip.id, quantity: 2 }])).status).toBe(201);
  });
});

describe("ticket types: the rest of an order's life", () => {
  it('sales windows are kept; a party size is fixed; staff and guest cancels and deletes give the seats back', async () => {
    const { e, vip, table } = await typedEvent();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const ended = await addType(e.id, {
      name: 'Early',
      price: 0,
      sales_start: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      sales_end: past,
    });
    const later = await addType(e.id, { name: 'Late', price: 0, sales_start: future });
    for (const [type, text] of [
      [ended, 'Early: sales have ended.'],
      [later, 'Late: sales open'],
    ] as const) {
      const r = await order(e.id, [{ type_id: type.id, quantity: 1 }]);
      expect(r.status).toBe(400);
      expect(r.body.error.fields.tickets).toContain(text);
    }
    const taken = async () =>
      Object.fromEntries(
        (
          await t.db.select({ n: ticket_types.name, s: ticket_types.seats_taken }).from(ticket_types).where(eq(ticket_types.event_id, e.id))
        ).map((x) => [x.n, x.s]),
      );
    const guest = rsvpInput({ tickets: [{ type_id: vip.id, quantity: 2 }] });
    expect((await postRsvp(t, e.id, guest)).status).toBe(201);
    const other = await order(e.id, [{ type_id: table.id, quantity: 3 }]);
    expect(await taken()).toMatchObject({ VIP: 2, Table: 3 });
    // The guest cannot resize an order on the manage page (409 naming the party); cancelling frees its types.
    const resized = await changeAnswer(t, e.id, guest, { guest_count: 3 });
    expect(resized.status).toBe(409);
    expect(resized.body.error.fields.guest_count).toBeDefined();
    const cancelled = await changeAnswer(t, e.id, guest, { status: 'declined' });
    expect(cancelled.status).toBe(200);
    expect(await taken()).toMatchObject({ VIP: 0, Table: 3 });
    // Staff delete an order: its types' seats go back with it.
    expect((await api(`/api/events/${e.id}/rsvps/${other.body.rsvp.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await taken()).toMatchObject({ VIP: 0, Table: 0 });
    expect((await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, e.id)))[0]!.s).toBe(0);
    // The event goes with its types and orders.
    await order(e.id, [{ type_id: table.id, quantity: 2 }]);
    expect((await api(`/api/events/${e.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.db.select().from(ticket_types).where(eq(ticket_types.event_id, e.id))).toHaveLength(0);
  });
});

describe('ticket types: capacity under a race', () => {
  it('300 concurrent orders over 3 types: no type and not the event oversold, counters equal the tickets held', async () => {
    const e = await createEvent(t, owner, { max_attendees: 150 });
    const a = await addType(e.id, { name: 'A', price: 0, quantity: 40 });
    const b = await addType(e.id, { name: 'B', price: 0, quantity: 60, admission: 'group' });
    const c = await addType(e.id, { name: 'C', price: 0 });
    const mixes = [
      [{ type_id: a.id, quantity: 1 }],
      [{ type_id: b.id, quantity: 2 }],
      [{ type_id: c.id, quantity: 1 }],
      [
        { type_id: a.id, quantity: 1 },
        { type_id: c.id, quantity: 1 },
      ],
      [
        { type_id: c.id, quantity: 1 },
        { type_id: b.id, quantity: 1 },
        { type_id: a.id, quantity: 1 },
      ],
    ];
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => order(e.id, mixes[i % mixes.length]!)));
    expect(results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => JSON.stringify(r).slice(0, 300))).toEqual([]);
    const accepted = results.filter((r) => r.status === 201).length;
    expect(accepted).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === 409).length).toBeGreaterThan(0);
    const held = await t.db
      .select({ type: order_tickets.ticket_type_id, n: sql<number>`sum(${order_tickets.admits})::int` })
      .from(order_tickets)
      .innerJoin(event_rsvps, eq(event_rsvps.id, order_tickets.rsvp_id))
      .where(and(eq(order_tickets.event_id, e.id), eq(event_rsvps.status, 'confirmed')))
      .groupBy(order_tickets.ticket_type_id);
    const heldOf = (id: string) => held.find((h) => h.type === id)?.n ?? 0;
    const counters = await t.db
      .select({ id: ticket_types.id, taken: ticket_types.seats_taken })
      .from(ticket_types)
      .where(eq(ticket_types.event_id, e.id));
    for (const x of counters) expect(x.taken, x.id).toBe(heldOf(x.id));
    expect(heldOf(a.id)).toBeLessThanOrEqual(40);
    expect(heldOf(b.id)).toBeLessThanOrEqual(60);
    const [ev] = await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, e.id));
    const total = heldOf(a.id) + heldOf(b.id) + heldOf(c.id);
    expect(ev!.s).toBe(total);
    expect(total).toBeLessThanOrEqual(150);
    // Every accepted order is the whole of what it asked for.
    const parties = await t.db.select({ n: sql<number>`count(*)::int` }).from(event_rsvps).where(eq(event_rsvps.event_id, e.id));
    expect(parties[0]!.n).toBe(accepted);
    console.info(
      `ticket-types race: ${accepted} of 300 orders accepted; A ${heldOf(a.id)}/40, B ${heldOf(b.id)}/60, C ${heldOf(c.id)}; event ${total}/150`,
    );
  });
});

void TEST_ORIGIN;
