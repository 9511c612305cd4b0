import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TDevMailMessage, TDevMailPage } from '../../src/common/schemas/dev-mailbox.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { enqueueEmail, enqueueSms } from '../../src/server/domain/enqueue.ts';
import { drainOutbox } from '../../src/server/modules/outbox/worker.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';
import { insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { decodePng } from '../support/qr.ts';

// No SMTP_URL and no TWILIO_*: every message stays in the dev mailbox.
const t = await createTestApp();
const admin = await signedInUser(t, { role: 'admin' });
const host = await signedInUser(t, { role: 'host' });

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const ICS = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';

await t.db.transaction((tx) =>
  enqueueEmail(tx, 'dev:mail', {
    to: 'guest@example.com',
    subject: 'You are invited',
    text: 'Join us on Friday.',
    html: '<h1>Join us</h1><img src="cid:qr@turnout" alt="QR"><script>alert(1)</script>',
    attachments: [
      { filename: 'qr.png', contentType: 'image/png', contentBase64: PNG_1PX, cid: 'qr@turnout' },
      { filename: 'event.ics', contentType: 'text/calendar', contentBase64: Buffer.from(ICS).toString('base64') },
    ],
  }),
);
await drainOutbox(t.deps);
await t.db.transaction((tx) => enqueueSms(tx, 'dev:sms', { to: '+14155550123', body: 'See you Friday!' }));
await drainOutbox(t.deps);

const get = async <T>(p: string) => {
  const res = await t.request(p, { cookie: admin.cookie });
  expect(res.status, p).toBe(200);
  return (await res.json()) as T;
};

describe('dev mailbox delivery', () => {
  it('marks messages sent via the dev mailbox when no channel is configured', async () => {
    const rows = await t.db.select({ key: outbox.idempotency_key, status: outbox.status, via: outbox.delivered_via }).from(outbox);
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: 'dev:mail', status: 'sent', via: 'dev-mailbox' },
        { key: 'dev:sms', status: 'sent', via: 'dev-mailbox' },
      ]),
    );
  });
});

