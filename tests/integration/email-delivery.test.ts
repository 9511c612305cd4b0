import { afterAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../../src/server/modules/outbox/worker.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { cancelAnswer, changeAnswer, insertEvent, manageSecretOf, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

// Issue 15 item 5: a guest is never told an e-mail is on its way when it only reaches the dev mailbox.
// Every answer after which a page would say so carries `email_delivery`, and it matches where the
// e-mail really goes: a real SMTP server, or the dev mailbox (no SMTP_URL).
const smtp = await startSmtpSink();
const overSmtp = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'sandbox' });
const devMailbox = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'sandbox' });
afterAll(async () => {
  overSmtp.deps.channels.close(); // first: the sink would otherwise wait for the pool's idle connections
  await smtp.close();
});

async function json(t: TestApp, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await t.request(path, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.each([
  { mode: 'smtp', t: overSmtp },
  { mode: 'dev_mailbox', t: devMailbox },
] as const)('e-mail delivery $mode', ({ mode, t }) => {
  it('every answer that mentions an e-mail says where it goes, and the e-mail goes there', async () => {
    const event = await insertEvent(t, { max_attendees: 10 });
    const input = rsvpInput();
    const first = await postRsvp(t, event.id, input);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ email_queued: true, email_delivery: mode });

    const again = await postRsvp(t, event.id, input);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ already_answered: true, email_delivery: mode });

    const secret = await manageSecretOf(t, event.id, input.email);
    const read = await json(t, `/api/public/rsvps/${secret}`);
    expect(read.status).toBe(200);
    expect((read.body.rsvp as Record<string, unknown>).email_delivery).toBe(mode);
    const changed = await changeAnswer(t, event.id, input, { guest_count: 2 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email_queued: true, rsvp: { email_delivery: mode } });
    const cancelled = await cancelAnswer(t, secret);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ email_queued: true, rsvp: { email_delivery: mode } });

    const found = await json(t, '/api/public/find-ticket', { method: 'POST', json: { email: input.email } });
    expect(found).toEqual({ status: 202, body: { ok: true, email_delivery: mode } });

    // Where the queued e-mails really went.
    const before = smtp.accepted.length;
    await drainOutbox(t.deps);
    const rows = await t.db.execute<{ via: string; n: number }>(
      `select delivered_via as via, count(*)::int as n from outbox where status = 'sent' and payload->>'to' = '${input.email}' group by 1`,
    );
    const to = (m: (typeof smtp.accepted)[number]) => (m.to && !Array.isArray(m.to) ? m.to.text : '');
    if (mode === 'smtp') {
      expect(rows.rows).toEqual([{ via: 'smtp', n: expect.any(Number) }]);
      expect(smtp.accepted.slice(before).filter((m) => to(m) === input.email).length).toBe(rows.rows[0]!.n);
    } else {
      expect(rows.rows).toEqual([{ via: 'dev-mailbox', n: expect.any(Number) }]);
      expect(smtp.accepted.slice(before).filter((m) => to(m) === input.email)).toEqual([]);
    }
  });

  it('so does the answer to a password recovery request', async () => {
    const u = await signedInUser(t);
    const res = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: u.email } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true, email_delivery: mode });
  });

  it("the payment success page's verification says it too", async () => {
    const owner = await signedInUser(t);
    const e = await createEvent(t, owner, paidEventInput({ max_attendees: 5 }));
    const { body } = await postRsvp(t, e.id, rsvpInput());
    const path = new URL(body.checkout_url).pathname;
    expect((await t.request(`${path}/pay`, { method: 'POST' })).status).toBe(303);
    const v = await json(t, `/api/public/payments/verify?session_id=${path.split('/').pop()}`);
    expect(v.body).toMatchObject({ payment_status: 'paid', email_delivery: mode });
  });
});
