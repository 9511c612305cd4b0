import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { outbox, type EmailPayload } from '../../src/server/db/schema/outbox.ts';
import { sendableEmail } from '../../src/server/modules/outbox/sendable-email.ts';
import { insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

// GET /api/public/events/{eventId}/calendar.ics: the e-mails' "Apple Calendar (.ics)" link (docs/product.md#e-mails).
const t = await createTestApp({ RATE_LIMIT: 'false' });

function vevent(ics: string) {
  return new ICAL.Component(ICAL.parse(ics) as unknown[]).getFirstSubcomponent('vevent')!;
}
const dateOf = (e: ICAL.Component, prop: string) => (e.getFirstPropertyValue(prop) as ICAL.Time).toJSDate().toISOString();

describe('GET /api/public/events/{eventId}/calendar.ics', () => {
  it("serves an active event's calendar entry as text/calendar, the same entry (UID) as the e-mail's attachment", async () => {
    const event = await insertEvent(t, {
      title: 'Roof; Party, with <friends>',
      subtitle: 'Bring a jumper',
      location: 'Pier 7, Harbour Street',
      event_date: new Date('2031-09-01T16:00:00Z'),
      end_date: new Date('2031-09-01T23:15:00Z'),
    });
    const res = await t.request(`/api/public/events/${event.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="event.ics"');
    const body = await res.text();
    expect(body.endsWith('\r\n')).toBe(true);
    const ev = vevent(body);
    expect(ev.getFirstPropertyValue('summary')).toBe('Roof; Party, with <friends>');
    expect(ev.getFirstPropertyValue('location')).toBe('Pier 7, Harbour Street');
    expect(dateOf(ev, 'dtstart')).toBe('2031-09-01T16:00:00.000Z');
    expect(dateOf(ev, 'dtend')).toBe('2031-09-01T23:15:00.000Z');
    expect(ev.getFirstPropertyValue('url')).toBe(`${TEST_ORIGIN}/event/${event.id}`);
    expect(ev.getFirstPropertyValue('description')).toBe(`Bring a jumper\n\n${TEST_ORIGIN}/event/${event.id}`);

    // The confirmation links here, and its attachment is the same calendar entry.
    const input = rsvpInput();
    const { body: answer } = await postRsvp(t, event.id, input);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, `rsvp:${answer.rsvp.id}:confirmed:1`));
    const mail = sendableEmail(row!.payload as EmailPayload);
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/api/public/events/${event.id}/calendar.ics"`);
    const attached = vevent(Buffer.from(mail.attachments!.find((a) => a.filename === 'event.ics')!.contentBase64, 'base64').toString());
    expect(attached.getFirstPropertyValue('uid')).toBe(ev.getFirstPropertyValue('uid'));
    expect(dateOf(attached, 'dtend')).toBe('2031-09-01T23:15:00.000Z');
  });

  it('without an end date the entry lasts 4 hours', async () => {
    const event = await insertEvent(t, { event_date: new Date('2031-06-21T18:30:00Z'), end_date: null });
    const ev = vevent(await (await t.request(`/api/public/events/${event.id}/calendar.ics`)).text());
    expect(dateOf(ev, 'dtend')).toBe('2031-06-21T22:30:00.000Z');
  });

  it('is a 404 for an inactive, unknown or malformed event', async () => {
    const inactive = await insertEvent(t, { is_active: false });
    for (const id of [inactive.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.request(`/api/public/events/${id}/calendar.ics`);
      expect(res.status, id).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });
});
