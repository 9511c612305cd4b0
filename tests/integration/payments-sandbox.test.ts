import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

// The sandbox provider (PAYMENTS_PROVIDER=sandbox): the whole paid flow with no network
// (docs/decisions/0015-payments.md).
const t = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'sandbox' });
const owner = await signedInUser(t);

describe('sandbox checkout', () => {
  it('RSVP → the local checkout page → Pay → success page verification → paid ticket, one e-mail', async () => {
    const e = await createEvent(t, owner, paidEventInput({ ticket_price: 7.5, currency: 'eur', max_attendees: 10 }));
    const { status, body } = await postRsvp(t, e.id, rsvpInput({ guest_count: 2, name: 'Grace <b>Hopper</b>' }));
    expect(status).toBe(201);
    const url = new URL(body.checkout_url);
    expect(url.origin).toBe(TEST_ORIGIN);
    const sessionId = url.pathname.split('/').pop()!;

    const page = await t.request(url.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('€15.00');
    expect(html).not.toContain('<b>Hopper'); // the guest's text is escaped

    const paid = await t.request(`${url.pathname}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${TEST_ORIGIN}/event/${e.slug}/payment-success?session_id=${sessionId}`);
    const v = await (await t.request(`/api/public/payments/verify?session_id=${sessionId}`)).json();
    expect(v).toMatchObject({ payment_status: 'paid', event_slug: e.slug, refunded: false });
    const ticket = await (await t.request(`/api/public/tickets/${v.ticket_url.split('/').pop()}`)).json();
    expect(ticket).toMatchObject({ payment_status: 'paid', status: 'confirmed', guest_count: 2 });
    expect(ticket.pin).toMatch(/^\d{6}$/);
    // Paying twice changes nothing.
    expect((await t.request(`${url.pathname}/pay`, { method: 'POST' })).status).toBe(303);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotency_key, `payment:${sessionId}:paid`)),
    ).toHaveLength(1);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    expect(row).toMatchObject({ payment_amount: 1500, payment_currency: 'eur' });
    expect(row!.payment_id).toMatch(/^pi_sandbox_/);
  });

  it('Cancel returns to the event; the hold stays until it lapses; a cross-site post is refused', async () => {
    const e = await createEvent(t, owner, paidEventInput({ max_attendees: 3 }));
    const { body } = await postRsvp(t, e.id, rsvpInput());
    const path = new URL(body.checkout_url).pathname;
    const cancel = await t.request(`${path}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`${TEST_ORIGIN}/event/${e.slug}`);
    const [{ s }] = (await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, e.id))) as [{ s: number }];
    expect(s).toBe(1);
    const cross = await t.app.request(`${TEST_ORIGIN}${path}/pay`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    const v = await (await t.request(`/api/public/payments/verify?session_id=${path.split('/').pop()}`)).json();
    expect(v.payment_status).toBe('pending');
  });

  it('the sandbox pages do not exist with the Stripe provider', async () => {
    const s = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'stripe' });
    expect((await s.request('/sandbox-checkout/cs_sandbox_0123456789abcdef')).status).toBe(404);
  });
});