describe('GET /api/dev-mailbox', () => {
  it('needs a signed-in admin', async () => {
    expect((await t.request('/api/dev-mailbox')).status).toBe(401);
    expect((await t.request('/api/dev-mailbox', { cookie: host.cookie })).status).toBe(403);
    const [one] = await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.idempotency_key, 'dev:mail'));
    expect((await t.request(`/api/dev-mailbox/${one?.id}`)).status).toBe(401);
    expect((await t.request(`/api/dev-mailbox/${one?.id}`, { cookie: host.cookie })).status).toBe(403);
    expect((await t.request(`/api/dev-mailbox/${one?.id}/attachments/0`, { cookie: host.cookie })).status).toBe(403);
  });

  it('lists newest first, filters by channel, and pages with a cursor', async () => {
    const all = await get<TDevMailPage>('/api/dev-mailbox');
    expect(all.items.map((m) => m.channel)).toEqual(['sms', 'email']);
    expect(all.items[0]).toMatchObject({ to: '+14155550123', subject: null, preview: 'See you Friday!', attachmentCount: 0 });
    expect(all.items[1]).toMatchObject({
      to: 'guest@example.com',
      subject: 'You are invited',
      preview: 'Join us on Friday.',
      attachmentCount: 2,
    });
    expect(all.nextCursor).toBeNull();

    const emails = await get<TDevMailPage>('/api/dev-mailbox?channel=email');
    expect(emails.items.map((m) => m.subject)).toEqual(['You are invited']);

    const page1 = await get<TDevMailPage>('/api/dev-mailbox?limit=1');
    expect(page1.items.map((m) => m.channel)).toEqual(['sms']);
    expect(page1.nextCursor).toBe(page1.items[0]?.id);
    const page2 = await get<TDevMailPage>(`/api/dev-mailbox?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.items.map((m) => m.channel)).toEqual(['email']);
    expect(page2.nextCursor).toBeNull();
  });

  it('rejects bad filters with a 400 naming the field', async () => {
    const res = await t.request('/api/dev-mailbox?channel=fax', { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty('channel');
  });
});

describe('GET /api/dev-mailbox/:id', () => {
  it('renders an e-mail: HTML with inline images as data URLs, text, attachment list and download', async () => {
    const { items } = await get<TDevMailPage>('/api/dev-mailbox?channel=email');
    const m = await get<TDevMailMessage>(`/api/dev-mailbox/${items[0]?.id}`);
    expect(m).toMatchObject({
      channel: 'email',
      to: 'guest@example.com',
      subject: 'You are invited',
      text: 'Join us on Friday.',
      idempotencyKey: 'dev:mail',
    });
    expect(m.html).toContain(`<img src="data:image/png;base64,${PNG_1PX}" alt="QR">`);
    expect(m.html).not.toContain('cid:');
    expect(m.attachments).toEqual([
      { index: 0, filename: 'qr.png', contentType: 'image/png', size: Buffer.from(PNG_1PX, 'base64').length, cid: 'qr@turnout' },
      { index: 1, filename: 'event.ics', contentType: 'text/calendar', size: ICS.length, cid: null },
    ]);

    const file = await t.request(`/api/dev-mailbox/${m.id}/attachments/1`, { cookie: admin.cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/calendar');
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="event.ics"');
    expect(await file.text()).toBe(ICS);
    expect((await t.request(`/api/dev-mailbox/${m.id}/attachments/7`, { cookie: admin.cookie })).status).toBe(404);
  });

  it('shows an SMS body', async () => {
    const { items } = await get<TDevMailPage>('/api/dev-mailbox?channel=sms');
    const m = await get<TDevMailMessage>(`/api/dev-mailbox/${items[0]?.id}`);
    expect(m).toMatchObject({ channel: 'sms', to: '+14155550123', subject: null, text: 'See you Friday!', html: null, attachments: [] });
  });

  it('answers 404 for an unknown message and for a malformed id (naming the id)', async () => {
    expect((await t.request('/api/dev-mailbox/00000000-0000-4000-8000-000000000000', { cookie: admin.cookie })).status).toBe(404);
    const malformed = await t.request('/api/dev-mailbox/not-a-uuid', { cookie: admin.cookie });
    expect(malformed.status).toBe(404);
    expect((await malformed.json()).error.fields).toEqual({ id: 'must be a message id' });
  });
});

describe('a ticket QR queued as its text', () => {
  it('is drawn when delivered: inline in the HTML and as the attachment, the same PNG, carrying the text', async () => {
    const url = 'https://turnout.test/ticket-verification/tok3n_abc';
    await t.db.transaction((tx) =>
      enqueueEmail(tx, 'dev:qr', {
        to: 'guest@example.com',
        subject: 'Your ticket',
        text: 'See you.',
        html: '<img src="cid:ticket-qr@turnout" alt="Ticket QR">',
        attachments: [{ filename: 'ticket-qr.png', contentType: 'image/png', qrPngOf: url, cid: 'ticket-qr@turnout' }],
      }),
    );
    await drainOutbox(t.deps);
    const [row] = await t.db.select({ id: outbox.id, status: outbox.status }).from(outbox).where(eq(outbox.idempotency_key, 'dev:qr'));
    expect(row?.status).toBe('sent');
    const m = await get<TDevMailMessage>(`/api/dev-mailbox/${row?.id}`);
    const file = await t.request(`/api/dev-mailbox/${row?.id}/attachments/0`, { cookie: admin.cookie });
    expect(file.headers.get('content-type')).toContain('image/png');
    const png = Buffer.from(await file.arrayBuffer());
    expect(await decodePng(png)).toBe(url);
    expect(m.html).toBe(`<img src="data:image/png;base64,${png.toString('base64')}" alt="Ticket QR">`);
    expect(m.attachments).toEqual([
      { index: 0, filename: 'ticket-qr.png', contentType: 'image/png', size: png.length, cid: 'ticket-qr@turnout' },
    ]);
  });
});

describe('a confirmation queued as its input', () => {
  it('is a small row, rendered when delivered: list preview and count, HTML, text, QR and calendar file', async () => {
    const event = await insertEvent(t, { title: 'Queued Night', event_date: new Date('2031-05-17T18:30:00Z'), timezone: 'Europe/Berlin' });
    const res = await postRsvp(t, event.id, rsvpInput({ name: 'Ada Queue', email: 'ada.queue@example.com' }));
    expect(res.status).toBe(201);
    const [queued] = await t.db
      .select({ id: outbox.id, payload: outbox.payload, size: sql<number>`pg_column_size(${outbox.payload})` })
      .from(outbox)
      .where(eq(outbox.idempotency_key, `rsvp:${res.body.rsvp.id}:confirmed:1`));
    expect(queued?.payload).toMatchObject({ to: 'ada.queue@example.com', subject: 'Your ticket for Queued Night' });
    expect(queued?.payload).not.toHaveProperty('html');
    expect(queued!.size).toBeLessThan(2_000); // stored inline, never compressed or moved out of line
    await drainOutbox(t.deps);

    const { items } = await get<TDevMailPage>('/api/dev-mailbox?channel=email');
    expect(items.find((i) => i.id === queued!.id)).toMatchObject({
      subject: 'Your ticket for Queued Night',
      preview: expect.stringMatching(/^Hi Ada Queue,/),
      attachmentCount: 2,
    });
    const m = await get<TDevMailMessage>(`/api/dev-mailbox/${queued!.id}`);
    expect(m.html).toContain('Queued Night');
    expect(m.text).toMatch(/PIN: \d{6}/);
    expect(m.text).toContain('Saturday, May 17, 2031');
    const qr = await t.request(`/api/dev-mailbox/${queued!.id}/attachments/0`, { cookie: admin.cookie });
    expect(await decodePng(Buffer.from(await qr.arrayBuffer()))).toMatch(/\/ticket-verification\//);
    const ics = await (await t.request(`/api/dev-mailbox/${queued!.id}/attachments/1`, { cookie: admin.cookie })).text();
    expect(ics).toContain('DTSTART:20310517T183000Z');
  });
});
