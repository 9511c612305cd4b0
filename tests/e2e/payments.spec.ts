/**
 * Paid events on the sandbox payment provider (docs/product.md#payments, docs/decisions/0015-payments.md): the
 * whole paid flow with no network. A guest's 'yes' goes to the sandbox checkout page; Pay comes back to the
 * payment success page with the QR ticket, and the ticket page says 'Paid'; Cancel ends the checkout (the held seats
 * are free at once) and comes back to the event, whose remembered card then offers Pay now; the manage page offers
 * Pay now for an abandoned checkout. Runs on desktop and at 375 px (@mobile).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { TEventAdmin, TPublicEvent } from '../../src/common/schemas/events.ts';
import { createEvent, createOwner, expect, ownerApi, SANDBOX_KEYS, screenshot, test, uniqueEmail } from './fixtures.ts';

test.use({ serverEnv: { PAYMENTS_PROVIDER: 'sandbox' } });

async function createPaidEvent(owner: APIRequestContext, title: string, maxAttendees: number, refunds = false): Promise<TEventAdmin> {
  return createEvent(owner, {
    title,
    subtitle: 'A seated dinner with a tasting menu',
    event_date: '2030-09-12T23:00:00Z',
    end_date: null,
    timezone: 'Europe/Paris',
    location: '12 Rue de Rivoli, Paris',
    max_attendees: maxAttendees,
    is_paid_event: true,
    ticket_price: 42.5,
    currency: 'eur',
    ...SANDBOX_KEYS,
    guest_refunds_allowed: refunds,
  });
}

async function seatsLeft(page: Page, eventId: string): Promise<number | null> {
  const res = await page.request.get(`/api/public/events/${eventId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { event: TPublicEvent }).event.seats_left;
}

/** Opens the RSVP dialog, fills a 'yes' for a party of two and sends it: the browser leaves for the checkout page. */
async function answerYes(page: Page, event: TEventAdmin, name: string, email: string) {
  await page.goto(`/event/${event.slug}`);
  // A paid event speaks tickets (docs/product.md#public-event-page).
  await page.getByRole('button', { name: 'Get tickets', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: event.title });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Tickets').selectOption('2');
  // The price in the event's currency, for the whole party (docs/product.md#rsvp-dialog).
  await expect(dialog).toContainText('2 tickets × €42.50');
  await expect(dialog).toContainText('€85.00');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/sandbox-checkout\//);
}

test(
  'a guest pays on the checkout page and gets the QR ticket, marked paid',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const event = await createPaidEvent(owner, `Supper Club ${testInfo.project.name}`, 10);

    await answerYes(page, event, 'Ada Lovelace', uniqueEmail(testInfo, 'ada'));
    // The sandbox checkout (served by the server): the amount and the event, Pay / Cancel.
    await expect(page.getByText(event.title)).toBeVisible();
    await expect(page.getByText(/85\.00/)).toBeVisible();
    await screenshot(page, testInfo, 'sandbox-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(new RegExp(`/event/${event.slug}/payment-success\\?session_id=cs_`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Your tickets (2) are below')).toBeVisible();
    await expect(page.getByRole('img', { name: `QR code ticket for Ada Lovelace at ${event.title}` })).toBeVisible();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print Ticket' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Event Details' })).toHaveAttribute('href', `/event/${event.slug}`);
    await screenshot(page, testInfo, 'payment-success');

    // Coming back to the page (a reload, a second tab) fulfils nothing twice and shows the same ticket.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();

    // The ticket page of that RSVP, as the e-mail links it, says it is paid.
    const verify = await page.request.get(`/api/public/payments/verify?session_id=${new URL(page.url()).searchParams.get('session_id')}`);
    const { ticket_url } = (await verify.json()) as { ticket_url: string };
    await page.goto(ticket_url);
    await expect(page.getByRole('heading', { level: 1, name: `Thank You - ${event.title}` })).toBeVisible();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    expect(await seatsLeft(page, event.id)).toBe(8);

    // The owner cannot delete the event while it holds a guest's payment, and is told what to do first.
    await createOwner(page, server);
    await page.goto('/admin');
    await page.getByRole('button', { name: `More actions for ${event.title}` }).click();
    await page.getByRole('menuitem', { name: /^Delete event/ }).click();
    await page.getByRole('alertdialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Delete event' }).click();
    const toast = page.getByRole('region', { name: /Notifications/ });
    await expect(toast.getByText('Failed to delete event.')).toBeVisible();
    await expect(toast.getByText(/still has 1 paid guest\. Cancel or delete those RSVPs/)).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('article', { name: event.title })).toBeVisible();
    await screenshot(page, testInfo, 'delete-paid-event-refused');
  },
);

