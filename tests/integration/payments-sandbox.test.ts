import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { payment_sandbox_sessions } from '../../src/server/db/schema/payments.ts';
import { RefundRefused } from '../../src/server/integrations/payment-provider.ts';
import { sandboxProvider } from '../../src/server/modules/payments/sandbox-provider.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

// The sandbox provider (PAYMENTS_PROVIDER=sandbox): the whole paid flow with no network
// (docs/decisions/0015-payments.md).
const t = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'sandbox' });
const owner = await signedInUser(t);
const seatsTaken = async (id: string) => (await t.db.select({ s: events.seats_taken }).from(events).where(eq(events.id, id)))[0]!.s;

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
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, `payment:${sessionId}:paid`));
    expect(mails).toHaveLength(1);
    // A one-price ticket's e-mail is its first ticket and its receipt: one line, no tax or fee.
    const { subject, confirmation } = mails[0]!.payload as { subject: string; confirmation: { receipt?: unknown } };
    expect(subject).toBe(`Your ticket for ${e.title}`);
    expect(confirmation.receipt).toEqual({
      number: body.rsvp.id.replaceAll('-', '').slice(0, 8).toUpperCase(),
      currency: 'eur',
      lines: [{ name: 'Ticket', quantity: 2, amount: 1500 }],
      discount: null,
      fee: 0,
      tax: null,
      total: 1500,
    });
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    expect(row).toMatchObject({ payment_amount: 1500, payment_currency: 'eur' });
    expect(row!.payment_id).toMatch(/^pi_sandbox_/);
  });

  it('Cancel ends the checkout at once: the seats of a full event are free again, and back to the event; a cross-site post is refused', async () => {
    const e = await createEvent(t, owner, paidEventInput({ max_attendees: 2 }));
    const { body } = await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }));
    const path = new URL(body.checkout_url).pathname;
    const sessionId = path.split('/').pop()!;
    // The event is full while the checkout holds its seats.
    expect((await postRsvp(t, e.id, rsvpInput())).status).toBe(409);
    const cross = await t.app.request(`${TEST_ORIGIN}${path}/cancel`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    expect(await seatsTaken(e.id)).toBe(2);

    const cancel = await t.request(`${path}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`${TEST_ORIGIN}/api/public/events/${e.id}/checkout-cancelled`);
    // Free at once, not when the hold lapses.
    expect(await seatsTaken(e.id)).toBe(0);
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, body.rsvp.id));
    expect(row).toMatchObject({ status: 'declined', payment_status: 'expired' });
    expect((await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }))).status).toBe(201);
    // The cancel URL then leads back to the event page; the cancelled checkout can no longer be paid.
    const back = await t.request(`/api/public/events/${e.id}/checkout-cancelled`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${TEST_ORIGIN}/event/${e.slug}`);
    expect(await (await t.request(path)).text()).toContain('This checkout is no longer open.');
    expect((await t.request(`${path}/pay`, { method: 'POST' })).status).toBe(303);
    const v = await (await t.request(`/api/public/payments/verify?session_id=${sessionId}`)).json();
    expect(v.payment_status).toBe('failed');
    expect(await seatsTaken(e.id)).toBe(2);
  });

  it('the webhook signing secret is write-only (masked when read back, kept when the mask is sent back); refunds switch', async () => {
    const e = await createEvent(
      t,
      owner,
      paidEventInput({ stripe_webhook_secret: 'whsec_abcdefghijklmnop1234', guest_refunds_allowed: true } as never),
    );
    expect(e.stripe_webhook_secret_masked).toBe('…1234');
    expect(e.guest_refunds_allowed).toBe(true);
    expect(JSON.stringify(e)).not.toContain('whsec_abcdefghijklmnop1234');
    const patch = (json: unknown) => t.request(`/api/events/${e.id}`, { method: 'PATCH', json, cookie: owner.cookie });
    const kept = await patch({ stripe_webhook_secret: '…1234', guest_refunds_allowed: false });
    expect(kept.status).toBe(200);
    const after = (await kept.json()).event;
    expect(after).toMatchObject({ stripe_webhook_secret_masked: '…1234', guest_refunds_allowed: false });
    const [row] = await t.db.select({ enc: events.stripe_webhook_secret_enc }).from(events).where(eq(events.id, e.id));
    expect(row!.enc).toBeTruthy();
    const bad = await patch({ stripe_webhook_secret: 'nope' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.stripe_webhook_secret).toBe('The webhook signing secret starts with whsec_.');
    const cleared = await patch({ stripe_webhook_secret: null });
    expect((await cleared.json()).event.stripe_webhook_secret_masked).toBeNull();
  });

  it('a host refunds part, then the rest of an order without ticket types: the sandbox keeps the total, never past it', async () => {
    const e = await createEvent(t, owner, paidEventInput({ ticket_price: 12, currency: 'usd', max_attendees: 10 }));
    const { body } = await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }));
    const path = new URL(body.checkout_url).pathname;
    const sessionId = path.split('/').pop()!;
    expect((await t.request(`${path}/pay`, { method: 'POST' })).status).toBe(303);
    await t.request(`/api/public/payments/verify?session_id=${sessionId}`);
    const refund = (json: Record<string, unknown>) =>
      t.request(`/api/events/${e.id}/rsvps/${body.rsvp.id}/refunds`, { method: 'POST', json, cookie: owner.cookie });
    const session = async () => (await t.db.select().from(payment_sandbox_sessions).where(eq(payment_sandbox_sessions.id, sessionId)))[0]!;
    const part = await refund({ amount: 500, expected_amount: 500 });
    expect(part.status).toBe(200);
    expect((await part.json()).rsvp).toMatchObject({ payment_status: 'paid', refunded_amount: 500, guest_count: 2 });
    expect((await session()).refunded_amount).toBe(500);
    expect(await seatsTaken(e.id)).toBe(2);
    // Tickets of an order without types: none to choose.
    expect((await refund({ ticket_ids: [body.rsvp.id], expected_amount: 1200 })).status).toBe(409);
    const rest = await refund({ expected_amount: 1900 });
    expect(rest.status).toBe(200);
    expect((await rest.json()).refund).toMatchObject({ amount: 1900, order_refunded: true });
    expect((await session()).refunded_amount).toBe(2400);
    expect(await seatsTaken(e.id)).toBe(0);
    // The sandbox itself refuses more than is left, as Stripe does.
    const provider = sandboxProvider(t.db, TEST_ORIGIN);
    const pi = (await session()).payment_intent!;
    await expect(provider.refund({ paymentIntent: pi, idempotencyKey: 'extra', amount: 1 })).rejects.toBeInstanceOf(RefundRefused);
  });

  it('the sandbox pages do not exist with the Stripe provider', async () => {
    const s = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'stripe' });
    expect((await s.request('/sandbox-checkout/cs_sandbox_0123456789abcdef')).status).toBe(404);
  });
});
