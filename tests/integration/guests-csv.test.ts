import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { TGuestRow } from '../../src/common/schemas/guests.responses.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { CSV_COLUMNS, neutralizeCell } from '../../src/server/modules/guests/csv-cells.ts';
import { createEvent } from '../factories/events.ts';
import { seedGuests } from '../factories/guests.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);
const event = await createEvent(t, owner);
await seedGuests(t, event.id, 1000);

async function csv(query = '', who = owner) {
  const res = await t.request(`/api/events/${event.id}/rsvps.csv${query}`, { cookie: who.cookie });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}
function parse(bytes: Uint8Array) {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(text.charCodeAt(0), 'starts with the UTF-8 BOM').toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed;
}
/** Every page of the list with `query`, in order. */
async function wholeList(query: string): Promise<TGuestRow[]> {
  const rows: TGuestRow[] = [];
  for (let page = 1; ; page++) {
    const body = await (await t.request(`/api/events/${event.id}/rsvps?page=${page}${query}`, { cookie: owner.cookie })).json();
    rows.push(...body.rows);
    if (body.rows.length < 40) return rows;
  }
}
/** A list row as the CSV writes it. */
function asCsv(r: TGuestRow): Record<string, string> {
  const v = (x: string | number | boolean | null) =>
    x === null ? '' : typeof x === 'boolean' ? (x ? 'yes' : 'no') : neutralizeCell(String(x));
  return {
    Name: v(r.name),
    Email: v(r.email),
    Phone: v(r.phone),
    PIN: v(r.pin),
    Status: r.status,
    'Party size': String(r.guest_count),
    Type: r.type,
    'Payment status': v(r.payment_status),
    Amount: r.payment_amount === null ? '' : (r.payment_amount / 100).toFixed(2),
    Currency: v(r.payment_currency),
    'Payment id': v(r.payment_id),
    'Promo code': v(r.promo_code),
    Discount: r.discount_amount ? (r.discount_amount / 100).toFixed(2) : '',
    'Booking fee': r.fee_amount ? (r.fee_amount / 100).toFixed(2) : '',
    Tax: r.tax_amount ? (r.tax_amount / 100).toFixed(2) : '',
    Refunded: r.refunded_amount ? (r.refunded_amount / 100).toFixed(2) : '',
    'Checked in': v(r.attended),
    'Checked in at': r.checked_in_at ?? '',
    Notes: v(r.notes),
    'RSVP date': r.created_at,
    'Has ticket': v(r.has_ticket),
    'Waitlist place': v(r.waitlist_place),
    'RSVP id': r.id,
  };
}

describe('CSV export of the guest list', () => {
  it('parsed back, equals the list: every row and column of 1,000 guests, in the list’s order', async () => {
    const { res, bytes } = await csv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${event.slug}-guests-${day}.csv"`);
    const parsed = parse(bytes);
    expect(parsed.meta.fields).toEqual(CSV_COLUMNS.map(([h]) => h));
    expect(parsed.data).toHaveLength(1000);
    expect(parsed.data).toEqual((await wholeList('')).map(asCsv));
  });

  it('a paid guest’s payment: status, amount in major units, currency and Stripe’s payment id', async () => {
    const row = parse((await csv('?q=guest 00010')).bytes).data.find((r) => r.Name === 'Guest 00010');
    expect(row).toMatchObject({ 'Payment status': 'paid', Amount: '37.50', Currency: 'eur', 'Payment id': 'pi_seed10' });
    const unpaid = parse((await csv('?q=guest 00011')).bytes).data.find((r) => r.Name === 'Guest 00011');
    expect(unpaid).toMatchObject({ 'Payment status': '', Amount: '', Currency: '', 'Payment id': '' });
  });

  it('takes the list’s filters, sort and search', async () => {
    for (const q of ['&status=confirmed&payment=paid', '&checked_in=yes&sort=name&dir=asc', '&q=guest 001']) {
      const { bytes } = await csv(`?${q.slice(1)}`);
      expect(parse(bytes).data, q).toEqual((await wholeList(q)).map(asCsv));
    }
  });

  it('neutralises cells a spreadsheet would run as formulas; keeps accents and line breaks', async () => {
    const e = await createEvent(t, owner);
    const names = ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', 'Zoë Ñandú'];
    for (const name of names) {
      const res = await postRsvp(t, e.id, rsvpInput({ name, notes: 'line one\nline two' }));
      expect(res.status, name).toBe(201);
    }
    // Tab and carriage return at the start cannot come through the form (trimmed): write them as an import would.
    await t.db.update(event_rsvps).set({ notes: '\tcmd|calc' }).where(eq(event_rsvps.name, '+1+1'));
    await t.db.update(event_rsvps).set({ notes: '\r=1+1' }).where(eq(event_rsvps.name, '-2+3'));
    const res = await t.request(`/api/events/${e.id}/rsvps.csv?sort=name`, { cookie: owner.cookie });
    const rows = parse(new Uint8Array(await res.arrayBuffer())).data;
    const byName = new Map(rows.map((r) => [r.Name, r]));
    expect([...byName.keys()].sort()).toEqual(["'+1+1", "'-2+3", '\'=HYPERLINK("http://evil")', "'@SUM(A1)", 'Zoë Ñandú'].sort());
    expect(byName.get("'+1+1")!.Notes).toBe("'\tcmd|calc");
    expect(byName.get("'-2+3")!.Notes).toBe("'\r=1+1");
    expect(byName.get('Zoë Ñandú')!.Notes).toBe('line one\nline two');
    for (const r of rows) for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('an event without guests gives the header only; others get 404; bad filters 400', async () => {
    const e = await createEvent(t, owner);
    const res = await t.request(`/api/events/${e.id}/rsvps.csv`, { cookie: owner.cookie });
    const parsed = parse(new Uint8Array(await res.arrayBuffer()));
    expect(parsed.data).toEqual([]);
    expect(parsed.meta.fields).toHaveLength(CSV_COLUMNS.length);
    const stranger = await signedInUser(t);
    expect((await csv('', stranger)).res.status).toBe(404);
    expect((await t.request(`/api/events/${event.id}/rsvps.csv`)).status).toBe(401);
    expect((await csv('?status=yes')).res.status).toBe(400);
  });

  it('gives the pooled connection back when the client stops reading', async () => {
    const pool = t.db.$client;
    const big = await createEvent(t, owner);
    await seedGuests(t, big.id, 5000, { prefix: 'Big' });
    const res = await t.request(`/api/events/${big.id}/rsvps.csv`, { cookie: owner.cookie });
    const reader = res.body!.getReader();
    await reader.read();
    expect(pool.totalCount - pool.idleCount, 'the cursor holds its connection while the download is open').toBe(1);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.totalCount - pool.idleCount, 'connections still checked out').toBe(0);
  });
});
