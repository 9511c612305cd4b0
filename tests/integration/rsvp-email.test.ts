import { eq, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps, rsvp_pins } from '../../src/server/db/schema/rsvps.ts';
import { drainOutbox } from '../../src/server/modules/outbox/worker.ts';
import { changeAnswer, insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { decodePng } from '../support/qr.ts';

// The confirmation e-mail end to end: RSVP → outbox (same transaction) → drainOutbox → a real SMTP
// server (smtp-server) → parsed with mailparser.
const smtp = await startSmtpSink();
const t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT: 'false' });
afterAll(async () => {
  t.deps.channels.close(); // first: the sink would otherwise wait for the pool's idle connections
  await smtp.close();
});

const event = await insertEvent(t, {
  title: 'Harbour Gala',
  subtitle: 'An evening <on> the water',
  location: 'Pier 7, Harbour Street',
  event_date: new Date('2031-06-21T18:30:00Z'),
  timezone: 'Europe/London',
  max_attendees: 100,
});

/** Delivers what is queued and returns the newly received messages for `to`. */
async function deliver(to: string): Promise<ParsedMail[]> {
  const before = smtp.accepted.length;
  await drainOutbox(t.deps);
  return smtp.accepted.slice(before).filter((m) => m.to && !Array.isArray(m.to) && m.to.text === to);
}

function vevent(ics: Buffer) {
  return new ICAL.Component(ICAL.parse(ics.toString('utf8')) as unknown[]).getFirstSubcomponent('vevent')!;
}

const dateOf = (e: ICAL.Component, prop: string) => (e.getFirstPropertyValue(prop) as ICAL.Time).toJSDate().toISOString();

