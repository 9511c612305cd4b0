import { Writable } from 'node:stream';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { createLogger } from '../../src/server/logger.ts';
import { drainOutbox } from '../../src/server/modules/outbox/worker.ts';
import { createEvent } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { cookiesFrom, createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

// Issue 29, item 3: the request log, error log and worker log of a whole guest journey hold none of the
// secrets the journey handled, nor the guest's contact details (docs/product.md#privacy-and-safety).
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const logged = () => lines.join('');
const smtp = await startSmtpSink();
const t = await createTestApp({ RATE_LIMIT: 'false', SMTP_URL: smtp.url }, { log: createLogger('debug', sink) });
const owner = await signedInUser(t);

const guest = { name: 'Quintessa Logwatch', email: 'quintessa.logwatch@example.org', phone: '+1 415 555 0177' };
const E164 = '+14155550177';
const cohostEmail = 'cohost.logwatch@example.net';
const password = 'invitation-password-logwatch';

/** Every request of the journey carries a Referer naming the ticket page, as a browser might. */
let referer = `${TEST_ORIGIN}/`;
const get = (p: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) =>
  t.request(p, { ...init, headers: { referer, ...(init.headers as Record<string, string>) } });

async function mailTo(to: string, keyPrefix: string): Promise<EmailPayload> {
  const [row] = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.idempotency_key, `${keyPrefix}%`))
    .orderBy(desc(outbox.created_at));
  const payload = row!.payload as EmailPayload;
  expect(payload.to).toBe(to);
  return payload;
}

