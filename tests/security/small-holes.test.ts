import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { PHONE_INVALID } from '../../src/common/phone.ts';
import type { TPublicEvent } from '../../src/common/schemas/events.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { createEvent } from '../factories/events.ts';
import { changeAnswer, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

// Issue 29, item 7: the smaller holes, each closed and kept closed.
const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t, { role: 'admin' });

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