describe('confirmation e-mail', () => {
  it('a confirmed RSVP gets HTML + text, the QR inline, an .ics and the ticket link', async () => {
    const input = rsvpInput({ name: 'Ada <Lovelace>', guest_count: 2 });
    const { body } = await postRsvp(t, event.id, input);
    const id = body.rsvp.id as string;
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id));
    const [pin] = await t.db.select().from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, id));

    const mails = await deliver(input.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your ticket for Harbour Gala');
    // The ticket's own secret, never the RSVP id (docs/decisions/0010-ticket-secrets.md).
    const ticketLink = `${TEST_ORIGIN}/ticket/${row!.ticket_secret}`;
    expect(mail.text).not.toContain(id);
    expect(String(mail.html)).not.toContain(id);
    expect(mail.text).toContain(ticketLink);
    expect(mail.text).toContain('Show this QR code at the event for check-in.');
    expect(mail.text).toContain('Pier 7, Harbour Street');
    expect(mail.text).toContain(`PIN: ${pin!.pin}`);
    expect(mail.text).toContain('When: Saturday, June 21, 2031 · 7:30 PM GMT+1'); // 18:30 UTC in London (BST); no end date, no end
    const html = String(mail.html);
    expect(html).toContain(`href="${ticketLink}"`);
    expect(html).toContain('Ada &lt;Lovelace&gt;');
    expect(html).toContain('An evening &lt;on&gt; the water');
    expect(html).not.toContain('<Lovelace>');

    const qr = mail.attachments.find((a) => a.contentType === 'image/png')!;
    expect(qr.cid).toBe('ticket-qr@turnout');
    expect(qr.related).toBe(true); // inline, referenced from the HTML (mailparser swaps cid: for a data: URL)
    expect(html).toContain(`src="data:image/png;base64,${qr.content.toString('base64')}"`);
    expect(await decodePng(qr.content)).toBe(`${TEST_ORIGIN}/ticket-verification/${row!.qr_code_data}`);

    const ics = mail.attachments.find((a) => a.filename === 'event.ics')!;
    expect(ics.contentType).toBe('text/calendar');
    const ev = vevent(ics.content);
    expect(dateOf(ev, 'dtstart')).toBe('2031-06-21T18:30:00.000Z');
    expect(dateOf(ev, 'dtend')).toBe('2031-06-21T22:30:00.000Z'); // no end: start + 4 h
    expect(ev.getFirstPropertyValue('summary')).toBe('Harbour Gala');
    expect(ev.getFirstPropertyValue('location')).toBe('Pier 7, Harbour Street');
    // The calendar links the event page, never the ticket (calendars get shared).
    expect(ev.getFirstPropertyValue('url')).toBe(`${TEST_ORIGIN}/event/${event.id}`);
    expect(ics.content.toString()).not.toContain(id);
    expect(ev.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('uses the end date when the event has one', async () => {
    const withEnd = await insertEvent(t, {
      event_date: new Date('2031-09-01T16:00:00Z'),
      end_date: new Date('2031-09-01T23:15:00Z'),
    });
    const input = rsvpInput();
    await postRsvp(t, withEnd.id, input);
    const [mail] = await deliver(input.email);
    const ev = vevent(mail!.attachments.find((a) => a.filename === 'event.ics')!.content);
    expect(dateOf(ev, 'dtstart')).toBe('2031-09-01T16:00:00.000Z');
    expect(dateOf(ev, 'dtend')).toBe('2031-09-01T23:15:00.000Z');
  });

  it('exactly once per state change: replays re-send at most once, each change queues one, delivery does not repeat', async () => {
    const input = rsvpInput();
    const { body } = await postRsvp(t, event.id, input);
    const id = body.rsvp.id as string;
    expect(await deliver(input.email)).toHaveLength(1);

    // The same answer again (a double click, a retried request after a timeout, or someone else
    // typing this address): the address gets its manage link once (rsvps/answer-known-email.ts).
    await Promise.all([postRsvp(t, event.id, input), postRsvp(t, event.id, input)]);
    const linked = await deliver(input.email);
    expect(linked).toHaveLength(1);
    expect(linked[0]!.text).toContain(`${TEST_ORIGIN}${body.manage_url}`);

    const more = await changeAnswer(t, event.id, input, { guest_count: 3 });
    expect(more.status).toBe(200);
    const updated = await deliver(input.email);
    expect(updated.map((m) => m.subject)).toEqual(['Your updated ticket for Harbour Gala']);
    expect(updated[0]!.text).toContain('Guests: 3');

    // Draining again (as after a restart) sends nothing twice: each key was delivered once.
    expect(await drainOutbox(t.deps)).toBe(0);
    const rows = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.idempotency_key, `rsvp:${id}:%`));
    expect(rows.map((r) => [r.idempotency_key, r.status]).sort()).toEqual([
      [`rsvp:${id}:confirmed:1`, 'sent'],
      [`rsvp:${id}:confirmed:2`, 'sent'],
      [expect.stringMatching(`^rsvp:${id}:manage-link:`), 'sent'],
    ]);
  });

  it('declined gets a short acknowledgement without ticket; maybe gets no QR but a tentative calendar entry', async () => {
    const input = rsvpInput({ status: 'declined' });
    const { body } = await postRsvp(t, event.id, input);
    const [ack] = await deliver(input.email);
    expect(ack!.subject).toBe('Thanks for letting us know: Harbour Gala');
    expect(ack!.text).toContain("Sorry you can't make it to Harbour Gala.");
    expect(ack!.text).not.toContain('/ticket/');
    expect(ack!.text).not.toContain('PIN');
    expect(ack!.attachments).toHaveLength(0);

    await changeAnswer(t, event.id, input, { status: 'maybe' });
    const [maybe] = await deliver(input.email);
    expect(maybe!.subject).toBe('You might come to Harbour Gala');
    expect(maybe!.attachments.map((a) => a.filename)).toEqual(['event.ics']);
    expect(vevent(maybe!.attachments[0]!.content).getFirstPropertyValue('status')).toBe('TENTATIVE');

    await changeAnswer(t, event.id, input, { status: 'confirmed' });
    const [ticket] = await deliver(input.email);
    expect(ticket!.subject).toBe('Your updated ticket for Harbour Gala');
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    expect(ticket!.text).toContain(`${TEST_ORIGIN}/ticket/${row!.ticket_secret}`);
    expect(ticket!.attachments.some((a) => a.cid === 'ticket-qr@turnout')).toBe(true);
  });

  it('a changed answer to "no" cancels the calendar entry; an answer changed before its e-mail went out supersedes it', async () => {
    const input = rsvpInput({ name: 'Grace' });
    const { body } = await postRsvp(t, event.id, input);
    const id = body.rsvp.id as string;
    const [ticket] = await deliver(input.email);
    expect(vevent(ticket!.attachments.find((a) => a.filename === 'event.ics')!.content).getFirstPropertyValue('status')).toBe('CONFIRMED');

    // Maybe, then no, with nothing delivered in between (a backlog, or the maybe e-mail failing for a while).
    await changeAnswer(t, event.id, input, { status: 'maybe' });
    await changeAnswer(t, event.id, input, { status: 'declined' });
    const mails = await deliver(input.email);
    expect(mails.map((m) => m.subject)).toEqual(['Thanks for letting us know: Harbour Gala']);
    const [no] = mails;
    expect(no!.text).toContain('The attached calendar file marks the event as cancelled in your calendar.');
    const cancel = vevent(no!.attachments.find((a) => a.filename === 'event.ics')!.content);
    const first = vevent(ticket!.attachments.find((a) => a.filename === 'event.ics')!.content);
    expect(cancel.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.getFirstPropertyValue('uid')).toBe(first.getFirstPropertyValue('uid'));
    expect(Number(cancel.getFirstPropertyValue('sequence'))).toBeGreaterThan(Number(first.getFirstPropertyValue('sequence')));
    const rows = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.idempotency_key, `rsvp:${id}:%`));
    expect(rows.map((r) => [r.idempotency_key, r.status]).sort()).toEqual([
      [`rsvp:${id}:confirmed:1`, 'sent'],
      [`rsvp:${id}:declined:3`, 'sent'],
      [`rsvp:${id}:maybe:2`, 'superseded'],
    ]);
  });

  it('"maybe" on a paid event points to the event page, not to a free "yes"', async () => {
    const paid = await insertEvent(t, {
      title: 'Ticketed Gala',
      is_paid_event: true,
      ticket_price: '25.00',
      stripe_publishable_key: 'pk_test_abc',
      stripe_secret_key_enc: 'x',
    });
    const input = rsvpInput({ status: 'maybe' });
    expect((await postRsvp(t, paid.id, input)).status).toBe(201);
    const [maybe] = await deliver(input.email);
    expect(maybe!.text).toContain('If you decide to come, get your ticket on the event page.');
    expect(maybe!.text).not.toContain("Yes, I'll attend");
  });

  it('a refused RSVP (event full) queues nothing', async () => {
    const small = await insertEvent(t, { max_attendees: 1 });
    await postRsvp(t, small.id, rsvpInput());
    await drainOutbox(t.deps);
    const input = rsvpInput();
    expect((await postRsvp(t, small.id, input)).status).toBe(409);
    expect(await deliver(input.email)).toHaveLength(0);
  });
});