test(
  'a guest who cancels on the checkout page frees the seats of a full event at once, then pays from the event page',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const event = await createPaidEvent(owner, `Wine Tasting ${testInfo.project.name}`, 2);

    await answerYes(page, event, 'Grace Hopper', uniqueEmail(testInfo, 'grace'));
    // While the guest is at the checkout, the party's seats are held: the event is full.
    expect(await seatsLeft(page, event.id)).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL((url) => url.pathname === `/event/${event.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    // Free at once, not when the hold lapses.
    expect(await seatsLeft(page, event.id)).toBe(2);
    const card = page.getByTestId('my-rsvp');
    await expect(card.getByRole('heading', { name: 'Not paid' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'View ticket' })).toHaveCount(0);
    await screenshot(page, testInfo, 'event-card-not-paid');

    // Pay now holds the seats again and goes to a new checkout.
    await card.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/sandbox-checkout\//);
    expect(await seatsLeft(page, event.id)).toBe(0);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();

    await page.goto(`/event/${event.slug}`);
    await expect(card.getByRole('heading', { name: 'Your tickets' })).toBeVisible();
    await expect(card).toContainText('2 tickets, paid.');
    await expect(card.getByRole('link', { name: 'View ticket' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  },
);

test(
  'an abandoned checkout: the manage page says payment pending and pays now; then Paid, and its cancel says the refund',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const event = await createPaidEvent(owner, `Harvest Dinner ${testInfo.project.name}`, 10, true);

    await answerYes(page, event, 'Ada Lovelace', uniqueEmail(testInfo, 'ada'));
    const checkoutUrl = page.url();
    // The guest wanders off; their manage link (as the e-mail or this browser's card gives it) shows where it stands.
    await page.goto(`/event/${event.slug}`);
    const card = page.getByTestId('my-rsvp');
    await expect(card.getByRole('heading', { name: 'Payment pending · 2 guests' })).toBeVisible();
    const manageUrl = await card.getByRole('link', { name: 'Change RSVP' }).getAttribute('href');
    await page.goto(manageUrl!);
    await expect(page.getByRole('heading', { level: 2, name: 'Payment pending · 2 guests' })).toBeVisible();
    await expect(page.getByText('€85.00 for 2 guests')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View ticket' })).toHaveCount(0);
    await screenshot(page, testInfo, 'manage-payment-pending');

    // The checkout still open is the one it goes back to.
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(checkoutUrl);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    expect(await seatsLeft(page, event.id)).toBe(8);

    await page.goto(manageUrl!);
    await expect(page.getByText('Paid · €85.00')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View ticket' })).toBeVisible();
    await expect(page.getByText('Cancelling refunds €85.00 to your card')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel RSVP' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your RSVP?' });
    await expect(confirm).toContainText('Your payment of €85.00 is refunded in full to your card.');
    await screenshot(page, testInfo, 'manage-cancel-refund');
    await confirm.getByRole('button', { name: 'Cancel RSVP' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your RSVP is cancelled' })).toBeVisible();
    await expect(page.getByText('Refunded · €85.00')).toBeVisible();
    expect(await seatsLeft(page, event.id)).toBe(10);
  },
);

test('the payment page without a session, and with an unknown one', async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const event = await createPaidEvent(owner, `Gala ${testInfo.project.name}`, 10);

  await page.goto(`/event/${event.slug}/payment-success`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeVisible();
  await expect(page.getByText('No session ID provided')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Event' })).toHaveAttribute('href', `/event/${event.slug}`);

  await page.goto(`/event/${event.slug}/payment-success?session_id=cs_sandbox_nope`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Event' })).toBeVisible();
});
