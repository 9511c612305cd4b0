/**
 * Ticket types (docs/product.md#ticket-types): the host adds a type in the event dialog; a guest picks a quantity
 * of each type on the event page and gets one page per ticket, each with its QR code and PIN; the door's verdict
 * names the ticket's type. Desktop and 375 px (@mobile).
 */
import { wcagViolations } from '../support/axe.ts';
import { createEvent, createOwner, expect, ownerApi, screenshot, test, uniqueEmail } from './fixtures.ts';

test('the host adds a ticket type in the event dialog', { tag: '@mobile' }, async ({ page, server }, testInfo) => {
  await createOwner(page, server);
  const title = `Typed ${testInfo.project.name}`;
  const res = await page.request.post('/api/events', {
    data: { title, event_date: '2030-07-18T22:00:00.000Z', timezone: 'America/Chicago', location: 'Chicago' },
  });
  expect(res.status()).toBe(201);
  await page.goto('/auth/admin');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  const section = dialog.getByRole('region', { name: 'Ticket types' });
  await expect(section.getByText('No ticket types')).toBeVisible();
  await section.getByRole('button', { name: 'Add a ticket type' }).click();
  await section.getByLabel('Name', { exact: true }).fill('VIP');
  await section.getByLabel('Quantity on sale').fill('20');
  await section.getByLabel('Maximum per order').fill('4');
  // A price needs a paid event: the server says so on the field.
  await section.getByLabel('Price (USD)').fill('50');
  await section.getByRole('button', { name: 'Add ticket type' }).click();
  await expect(section.getByText(/Make this a paid event/)).toBeVisible();
  await section.getByLabel('Price (USD)').fill('0');
  await section.getByRole('button', { name: 'Add ticket type' }).click();
  await expect(section.getByTestId('ticket-type-row')).toHaveText([/VIP.*Free · 0 of 20 taken · up to 4 per order/]);
  expect(await wcagViolations(page)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'ticket-types-host');
});

test(
  'a guest orders two types; each ticket has its page, QR and PIN; the door names the type',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Gala ${testInfo.project.name}`;
    const event = await createEvent(owner, { title, max_attendees: 50 });
    const add = async (data: Record<string, unknown>) =>
      expect((await owner.post(`/api/events/${event.id}/ticket-types`, { data })).status()).toBe(201);
    await add({ name: 'VIP', description: 'Front rows and a drink', price: 0, quantity: 10, max_per_order: 4 });
    await add({ name: 'Table', description: 'One ticket admits the table', price: 0, quantity: 5, admission: 'group' });

    await page.goto(`/event/${event.id}`);
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByText('10 left')).toBeVisible();
    await dialog.getByRole('button', { name: 'One VIP more' }).click();
    await dialog.getByRole('button', { name: 'One VIP more' }).click();
    await dialog.getByRole('button', { name: 'One Table more' }).click();
    await dialog.getByRole('button', { name: 'One Table more' }).click();
    await expect(dialog.getByText('(4 guests)')).toBeVisible();
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(uniqueEmail(testInfo, 'grace'));
    expect(await wcagViolations(page)).toEqual([]);
    await screenshot(page, testInfo, 'ticket-types-picker');
    await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(page.getByText('RSVP Submitted!').first()).toBeVisible();

    // The order's page lists its tickets; each opens its own page with a QR code and a PIN.
    const rows = (await (await owner.get(`/api/events/${event.id}/rsvps`)).json()).rows;
    expect(rows[0].tickets.map((t: { label: string }) => t.label)).toEqual(['VIP · 1 of 2', 'VIP · 2 of 2', 'Table · admits 2']);
    const orderPage = (await (await owner.get(`/api/events/${event.id}/rsvps/${rows[0].id}`)).json()).rsvp?.ticket_url;
    expect(orderPage).toBeTruthy();
    await page.goto(orderPage);
    const list = page.getByRole('region', { name: 'Your tickets' });
    await expect(list.getByRole('link')).toHaveCount(3);
    expect(await wcagViolations(page)).toEqual([]);
    await screenshot(page, testInfo, 'ticket-types-order-page');
    await list.getByRole('link', { name: /VIP · 1 of 2/ }).click();
    await expect(page.getByText('VIP · 1 of 2')).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code ticket/ })).toBeVisible();
    const pin = (await page.getByText(/^\d{3} \d{3}$/).textContent())!.replace(/\s/g, '');
    await screenshot(page, testInfo, 'ticket-types-ticket-page');

    // The door: the owner types the ticket's PIN at the scan page; the verdict names the type.
    await createOwner(page, server);
    await page.goto(`/checkin/scan?event=${event.id}`);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await page.getByLabel('PIN or ticket code').fill(pin);
    await page.getByRole('button', { name: 'Check' }).click();
    const verdict = page.locator('[data-verdict]');
    await expect(verdict).toContainText('Checked in');
    await expect(verdict).toContainText('VIP · 1 of 2 · Grace Hopper');
    await screenshot(page, testInfo, 'ticket-types-door-verdict');
  },
);