describe('secrets stay out of the logs (docs/product.md#privacy-and-safety)', () => {
  it('a whole guest journey: RSVP, e-mails, ticket, QR, manage link, calendar, short link, verification, invitation, team by e-mail', async () => {
    const event = await createEvent(t, owner, { title: 'Logwatch Gala' });

    // The guest answers; the confirmation goes out over SMTP.
    const answered = await get(`/api/public/events/${event.id}/rsvps`, {
      method: 'POST',
      json: { ...guest, guest_count: 1, status: 'confirmed' },
    });
    expect(answered.status).toBe(201);
    const rsvpId: string = (await answered.json()).rsvp.id;
    const [row] = await t.db
      .select({ ticket: event_rsvps.ticket_secret, manage: event_rsvps.manage_secret, qr: event_rsvps.qr_code_data })
      .from(event_rsvps)
      .where(eq(event_rsvps.id, rsvpId));
    const { ticket, manage, qr } = { ticket: row!.ticket, manage: row!.manage, qr: row!.qr! };
    referer = `${TEST_ORIGIN}/ticket/${ticket}?token=${manage}`;

    // The ticket page, its API, its QR images.
    expect((await get(`/ticket/${ticket}`)).status).toBe(200);
    expect((await get(`/api/public/tickets/${ticket}`)).status).toBe(200);
    expect((await get(`/qr/${ticket}.png`)).status).toBe(200);
    expect((await get(`/qr/${ticket}.svg?v=1`)).status).toBe(200);

    // The manage link: page, read, change, and "find my ticket" by e-mail.
    expect((await get(`/rsvp/${manage}`)).status).toBe(200);
    expect((await get(`/api/public/rsvps/${manage}`)).status).toBe(200);
    const changed = await get(`/api/public/rsvps/${manage}`, {
      method: 'PUT',
      json: { name: guest.name, phone: guest.phone, guest_count: 2, status: 'confirmed' },
    });
    expect(changed.status).toBe(200);
    expect((await get('/api/public/find-ticket', { method: 'POST', json: { email: guest.email } })).status).toBe(202);

    // The calendar file, a short link made by the host and opened by the guest.
    expect((await get(`/api/public/events/${event.id}/calendar.ics`)).status).toBe(200);
    const short = await get(`/api/events/${event.id}/rsvps/${rsvpId}/short-link`, {
      method: 'POST',
      json: { target: 'ticket' },
      cookie: owner.cookie,
    });
    const code: string = (await short.json()).code;
    expect((await get(`/s/${code}`)).status).toBe(302);

    // The verification page at the door, in a browser and through its API, with the QR as a query too.
    expect((await get(`/ticket-verification/${encodeURIComponent(qr)}`)).status).toBe(200);
    expect((await get(`/checkin/verify/${encodeURIComponent(qr)}?token=${encodeURIComponent(qr)}`)).status).toBe(200);
    expect((await get('/api/ticket-verification', { method: 'POST', json: { code: qr } })).status).toBe(200);
    expect((await get('/api/ticket-verification', { method: 'POST', json: { code: qr }, cookie: owner.cookie })).status).toBe(200);

    // A co-host invited by e-mail accepts; the owner changes and removes team members by their e-mail.
    expect(
      (await get(`/api/events/${event.id}/hosts`, { method: 'POST', json: { email: cohostEmail }, cookie: owner.cookie })).status,
    ).toBe(201);
    const invitation = await mailTo(cohostEmail, 'host-invite:');
    const token = decodeURIComponent(/accept-invite\?token=([\w%-]+)/.exec(invitation.text)![1]!);
    expect((await get(`/auth/accept-invite?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await get(`/api/invitations/${encodeURIComponent(token)}`)).status).toBe(200);
    const accepted = await get('/api/invitations/accept', { method: 'POST', json: { token, name: 'Sam Door', password } });
    expect(accepted.status).toBe(200);
    const cohostCookie = cookiesFrom(accepted);
    expect((await get(`/api/events/${event.id}`, { cookie: cohostCookie })).status).toBe(200);
    const hostPath = `/api/events/${event.id}/hosts/${encodeURIComponent(cohostEmail)}`;
    expect((await get(hostPath, { method: 'PATCH', json: { role: 'door' }, cookie: owner.cookie })).status).toBe(200);
    expect((await get(hostPath, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(
      (
        await get(`/api/events/${event.id}/hosts/${encodeURIComponent('nobody.logwatch@example.net')}`, {
          method: 'DELETE',
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(404);

    // Every e-mail of the journey (confirmations, manage links, the invitation) goes out: the worker logs each.
    await drainOutbox(t.deps);
    expect(smtp.accepted.length).toBeGreaterThanOrEqual(3);
    await mailTo(guest.email, 'find-ticket:');

    // Failing requests: the database refuses the statement (a 500, logged with its error) on secret routes.
    await t.db.execute('ALTER TABLE event_rsvps RENAME TO event_rsvps_away');
    try {
      expect((await get(`/api/public/tickets/${ticket}`)).status).toBe(500);
      expect((await get(`/api/public/rsvps/${manage}`)).status).toBe(500);
      expect((await get(`/qr/${ticket}.png`)).status).toBe(500);
      expect((await get(`/s/${code}?token=${manage}`)).status).toBe(500);
    } finally {
      await t.db.execute('ALTER TABLE event_rsvps_away RENAME TO event_rsvps');
    }

    const text = logged();
    const secrets = {
      ticket,
      manage,
      qr,
      'qr (url-encoded)': encodeURIComponent(qr),
      code,
      token,
      'token (url-encoded)': encodeURIComponent(token),
      password,
      'guest e-mail': guest.email,
      'guest e-mail (local part)': 'quintessa.logwatch',
      'guest phone': E164,
      'guest phone (digits)': '4155550177',
      'guest name': guest.name,
      'co-host e-mail': cohostEmail,
      'co-host e-mail (local part)': 'cohost.logwatch',
      'co-host e-mail (url-encoded)': encodeURIComponent(cohostEmail),
      'unknown host e-mail': 'nobody.logwatch',
    };
    const found = Object.entries(secrets).filter(([, value]) => text.includes(value));
    expect(found.map(([name]) => name)).toEqual([]);
    // The log did record the journey: each request by its route pattern and ids, the failures with their errors.
    expect(text).toContain('"route":"/api/public/tickets/:ticketSecret"');
    expect(text).toContain('"route":"/rsvp/:manageSecret"');
    expect(text).toContain('"route":"/s/:code"');
    expect(text).toContain(`"eventId":"${event.id}"`);
    expect(text).toContain('unhandled error');
    expect(text).toContain('message sent');
  });
});

afterAll(() => smtp.close());
